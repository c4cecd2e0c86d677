package io.github.camelresourcesync.testsupport;

import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a harvest test without Camel fetches with: a fetcher (no retries, any host: the test Sources are on loopback)
 * and a fetch pool, both closed after each test. Use as
 * {@code @RegisterExtension final FetchRig rig = new FetchRig(2);}.
 */
public final class FetchRig implements AfterEachCallback {

    private final HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY));
    private final ExecutorService pool;

    public FetchRig(int poolThreads) {
        this.pool = Executors.newFixedThreadPool(poolThreads);
    }

    public HttpFetcher fetcher() {
        return fetcher;
    }

    public ExecutorService pool() {
        return pool;
    }

    /** A harvester of {@code start} that fetches with this rig, each run counting as "test". */
    public Harvester harvester(URI start, HarvestOptions options, SyncStateStore store) {
        return new Harvester(start, options, fetcher, new SitemapReader(), store, pool,
                () -> new SyncProgress("test", 0));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        pool.shutdownNow();
        fetcher.close();
    }
}
