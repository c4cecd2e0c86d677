package io.github.camelresourcesync.http;

import java.net.ProxySelector;
import java.time.Duration;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.config.H2Config;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the one pooled Apache HttpClient 5 of an {@link HttpFetcher} from its {@link FetcherConfig}; public for the
 * bridges whose protocols need what the fetcher does not do (the META-SHARE login form and session cookie).
 * <p>
 * {@link FetcherConfig#httpVersion()} chooses the client: {@code 1.1} the classic client (HTTP/1.1 keep-alive);
 * {@code 2} the async client speaking HTTP/2 only (by ALPN over TLS, by prior knowledge over cleartext);
 * {@code auto} the async client for {@code https://} (HTTP/2 when the server offers it by ALPN, else HTTP/1.1) and
 * the classic client for {@code http://}. The async client multiplexes every request to a host over one HTTP/2
 * connection; the same interceptors (allowed hosts on every hop, credentials to the origin only) run on both.
 */
public final class HttpClientFactory {

    /** Pooled connections idle this long are checked before reuse, so a connection the server closed is not used. */
    private static final TimeValue VALIDATE_AFTER_INACTIVITY = TimeValue.ofSeconds(1);
    private static final TimeValue EVICT_IDLE_AFTER = TimeValue.ofSeconds(30);
    /** I/O threads of an async client: HTTP/2 needs few, one connection carries every stream of a host. */
    private static final int IO_THREADS = 2;
    /** How long a request may wait for a pooled connection before the guard of the head wait counts. */
    private static final Duration LEASE_WAIT = Duration.ofMinutes(3);

    private HttpClientFactory() {
    }

    public static CloseableHttpClient create(FetcherConfig config) {
        return switch (config.httpVersion()) {
            case HTTP_1_1 -> classic(config);
            case HTTP_2 -> async(config, HttpVersionPolicy.FORCE_HTTP_2);
            case AUTO -> new ProtocolRouter(classic(config), async(config, HttpVersionPolicy.NEGOTIATE));
        };
    }

    private static CloseableHttpClient classic(FetcherConfig config) {
        int maxConnections = Math.max(1, config.maxConnections());
        PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setTlsSocketStrategy(tlsStrategy(config))
                .setMaxConnTotal(maxConnections)
                .setMaxConnPerRoute(perHost(config))
                .setDefaultConnectionConfig(connectionConfig(config))
                .build();

        HttpClientBuilder builder = HttpClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(requestConfig(config, true))
                // HttpFetcher retries with backoff itself; two retry layers would multiply attempts
                .disableAutomaticRetries()
                // every hop, first: a refused host gets no request at all
                .addRequestInterceptorFirst(new HostCheckInterceptor())
                .addRequestInterceptorLast(new OriginAuthInterceptor())
                .evictIdleConnections(EVICT_IDLE_AFTER);
        if (config.userAgent() != null && !config.userAgent().isBlank()) {
            builder.setUserAgent(config.userAgent());
        }
        if (config.proxyHost() != null && !config.proxyHost().isBlank()) {
            builder.setProxy(new HttpHost(config.proxyHost(), config.proxyPort() > 0 ? config.proxyPort() : -1));
        } else if (ProxySelector.getDefault() != null) {
            // honours -Dhttp.proxyHost / -Dhttps.proxyHost / http.nonProxyHosts like the rest of the JVM
            builder.setProxySelector(ProxySelector.getDefault());
        }
        return builder.build();
    }

    /**
     * The async client: HTTP/2 streams share one connection per host (message multiplexing), HTTP/1.1 connections are
     * leased one request at a time as in the classic pool. Through a proxy the tunnel ({@code CONNECT}) carries TLS
     * and ALPN as a direct connection would. No content coding is asked for (the async client decodes none).
     */
    private static CloseableHttpClient async(FetcherConfig config, HttpVersionPolicy policy) {
        PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setTlsStrategy(tlsStrategy(config))
                .setMaxConnTotal(Math.max(1, config.maxConnections()))
                .setMaxConnPerRoute(perHost(config))
                .setDefaultConnectionConfig(connectionConfig(config))
                .setDefaultTlsConfig(TlsConfig.custom().setVersionPolicy(policy).build())
                .setMessageMultiplexing(true)
                .build();
        HttpAsyncClientBuilder builder = HttpAsyncClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(requestConfig(config, false))
                .setH2Config(H2Config.custom().setPushEnabled(false)
                        .setInitialWindowSize(AsyncBodyPipe.WINDOW).build())
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(IO_THREADS)
                        .setSoTimeout(Timeout.of(config.readTimeout())).build())
                .disableAutomaticRetries()
                .addRequestInterceptorFirst(new HostCheckInterceptor())
                .addRequestInterceptorLast(new OriginAuthInterceptor())
                .evictIdleConnections(EVICT_IDLE_AFTER);
        if (config.userAgent() != null && !config.userAgent().isBlank()) {
            builder.setUserAgent(config.userAgent());
        }
        if (config.proxyHost() != null && !config.proxyHost().isBlank()) {
            builder.setProxy(new HttpHost(config.proxyHost(), config.proxyPort() > 0 ? config.proxyPort() : -1));
        } else if (ProxySelector.getDefault() != null) {
            builder.setProxySelector(ProxySelector.getDefault());
        }
        CloseableHttpAsyncClient client = builder.build();
        client.start();
        Duration headLimit = LEASE_WAIT.plus(config.connectTimeout()).plus(config.readTimeout());
        return new AsyncBlockingClient(client, headLimit, config.readTimeout());
    }

    private static int perHost(FetcherConfig config) {
        int total = Math.max(1, config.maxConnections());
        int perHost = config.maxConnectionsPerHost();
        return perHost <= 0 ? total : Math.min(perHost, total);
    }

    private static ConnectionConfig connectionConfig(FetcherConfig config) {
        return ConnectionConfig.custom()
                .setConnectTimeout(Timeout.of(config.connectTimeout()))
                .setSocketTimeout(Timeout.of(config.readTimeout()))
                .setValidateAfterInactivity(VALIDATE_AFTER_INACTIVITY)
                .build();
    }

    private static RequestConfig requestConfig(FetcherConfig config, boolean compression) {
        return RequestConfig.custom()
                .setResponseTimeout(Timeout.of(config.readTimeout()))
                .setRedirectsEnabled(config.maxRedirects() > 0)
                .setMaxRedirects(Math.max(config.maxRedirects(), 0))
                // a loop ends at maxRedirects with one clear message instead of a second kind of error
                .setCircularRedirectsAllowed(true)
                .setContentCompressionEnabled(compression)
                // no "Upgrade: TLS" probing of plain-HTTP Sources
                .setProtocolUpgradeEnabled(false)
                .build();
    }

    /** The given TLS context, else the JVM's default (which honours {@code javax.net.ssl.trustStore}). */
    private static DefaultClientTlsStrategy tlsStrategy(FetcherConfig config) {
        return config.sslContext() != null
                ? new DefaultClientTlsStrategy(config.sslContext())
                : DefaultClientTlsStrategy.createSystemDefault();
    }
}
