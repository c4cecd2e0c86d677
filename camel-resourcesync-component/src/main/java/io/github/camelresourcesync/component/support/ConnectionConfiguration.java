package io.github.camelresourcesync.component.support;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.WeakHashMap;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpProtocol;
import org.apache.camel.CamelContext;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;
import org.apache.camel.support.jsse.SSLContextParameters;

/**
 * How every outbound request is sent: timeouts, protocol version, proxy, TLS and the user's credentials. The options
 * every scheme that sends requests honours; {@link HttpConfiguration} adds what only the schemes that follow links and
 * redirects honour. Held by the endpoint and the component of each scheme (as camel-aws2-s3 holds its configuration):
 * the component's values ({@code camel.component.<scheme>.*}) are the defaults each endpoint starts from. The defaults
 * are those of {@link FetcherConfig}; {@link #fetcherConfig} is the one place the options become one.
 */
@UriParams
public class ConnectionConfiguration extends TemplateConfiguration<ConnectionConfiguration> {

    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_CONNECT_TIMEOUT_MILLIS,
              javaType = "java.time.Duration",
              description = "Timeout to establish a connection.")
    private long connectTimeout = FetcherConfig.DEFAULT_CONNECT_TIMEOUT_MILLIS;
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_READ_TIMEOUT_MILLIS,
              javaType = "java.time.Duration",
              description = "Timeout waiting for data on a connection, per read (also for the response headers).")
    private long readTimeout = FetcherConfig.DEFAULT_READ_TIMEOUT_MILLIS;
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_REQUEST_TIMEOUT_MILLIS,
              javaType = "java.time.Duration",
              description = """
                  Deadline of one request as a whole (connecting, headers and the whole body): a server that \
                  trickles bytes just under readTimeout cannot hold a fetch for ever. Raise it for resources of many \
                  gigabytes over slow links; 0 disables.""")
    private long requestTimeout = FetcherConfig.DEFAULT_REQUEST_TIMEOUT_MILLIS;
    @UriParam(label = "http", defaultValue = FetcherConfig.DEFAULT_USER_AGENT, description = "The User-Agent header.")
    private String userAgent = FetcherConfig.DEFAULT_USER_AGENT;
    @UriParam(label = "http", defaultValue = FetcherConfig.DEFAULT_HTTP_VERSION, enums = "auto,1.1,2",
              description = """
                  HTTP version: `auto` speaks HTTP/2 to `https://` servers that offer it (ALPN), many requests in \
                  flight on one connection, and HTTP/1.1 keep-alive to the others and to cleartext `http://`; `1.1` \
                  never HTTP/2; `2` HTTP/2 only, over cleartext by prior knowledge.""")
    private String httpVersion = FetcherConfig.DEFAULT_HTTP_VERSION;
    @UriParam(label = "http,proxy", description = "HTTP proxy host; default: the JVM's proxy settings.")
    private String proxyHost;
    @UriParam(label = "http,proxy", description = "HTTP proxy port.")
    private int proxyPort;

    @UriParam(label = "security", description = """
                                      TLS configuration (trust store, key store, protocols) as Camel \
                                      `SSLContextParameters`.""")
    private SSLContextParameters sslContextParameters;
    @UriParam(label = "security", secret = true,
              description = """
                  User for HTTP Basic authentication, sent only to the host of each request made (not to redirect \
                  targets elsewhere). The META-SHARE bridge sends it in the node's login form instead. Default: the \
                  user-info of the configured URL.""")
    private String username;
    @UriParam(label = "security", secret = true,
              description = "Password for `username` (never logged).")
    private String password;

    /**
     * The fetch policy of requests that start at {@code configured}, the URL the user gave (credentials in its
     * user-info become Basic credentials for its origin unless {@code username} or a bearer token is set): allowed
     * hosts are its host and subdomains, local URLs only when it is local ({@link #followed} may widen both).
     */
    public FetcherConfig fetcherConfig(CamelContext context, URI configured) {
        FetcherConfig c = new FetcherConfig().connectTimeout(Duration.ofMillis(connectTimeout))
                .readTimeout(Duration.ofMillis(readTimeout)).requestTimeout(Duration.ofMillis(requestTimeout))
                .userAgent(userAgent).sslContext(sslContext(context))
                .httpVersion(HttpProtocol.parse(httpVersion))
                .proxyHost(proxyHost).proxyPort(proxyPort)
                .username(username).password(password)
                .allowedHosts(AllowedHosts.forConfiguredUrl(configured, null));
        followed(c, configured);
        String userInfo = configured.getUserInfo();
        if (username == null && c.bearerToken() == null && userInfo != null) {
            // http://user:pass@host/ works as in a browser, as Basic credentials for that origin
            int colon = userInfo.indexOf(':');
            c.username(colon < 0 ? userInfo : userInfo.substring(0, colon))
                    .password(colon < 0 ? null : userInfo.substring(colon + 1));
        }
        return c;
    }

    /**
     * Applies the options of the schemes that follow links and redirects ({@link HttpConfiguration}); none here: the
     * scheme holding only this class sends every request to its node and takes redirects as answers
     * ({@code MetashareClient.policy}).
     */
    protected void followed(FetcherConfig config, URI configured) {
    }

    /**
     * The TLS context made of each {@link SSLContextParameters} bean: the connection pools are shared by endpoints of
     * the same settings, the TLS context among them, so a bean used by a thousand routes must make one context (one
     * made per endpoint gave each route its own pool and connections to the same host).
     */
    private static final Map<SSLContextParameters, javax.net.ssl.SSLContext> TLS_CONTEXTS = new WeakHashMap<>();

    private javax.net.ssl.SSLContext sslContext(CamelContext context) {
        if (sslContextParameters == null) {
            return null;
        }
        try {
            synchronized (TLS_CONTEXTS) {
                javax.net.ssl.SSLContext made = TLS_CONTEXTS.get(sslContextParameters);
                if (made == null) {
                    made = sslContextParameters.createSSLContext(context);
                    TLS_CONTEXTS.put(sslContextParameters, made);
                }
                return made;
            }
        } catch (Exception e) {
            throw new RuntimeCamelException("sslContextParameters: cannot create the TLS context: " + e.getMessage(),
                    e);
        }
    }

    /** Never the secrets: configurations may end up in logs. */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + describe() + "]";
    }

    /** The configuration for {@link #toString}, without secrets. */
    protected String describe() {
        return "username=" + (username == null ? "none" : "set") + ", password=" + (password == null ? "none" : "set");
    }

    public String getHttpVersion() {
        return httpVersion;
    }

    public void setHttpVersion(String httpVersion) {
        this.httpVersion = httpVersion;
    }

    public long getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(long connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public long getReadTimeout() {
        return readTimeout;
    }

    public void setReadTimeout(long readTimeout) {
        this.readTimeout = readTimeout;
    }

    public long getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(long requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    public String getUserAgent() {
        return userAgent;
    }

    public void setUserAgent(String userAgent) {
        this.userAgent = userAgent;
    }

    public String getProxyHost() {
        return proxyHost;
    }

    public void setProxyHost(String proxyHost) {
        this.proxyHost = proxyHost;
    }

    public int getProxyPort() {
        return proxyPort;
    }

    public void setProxyPort(int proxyPort) {
        this.proxyPort = proxyPort;
    }

    public SSLContextParameters getSslContextParameters() {
        return sslContextParameters;
    }

    public void setSslContextParameters(SSLContextParameters sslContextParameters) {
        this.sslContextParameters = sslContextParameters;
    }

    public String getUsername() {
        return username;
    }

    /** Empty is not set, as an empty URI option is (the Kamelets hand their secrets over as beans, empty when not given). */
    public void setUsername(String username) {
        this.username = username == null || username.isEmpty() ? null : username;
    }

    public String getPassword() {
        return password;
    }

    /** Empty is not set, as for {@link #setUsername}. */
    public void setPassword(String password) {
        this.password = password == null || password.isEmpty() ? null : password;
    }

}
