package io.github.camelresourcesync;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * HTTP credentials (Basic or Bearer) for the endpoints that send them with every request ({@code resourcesync},
 * {@code resourcesync-atompmh}). The fetcher sends them only to the origin of each request, never across a redirect
 * to another host; the META-SHARE bridge logs in with a form instead and has its own {@code username} and
 * {@code password}.
 */
@UriParams
public class HttpAuthOptions {

    @UriParam(label = "security", secret = true)
    private String username;
    @UriParam(label = "security", secret = true)
    private String password;
    @UriParam(label = "security", secret = true)
    private String bearerToken;

    /** Sets the credentials on {@code config}; returns it for chaining. */
    public FetcherConfig applyTo(FetcherConfig config) {
        return config.username(username).password(password).bearerToken(bearerToken);
    }

    public String getUsername() {
        return username;
    }

    /** User for HTTP Basic authentication, sent only to the host of each request made (not to redirect targets). */
    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    /** Password for HTTP Basic authentication. */
    public void setPassword(String password) {
        this.password = password;
    }

    public String getBearerToken() {
        return bearerToken;
    }

    /** Token sent as `Authorization: Bearer`; takes precedence over Basic. */
    public void setBearerToken(String bearerToken) {
        this.bearerToken = bearerToken;
    }

    /** Never the values: an endpoint's options may end up in logs and exceptions. */
    @Override
    public String toString() {
        return "HttpAuthOptions[username=" + (username == null ? "none" : "set") + ", password="
               + (password == null ? "none" : "set") + ", bearerToken=" + (bearerToken == null ? "none" : "set") + "]";
    }
}
