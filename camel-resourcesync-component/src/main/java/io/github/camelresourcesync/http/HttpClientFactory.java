package io.github.camelresourcesync.http;

import java.net.ProxySelector;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the one pooled Apache HttpClient 5 of an {@link HttpFetcher} from its {@link FetcherConfig}; public for the
 * bridges whose protocols need what the fetcher does not do (the META-SHARE login form and session cookie).
 */
public final class HttpClientFactory {

    /** Pooled connections idle this long are checked before reuse, so a connection the server closed is not used. */
    private static final TimeValue VALIDATE_AFTER_INACTIVITY = TimeValue.ofSeconds(1);
    private static final TimeValue EVICT_IDLE_AFTER = TimeValue.ofSeconds(30);

    private HttpClientFactory() {
    }

    public static CloseableHttpClient create(FetcherConfig config) {
        int maxConnections = Math.max(1, config.maxConnections());
        PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setTlsSocketStrategy(tlsStrategy(config))
                .setMaxConnTotal(maxConnections)
                .setMaxConnPerRoute(maxConnections)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(config.connectTimeout()))
                        .setSocketTimeout(Timeout.of(config.readTimeout()))
                        .setValidateAfterInactivity(VALIDATE_AFTER_INACTIVITY)
                        .build())
                .build();

        RequestConfig requests = RequestConfig.custom()
                .setResponseTimeout(Timeout.of(config.readTimeout()))
                .setRedirectsEnabled(config.maxRedirects() > 0)
                .setMaxRedirects(Math.max(config.maxRedirects(), 0))
                // a loop ends at maxRedirects with one clear message instead of a second kind of error
                .setCircularRedirectsAllowed(true)
                .setContentCompressionEnabled(true)
                // no "Upgrade: TLS" probing of plain-HTTP Sources
                .setProtocolUpgradeEnabled(false)
                .build();

        HttpClientBuilder builder = HttpClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(requests)
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

    private static TlsSocketStrategy tlsStrategy(FetcherConfig config) {
        return config.sslContext() != null
                ? new DefaultClientTlsStrategy(config.sslContext())
                : DefaultClientTlsStrategy.createSystemDefault();
    }
}
