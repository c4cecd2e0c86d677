package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.github.camelresourcesync.harvest.DiscoveredSource;
import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.xml.SitemapReader;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every consumer of a {@code resourcesync:} endpoint shares, whatever its mode: the {@link Harvester} over the
 * Source (its discoveries claim their state keys, its gaps are counted), the resume points of the Capability Lists it
 * follows, and forgetting what it cached after a failed poll. {@link ResourceSyncEndpoint} chooses the consumer by
 * {@code mode}, as camel-atom's {@code FeedEndpoint} chooses between its two: {@link ResourceSyncConsumer} syncs,
 * {@link ResourceSyncAuditConsumer} audits, {@link ResourceSyncValidateConsumer} validates the Source.
 */
public abstract class AbstractResourceSyncConsumer extends SyncEventPollingConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(AbstractResourceSyncConsumer.class);

    private Harvester harvester;

    protected AbstractResourceSyncConsumer(ResourceSyncEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    public ResourceSyncEndpoint getEndpoint() {
        return (ResourceSyncEndpoint) super.getEndpoint();
    }

    /** Builds the harvester; a subclass adds what its mode needs after this. */
    @Override
    protected Harvester prepare(SyncStateStore store, HttpFetcher fetcher) throws Exception {
        ResourceSyncEndpoint ep = getEndpoint();
        // no pool when nothing is fetched: a dump package is then never read for its bitstreams
        FetchAheadRun.Fetching fetching = ep.isFetchContent() ? fetching()
                : new FetchAheadRun.Fetching(null, 1, ep.fetcherConfig().longestFetch());
        harvester = new Harvester(ep.sourceUri(), ep.harvestOptions(), fetcher,
                new SitemapReader(ep.getMaxEntriesPerDocument()), store, fetching, progress());
        harvester.gapListener(getStatistics());
        harvester.discoveryCheck(found -> {
            Map<String, String> keys = new LinkedHashMap<>();
            found.forEach(s -> keys.put(s.key(), "the Capability List " + s.capabilityList()));
            claimStateKeys(keys);
        });
        return harvester;
    }

    /** The harvester over the Source, once started. */
    protected Harvester harvester() {
        return harvester;
    }

    /** The committed state of each Capability List followed (known once discovery ran). */
    @Override
    public Map<String, SourceState> sourceStates() {
        Map<String, SourceState> m = new LinkedHashMap<>();
        Harvester h = harvester;
        SyncStateStore store = store();
        if (h != null && store != null) {
            for (DiscoveredSource s : h.followedSources()) {
                m.put(s.key(), store.source(s.key()));
            }
        }
        return m;
    }

    /**
     * Sends one exchange that is not a sync event (a report, a finding): a failure goes to the exception handler,
     * naming {@code what} failed, and the run goes on.
     */
    protected void sendOne(Consumer<Message> fill, String what) {
        Exchange exchange = createExchange(false);
        try {
            fill.accept(exchange.getIn());
            getProcessor().process(exchange);
        } catch (Exception e) {
            exchange.setException(e);
        }
        if (exchange.getException() != null) {
            getExceptionHandler().handleException(what + " failed", exchange, exchange.getException());
        }
        releaseExchange(exchange, false);
    }

    /** Logs an audit's or a validation's report to the mode's logger: at INFO when all is well, else at WARN. */
    protected static void logReport(Logger log, boolean good, Object report) {
        if (good) {
            log.info("{}", report);
        } else {
            log.warn("{}", report);
        }
    }

    @Override
    protected void processEmptyMessage() throws Exception {
        LOG.debug("Poll of {} found nothing new", getEndpoint().describe());
        super.processEmptyMessage();
    }
}
