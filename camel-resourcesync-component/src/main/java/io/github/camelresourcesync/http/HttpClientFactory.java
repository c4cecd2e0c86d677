package io.github.camelresourcesync.http;

import java.net.ProxySelector;
import java.time.Duration;
import java.util.function.Consumer;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.H2AsyncClientBuilder;
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
 * {@link FetcherConfig#httpVersion()} chooses the clients: {@code 1.1}, or a configured proxy, the classic client
 * (HTTP/1.1 keep-alive) alone; otherwise a {@link ProtocolRouter} over the classic client, an HTTP/2 client (every
 * request to a host multiplexed over one connection) and, for {@code auto}, a client that learns by ALPN which of
 * the two a host speaks. The same interceptors (allowed hosts on every hop, credentials to the origin only) run on
 * every client.
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
        boolean proxyConfigured = config.proxyHost() != null && !config.proxyHost().isBlank();
        if (config.httpVersion() == HttpProtocol.HTTP_1_1 || proxyConfigured) {
            // through a proxy: HTTP/1.1 (the documented fall back; HTTP/2 is not tunnelled)
            return classic(config);
        }
        Duration probeWait = LEASE_WAIT.plus(config.connectTimeout()).plus(config.readTimeout());
        return new ProtocolRouter(classic(config),
                config.httpVersion() == HttpProtocol.AUTO ? negotiating(config) : null, h2(config), true, probeWait);
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
        userAgent(config, builder::setUserAgent);
        if (config.proxyHost() != null && !config.proxyHost().isBlank()) {
            builder.setProxy(new HttpHost(config.proxyHost(), config.proxyPort() > 0 ? config.proxyPort() : -1));
        } else if (ProxySelector.getDefault() != null) {
            // honours -Dhttp.proxyHost / -Dhttps.proxyHost / http.nonProxyHosts like the rest of the JVM
            builder.setProxySelector(ProxySelector.getDefault());
        }
        return builder.build();
    }

    /**
     * The HTTP/2 client: one connection per host carries every request as a stream (up to the server's limit of
     * concurrent streams; more wait for a free one), opened again after a GOAWAY. h2 by ALPN over TLS, prior knowledge
     * over cleartext. No content coding is asked for (the async clients decode none).
     */
    private static CloseableHttpClient h2(FetcherConfig config) {
        H2AsyncClientBuilder builder = H2AsyncClientBuilder.create()
                .setTlsStrategy(tlsStrategy(config))
                .setDefaultConnectionConfig(connectionConfig(config))
                .setDefaultRequestConfig(requestConfig(config, false))
                .setH2Config(h2Config())
                .setIOReactorConfig(ioReactor(config))
                .disableAutomaticRetries()
                .addRequestInterceptorFirst(new HostCheckInterceptor())
                .addRequestInterceptorLast(new OriginAuthInterceptor())
                .evictIdleConnections(EVICT_IDLE_AFTER);
        userAgent(config, builder::setUserAgent);
        return blocking(builder.build(), config);
    }

    private static H2Config h2Config() {
        return H2Config.custom().setPushEnabled(false).setInitialWindowSize(AsyncBodyPipe.WINDOW).build();
    }

    private static IOReactorConfig ioReactor(FetcherConfig config) {
        return IOReactorConfig.custom().setIoThreadCount(IO_THREADS).setSoTimeout(Timeout.of(config.readTimeout()))
                .build();
    }

    /** Starts {@code client} and puts the blocking face the fetcher uses on it. */
    private static CloseableHttpClient blocking(CloseableHttpAsyncClient client, FetcherConfig config) {
        client.start();
        Duration headLimit = LEASE_WAIT.plus(config.connectTimeout()).plus(config.readTimeout());
        return new AsyncBlockingClient(client, headLimit, config.readTimeout());
    }

    /**
     * The client of a host's first {@code https://} request in {@code auto}: offers h2 and http/1.1 by ALPN and
     * speaks what the server picks, which tells {@link ProtocolRouter} where the host's later requests go.
     */
    private static CloseableHttpClient negotiating(FetcherConfig config) {
        PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setTlsStrategy(tlsStrategy(config))
                .setMaxConnTotal(Math.max(1, config.maxConnections()))
                .setMaxConnPerRoute(perHost(config))
                .setDefaultConnectionConfig(connectionConfig(config))
                .setDefaultTlsConfig(TlsConfig.custom().setVersionPolicy(HttpVersionPolicy.NEGOTIATE).build())
                .setMessageMultiplexing(true)
                .build();
        HttpAsyncClientBuilder builder = HttpAsyncClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(requestConfig(config, false))
                .setH2Config(h2Config())
                .setIOReactorConfig(ioReactor(config))
                .disableAutomaticRetries()
                .addRequestInterceptorFirst(new HostCheckInterceptor())
                .addRequestInterceptorLast(new OriginAuthInterceptor())
                .evictIdleConnections(EVICT_IDLE_AFTER);
        userAgent(config, builder::setUserAgent);
        return blocking(builder.build(), config);
    }

    /** The configured User-Agent, when there is one, to a client builder (each client kind has its own). */
    private static void userAgent(FetcherConfig config, Consumer<String> setUserAgent) {
        if (config.userAgent() != null && !config.userAgent().isBlank()) {
            setUserAgent.accept(config.userAgent());
        }
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
