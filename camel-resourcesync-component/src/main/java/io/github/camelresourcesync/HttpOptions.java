package io.github.camelresourcesync;

import java.time.Duration;

import javax.net.ssl.SSLContext;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;
import org.apache.camel.support.jsse.SSLContextParameters;

/**
 * The HTTP options every harvesting endpoint has (connection and read timeouts, User-Agent, TLS). {@link
 * SyncEventEndpoint} holds one in a {@code @UriParam} field, as camel-kafka's endpoint holds its
 * {@code KafkaConfiguration}: the options are declared and documented once, and Camel's tooling lists them as each
 * endpoint's own (the generated configurers set them through {@code getHttpOptions()}). The groups only some endpoints
 * have ({@link ProxyOptions}, {@link RetryOptions}, {@link HttpAuthOptions}) are separate classes, so no endpoint
 * gains an option it never had.
 */
@UriParams
public class HttpOptions {

    @UriParam(label = "http", defaultValue = "10000", javaType = "java.time.Duration")
    private long connectTimeout = 10_000;
    @UriParam(label = "http", defaultValue = "30000", javaType = "java.time.Duration")
    private long readTimeout = 30_000;
    @UriParam(label = "http", defaultValue = "camel-resourcesync")
    private String userAgent = "camel-resourcesync";
    @UriParam(label = "security")
    private SSLContextParameters sslContextParameters;

    /**
     * A fetcher configuration from these options, the one place they turn into {@link FetcherConfig}; the endpoint
     * adds its other groups and limits.
     */
    public FetcherConfig fetcherConfig(CamelContext context) throws Exception {
        return new FetcherConfig().connectTimeout(Duration.ofMillis(connectTimeout))
                .readTimeout(Duration.ofMillis(readTimeout)).userAgent(userAgent).sslContext(sslContext(context));
    }

    /** The TLS context of {@code sslContextParameters}, or {@code null} for the JVM's default. */
    public SSLContext sslContext(CamelContext context) throws Exception {
        return sslContextParameters == null ? null : sslContextParameters.createSSLContext(context);
    }

    public long getConnectTimeout() {
        return connectTimeout;
    }

    /** Timeout to establish a connection. */
    public void setConnectTimeout(long connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public long getReadTimeout() {
        return readTimeout;
    }

    /** Timeout waiting for data on a connection (per read). */
    public void setReadTimeout(long readTimeout) {
        this.readTimeout = readTimeout;
    }

    public String getUserAgent() {
        return userAgent;
    }

    /** The `User-Agent` header. */
    public void setUserAgent(String userAgent) {
        this.userAgent = userAgent;
    }

    public SSLContextParameters getSslContextParameters() {
        return sslContextParameters;
    }

    /** TLS configuration (trust store, key store, protocols) as Camel `SSLContextParameters`. */
    public void setSslContextParameters(SSLContextParameters sslContextParameters) {
        this.sslContextParameters = sslContextParameters;
    }
}
