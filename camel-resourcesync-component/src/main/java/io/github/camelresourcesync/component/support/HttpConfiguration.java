package io.github.camelresourcesync.component.support;

import java.net.URI;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * The connection options ({@link ConnectionConfiguration}) and those of the schemes whose requests follow links and
 * redirects: the hosts they may reach, the redirects followed, and a bearer token sent with each request. Held by
 * {@code resourcesync}, {@code resourcesync-atompmh} and the publisher (its hub requests); not by
 * {@code resourcesync-metashare}, which sends every request to its node, takes redirects as answers and logs in by form.
 */
@UriParams
public class HttpConfiguration extends ConnectionConfiguration {

    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_MAX_REDIRECTS,
              description = "Redirects followed per request (every hop is checked against allowedHosts); 0 disables.")
    private int maxRedirects = FetcherConfig.DEFAULT_MAX_REDIRECTS;
    @UriParam(label = "security",
              description = """
                  Hosts that may be fetched from besides the host of the configured URL (Source, feed, node or hub \
                  URL), comma separated; each name also allows its subdomains. Checked on every link followed and \
                  every redirect hop before a request is sent, so a Source cannot steer the harvester at internal \
                  addresses. An asterisk alone allows any host. `file:` and `classpath:` links are read only when \
                  the configured URL is itself local (any host is then allowed), never because a document names \
                  them; other schemes never.""")
    private String allowedHosts;
    @UriParam(label = "security", secret = true,
              description = "Token sent as `Authorization: Bearer`; takes precedence over Basic.")
    private String bearerToken;

    @Override
    protected void followed(FetcherConfig config, URI configured) {
        config.maxRedirects(maxRedirects).bearerToken(bearerToken)
                .allowedHosts(AllowedHosts.forConfiguredUrl(configured, allowedHosts));
    }

    @Override
    public HttpConfiguration copy() {
        return (HttpConfiguration) super.copy();
    }

    @Override
    protected String describe() {
        return "allowedHosts=" + allowedHosts + ", " + super.describe() + ", bearerToken="
               + (bearerToken == null ? "none" : "set");
    }

    public int getMaxRedirects() {
        return maxRedirects;
    }

    public void setMaxRedirects(int maxRedirects) {
        this.maxRedirects = maxRedirects;
    }

    public String getAllowedHosts() {
        return allowedHosts;
    }

    public void setAllowedHosts(String allowedHosts) {
        this.allowedHosts = allowedHosts;
    }

    public String getBearerToken() {
        return bearerToken;
    }

    public void setBearerToken(String bearerToken) {
        this.bearerToken = bearerToken;
    }
}
