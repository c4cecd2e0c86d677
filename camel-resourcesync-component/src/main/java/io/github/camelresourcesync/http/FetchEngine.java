package io.github.camelresourcesync.http;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import javax.net.ssl.SSLContext;

import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.io.CloseMode;

/**
 * The connection pools of a component: one Apache HttpClient (connection pool, idle-connection evictor) per distinct
 * set of connection settings, shared by every {@link HttpFetcher} opened from it. Each fetcher keeps its own policy
 * (allowed hosts, credentials, limits, retries, listener), checked per request, so a thousand endpoints with the
 * same settings cost one pool and one evictor thread instead of a thousand. The {@link HostLimits} are the engine's,
 * whatever the pool: at most so many requests in flight per host, and a host's {@code Retry-After} holds back every
 * fetcher. Thread-safe.
 */
public final class FetchEngine implements AutoCloseable {

    /** What an HttpClient is built from; everything else is per request. */
    private record Settings(Duration connectTimeout, Duration readTimeout, int maxConnections,
                            int maxConnectionsPerHost, int maxRedirects, String userAgent, String proxyHost,
                            int proxyPort, SSLContext sslContext, HttpProtocol httpVersion) {

        static Settings of(FetcherConfig c) {
            return new Settings(c.connectTimeout(), c.readTimeout(), c.maxConnections(), c.maxConnectionsPerHost(),
                    c.maxRedirects(), c.userAgent(), c.proxyHost(), c.proxyPort(), c.sslContext(), c.httpVersion());
        }
    }

    private static final class Pool {
        final CloseableHttpClient client;
        int users;

        Pool(CloseableHttpClient client) {
            this.client = client;
        }
    }

    private final Map<Settings, Pool> pools = new HashMap<>();
    /** One per engine: every fetcher of the component counts its requests to a host together. */
    private final HostLimits hosts = new HostLimits();

    /** A fetcher with {@code config}'s policy over the shared pool of its connection settings; close it when done. */
    public synchronized HttpFetcher open(FetcherConfig config) {
        Settings settings = Settings.of(config);
        Pool pool = pools.computeIfAbsent(settings, s -> new Pool(HttpClientFactory.create(config)));
        pool.users++;
        return new HttpFetcher(config, pool.client, () -> release(settings), hosts);
    }

    private synchronized void release(Settings settings) {
        Pool pool = pools.get(settings);
        if (pool != null && --pool.users == 0) {
            pools.remove(settings);
            pool.client.close(CloseMode.GRACEFUL);
        }
    }

    /** The politeness state of every host this engine's fetchers reach. */
    public HostLimits hosts() {
        return hosts;
    }

    /** Connection pools open now (for tests and the dev console). */
    public synchronized int pools() {
        return pools.size();
    }

    @Override
    public synchronized void close() {
        pools.values().forEach(p -> p.client.close(CloseMode.GRACEFUL));
        pools.clear();
    }
}
