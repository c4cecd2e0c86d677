package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.github.camelresourcesync.harvest.DiscoveredSource;
import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.PassedOver;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.notify.WebSubSubscriber;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer of {@code mode=auto}, {@code baseline} and {@code incremental}: polls a ResourceSync Source and emits one
 * exchange per resource or change, in Source order, in batches. The state of an event is committed only after its
 * exchange completed, so a stop or crash re-delivers and never skips. With {@code push}, notifications wake passes
 * between polls ({@link ResourceSyncPush}); after each poll it counts the passed-over events the state remembers.
 */
public class ResourceSyncConsumer extends AbstractResourceSyncConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceSyncConsumer.class);

    private ResourceSyncPush push;
    /** Serialises scheduled polls and the passes notifications wake, which may come from another thread. */
    private final Object pollLock = new Object();
    /** Passed-over events in the state after the last poll; see {@link #pendingRetries()}. */
    private volatile long pendingRetries;
    /** {@code true} during a pass woken by a notification: deliver what was pushed without reading the lists. */
    private boolean wokenPass;

    public ResourceSyncConsumer(ResourceSyncEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected Harvester prepare(SyncStateStore store, HttpFetcher fetcher) throws Exception {
        Harvester harvester = super.prepare(store, fetcher);
        ResourceSyncEndpoint ep = getEndpoint();
        ep.auditDestination(store); // refuses auditDirectory and auditDestination: they are for mode=audit only
        if (ep.isPush()) {
            push = new ResourceSyncPush(this, ep);
            push.start();
        }
        return harvester;
    }

    @Override
    protected void doStop() throws Exception {
        if (push != null) {
            push.stop(); // unsubscribes while the callback can still answer the hubs' verification
            push = null;
        }
        super.doStop();
    }

    @Override
    protected int poll() throws Exception {
        synchronized (pollLock) {
            try {
                int n = super.poll();
                ResourceSyncPush p = push;
                if (p != null && !wokenPass) {
                    p.afterPoll(harvester().sources());
                }
                return n;
            } finally {
                countPendingRetries();
            }
        }
    }

    /**
     * A pass right now, on the caller's thread, through the scheduled poll consumer's own {@code run()} (so counters,
     * health and error handling are those of a poll): delivers what notifications brought.
     */
    void pollNow() {
        synchronized (pollLock) {
            wokenPass = true;
            try {
                // in a cluster (JdbcStateStore) another node may be polling the Source: wait for its lease
                runHoldingTheLease();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                wokenPass = false;
            }
        }
    }

    /**
     * Push subscriptions by state ({@code resourcesync.push.active}, {@code .requested}, {@code .denied},
     * {@code .unsubscribing}), the earliest lease end of the active ones, and push's counters ({@code .refused},
     * {@code .deletions.unconfirmed}). They never make the check DOWN: polling goes on without push, so a refused or
     * lapsed subscription costs latency, not data.
     */
    @Override
    protected Map<String, Object> healthDetails() {
        ResourceSyncPush p = push;
        if (p == null || p.subscriber() == null) {
            return Map.of();
        }
        Map<WebSubSubscriber.State, Integer> counts = new EnumMap<>(WebSubSubscriber.State.class);
        long earliestExpiry = Long.MAX_VALUE;
        for (WebSubSubscriber.Status st : p.subscriber().subscriptions()) {
            counts.merge(st.state(), 1, Integer::sum);
            if (st.state() == WebSubSubscriber.State.ACTIVE && st.expiresAtMillis() > 0) {
                earliestExpiry = Math.min(earliestExpiry, st.expiresAtMillis());
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        for (WebSubSubscriber.State st : WebSubSubscriber.State.values()) {
            details.put("resourcesync.push." + st.name().toLowerCase(Locale.ROOT), counts.getOrDefault(st, 0));
        }
        if (earliestExpiry != Long.MAX_VALUE) {
            details.put("resourcesync.push.lease.expires", Instant.ofEpochMilli(earliestExpiry).toString());
        }
        // refused callback requests (anyone may send them) and announced deletions the Source did not confirm
        details.put("resourcesync.push.refused", p.subscriber().refused());
        details.put("resourcesync.push.deletions.unconfirmed", harvester().unconfirmedDeletions());
        return details;
    }

    /**
     * Whether every pass that deliveries woke up to {@code queued} (a value of {@link #getPushPassesQueued()}) has
     * ended: what a caller waits for to know that what it pushed has been acted on.
     */
    public boolean pushPassesEnded(long queued) {
        ResourceSyncPush p = push;
        return p == null || p.wakesEnded() >= queued;
    }

    /** Passes that push deliveries have woken so far; 0 without push. */
    public long getPushPassesQueued() {
        ResourceSyncPush p = push;
        return p == null ? 0 : p.wakesQueued();
    }

    /** The push channel of this consumer, or {@code null} when {@code push} is off. */
    ResourceSyncPush push() {
        return push;
    }

    @Override
    protected EventRun openRun(int maxEvents) throws Exception {
        Harvester harvester = harvester();
        if (push == null) {
            return harvester.startRun(maxEvents);
        }
        ResourceSyncPush.Drained d = push.drain();
        if (d.frameworkChanged()) {
            harvester.invalidate(); // a capability document changed: rediscover and read it now
        }
        return harvester.startRun(maxEvents, d.changes(), !wokenPass || d.listing());
    }

    /** The passed-over events remembered for each Capability List followed, as counted after the last poll. */
    @Override
    public long pendingRetries() {
        return pendingRetries;
    }

    /**
     * Counts on the poll thread after each poll, so that the health check, JMX and the console never query the store
     * (a state database that is away would make them fail instead of showing the failed polls).
     */
    private void countPendingRetries() {
        Harvester h = harvester();
        SyncStateStore store = store();
        if (h == null || store == null) {
            return;
        }
        try {
            long n = 0;
            for (DiscoveredSource s : h.followedSources()) {
                n += store.resourceCount(PassedOver.key(s.key()));
            }
            pendingRetries = n;
        } catch (RuntimeException e) {
            LOG.debug("Could not count the passed-over events: {}", e.toString());
        }
    }
}
