package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.ResourceSyncConstants;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ExecutorService;

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.SourceState;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.Processor;
import org.apache.camel.api.management.ManagedAttribute;
import org.apache.camel.api.management.ManagedResource;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckAware;
import org.apache.camel.support.ScheduledBatchPollingConsumer;
import org.apache.camel.support.ScheduledPollConsumerHealthCheck;
import org.apache.camel.support.LoggingExceptionHandler;
import org.apache.camel.support.SynchronizationAdapter;

/**
 * The polling consumer every sync-event source shares (the ResourceSync consumer and the bridges): each poll opens an
 * {@link EventRun}, hands its events to the route in batches, one exchange per event in order, and reports each
 * outcome back to the run, so state is committed only after the exchange completed. A stop or crash re-delivers and
 * never skips.
 * <p>
 * Operations hooks shared by every source: {@link #getStatistics()} (JMX attributes of this consumer's MBean, the
 * Micrometer meters when a {@code MeterRegistry} is in the registry, the {@code resourcesync} dev console, details of the
 * health check), and {@link #sourceStates()} for the resume points. Subclasses pass {@link #getStatistics()} to their
 * fetcher as its {@code FetchListener}, so retries and error responses are counted too.
 */
@ManagedResource(description = "Managed sync-event consumer (ResourceSync, bridges)")
public abstract class SyncEventPollingConsumer extends ScheduledBatchPollingConsumer implements HealthCheckAware {

    /** Events handed to the route per batch. */
    static final int MAX_BATCH = 1000;
    /**
     * Bytes of in-memory bodies one batch holds at most: with the fetch window (each body in memory at most
     * {@code spoolThreshold}, larger ones spooled to files) this bounds the heap a harvest uses for bodies.
     */
    public static final long MAX_BATCH_BYTES = 8L * 1024 * 1024;

    private final SyncStatistics statistics = new SyncStatistics();
    private final Clock clock = Clock.systemUTC();
    private final FailureLog failureLog = new FailureLog();
    private EventRun currentRun;
    private boolean stoppedAtFailure;
    private HealthCheck healthCheck;
    private AutoCloseable meters;
    private SyncStateStore store;
    private HttpFetcher fetcher;
    private String resumePoint;
    /** The state keys this route claimed as found by discovery (see {@link #claimStateKeys}). */
    private final Set<String> claimedKeys = new HashSet<>();

    protected SyncEventPollingConsumer(SyncEventEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    public SyncEventEndpoint getEndpoint() {
        return (SyncEventEndpoint) super.getEndpoint();
    }

    /**
     * Builds what a poll needs from the started state store and the endpoint's fetcher (the one fetch policy, reporting
     * to this consumer's statistics); called when the consumer starts, before the first poll is scheduled.
     */
    protected abstract void prepare(SyncStateStore store, HttpFetcher fetcher) throws Exception;

    /** The fetcher of this consumer's requests, from the endpoint's policy; a protocol may narrow it. */
    protected HttpFetcher createFetcher(FetcherConfig policy) {
        return getEndpoint().getComponent().fetchEngine().open(policy);
    }

    /** The fetch workers of this consumer's runs: the component's shared pool. */
    protected ExecutorService fetchPool() {
        return getEndpoint().getComponent().fetchPool();
    }

    /** Releases what {@link #prepare} built; the fetcher and the store are the base's to close. */
    protected void release() throws Exception {
    }

    /** The state store this consumer keeps its state in (started). */
    protected SyncStateStore store() {
        return store;
    }

    /** Opens one pass over the source, handing out at most {@code maxEvents} events (0: no limit). */
    protected abstract EventRun openRun(int maxEvents) throws Exception;

    /** Called when a poll failed, before the failure propagates: forget cached documents, sessions and the like. */
    protected void onPollFailed(Exception e) {
    }

    /**
     * What the destination has committed per source (resume points), for JMX and the dev console; keyed by source
     * key. Must not fetch anything. Default: none known.
     */
    public Map<String, SourceState> sourceStates() {
        return Map.of();
    }

    /**
     * Events passed over after a failure ({@code breakOnFirstError=false}) and remembered in the state, to be tried
     * again each poll until delivered or given up; never fetches anything. Default: none.
     */
    public long pendingRetries() {
        return 0;
    }

    /** Details this source adds to the health check (e.g. push subscriptions); never fetches anything. */
    protected Map<String, Object> healthDetails() {
        return Map.of();
    }

    /** Cumulative counters since the consumer started. */
    public SyncStatistics getStatistics() {
        return statistics;
    }

    /** {@code true}: a failed event ends the run, to resume at it next poll; {@code false}: it is passed over. */
    protected boolean isBreakOnFirstError() {
        return getEndpoint().getDeliveryConfiguration().isBreakOnFirstError();
    }

    @Override
    protected void doInit() throws Exception {
        super.doInit();
        if (healthCheck == null) {
            // DOWN after failed polls, with the error and the HTTP status (http.response.code) of the failure
            healthCheck = new SyncEventHealthCheck(new ScheduledPollConsumerHealthCheck(this, getRouteId()), this);
        }
    }

    @Override
    protected void doStart() throws Exception {
        SyncEventEndpoint ep = getEndpoint();
        store = ep.startedStateStore();
        resumePoint = System.identityHashCode(store) + "|" + ep.getStateId() + "|" + ep.getServiceUrl();
        ep.getComponent().claim(resumePoint, ep.getServiceUrl() + (ep.getStateId() == null ? " (no stateId)"
                : " with stateId " + ep.getStateId()), routeId());
        fetcher = createFetcher(ep.fetcherConfig().listener(statistics));
        prepare(store, fetcher);
        super.doStart();
        meters = SyncMetrics.bind(this);
    }

    @Override
    protected void doStop() throws Exception {
        if (meters != null) {
            meters.close();
            meters = null;
        }
        super.doStop();
        release();
        if (fetcher != null) {
            fetcher.close();
            fetcher = null;
        }
        if (resumePoint != null) {
            getEndpoint().getComponent().release(resumePoint, routeId());
            resumePoint = null;
        }
        claimStateKeys(Map.of());
    }

    /**
     * Makes this route the one owner of the state keys a discovery found (key to what it is, for the message), and
     * gives up those it no longer follows. The start-time claim compares configured URLs; two URLs of one Source (its
     * Source Description and its Capability List) reach the same state only through discovery, so this is where a
     * second route is refused: its poll fails naming both routes and the key.
     */
    protected synchronized void claimStateKeys(Map<String, String> found) {
        SyncEventComponent component = getEndpoint().getComponent();
        String prefix = System.identityHashCode(store) + "|state key|";
        for (Map.Entry<String, String> e : found.entrySet()) {
            if (!claimedKeys.contains(e.getKey())) {
                component.claim(prefix + e.getKey(), e.getValue() + " (state key " + e.getKey() + ")", routeId());
                claimedKeys.add(e.getKey());
            }
        }
        for (Iterator<String> it = claimedKeys.iterator(); it.hasNext(); ) {
            String key = it.next();
            if (!found.containsKey(key)) {
                component.release(prefix + key, routeId());
                it.remove();
            }
        }
    }

    private String routeId() {
        return getRouteId() != null ? getRouteId() : "(no route) " + getEndpoint().describe();
    }

    @Override
    public HealthCheck getHealthCheck() {
        return healthCheck;
    }

    @Override
    public void setHealthCheck(HealthCheck healthCheck) {
        // Camel sets the plain scheduled-poll check while the route starts: keep the sync details on top of any check
        this.healthCheck = healthCheck == null || healthCheck instanceof SyncEventHealthCheck ? healthCheck
                : new SyncEventHealthCheck(healthCheck, this);
    }

    @Override
    protected int poll() throws Exception {
        int total = 0;
        long started = System.nanoTime();
        statistics.pollStarted(clock.instant());
        try (EventRun run = openRun(maxMessagesPerPoll)) {
            currentRun = run;
            stoppedAtFailure = false;
            // isBatchAllowed: false once a graceful shutdown began, which hands out no more batches; pulling on would
            // fetch (and discard) the rest of the run until the shutdown times out
            while (run.hasMore() && isBatchAllowed() && !stoppedAtFailure) {
                Queue<Object> batch = nextBatch(run);
                if (batch.isEmpty()) {
                    break;
                }
                total += processBatch(batch);
                run.flushIfDue();
            }
            if (!stoppedAtFailure && isBatchAllowed()) {
                statistics.runCompleted();
            }
            statistics.pollFinished(total, System.nanoTime() - started, null);
        } catch (Exception e) {
            statistics.pollFinished(total, System.nanoTime() - started, e);
            onPollFailed(e);
            FetchException fe = findFetchException(e);
            if (fe != null && fe.getStatusCode() > 0) {
                addLastErrorDetail(HealthCheck.HTTP_RESPONSE_CODE, fe.getStatusCode());
            }
            throw e;
        } finally {
            currentRun = null;
        }
        return total;
    }

    /**
     * The events ready now, at least one (waiting for the head only), at most {@link #MAX_BATCH} and
     * {@link #MAX_BATCH_BYTES} of in-memory bodies: events reach the route as soon as the head of the run is ready,
     * with no batch barrier, and a slow resource holds back only what follows it. With {@code batching} the batch
     * waits to fill (one exchange per batch is the point), still bounded in bytes.
     */
    private Queue<Object> nextBatch(EventRun run) throws Exception {
        Queue<Object> batch = new ArrayDeque<>();
        long bytes = 0;
        boolean fill = isBatching();
        while (batch.size() < MAX_BATCH && bytes < MAX_BATCH_BYTES) {
            PendingEvent p = batch.isEmpty() || fill ? run.next() : run.nextIfReady();
            if (p == null) {
                break;
            }
            batch.add(p);
            byte[] inMemory = p.event().content() == null ? null : p.event().content().bytesIfInMemory();
            bytes += inMemory == null ? 0 : inMemory.length;
        }
        return batch;
    }

    private static FetchException findFetchException(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FetchException fe) {
                return fe;
            }
        }
        return null;
    }

    /**
     * {@code true}: each batch of good events goes to the route as one exchange whose body is the
     * {@code List<SyncEvent>} (like camel-kafka's {@code batching}); events that failed (fetch, fixity) still come
     * one per exchange, with their exception. Default: one exchange per event.
     */
    protected boolean isBatching() {
        return getEndpoint().getDeliveryConfiguration().isBatching();
    }

    @Override
    public int processBatch(Queue<Object> events) throws Exception {
        EventRun run = currentRun;
        int total = events.size();
        List<PendingEvent> items = new ArrayList<>(total);
        events.forEach(o -> items.add((PendingEvent) o));
        int delivered = 0;
        int index = 0;
        boolean batching = isBatching();
        while (index < total && isBatchAllowed()) {
            // a failed event always goes alone; with batching, good events go together up to the next failed one
            boolean asBatch = batching && !items.get(index).failed();
            int end = index + 1;
            if (asBatch) {
                while (end < total && !items.get(end).failed()) {
                    end++;
                }
            }
            List<PendingEvent> group = List.copyOf(items.subList(index, end));
            Exchange exchange = asBatch ? createBatchExchange(group) : createExchange(group.get(0).event());
            releaseWhenDone(exchange, group);
            exchange.setProperty(ExchangePropertyKey.BATCH_INDEX, index);
            exchange.setProperty(ExchangePropertyKey.BATCH_SIZE, total);
            exchange.setProperty(ExchangePropertyKey.BATCH_COMPLETE, end == total);
            pendingExchanges = total - end;
            if (group.get(0).failed()) {
                exchange.setException(group.get(0).failure());
            } else {
                try {
                    getProcessor().process(exchange);
                } catch (Exception e) {
                    exchange.setException(e);
                }
            }
            index = end;
            Exception failure = exchange.getException();
            if (failure == null) {
                // processed synchronously and done with: back to the exchange factory (reused when it pools)
                releaseExchange(exchange, false);
                for (PendingEvent p : group) {
                    run.delivered(p);
                    statistics.delivered(p.event());
                    failureLog.delivered(p.event().eventId());
                }
                delivered += group.size();
                continue;
            }
            PendingEvent first = group.get(0);
            if (group.size() == 1 && failureLog.givenUpBefore(first.event().eventId(), failure)) {
                releaseExchange(exchange, false);
                run.givenUp(first);
                continue;
            }
            // the failures this consumer saw, or those the run remembers from before a restart
            int attempt = Math.max(failureLog.attempt(first.event().eventId()), run.failuresBefore(first) + 1);
            int maxAttempts = getEndpoint().getDeliveryConfiguration().getMaxEventAttempts();
            boolean givenUp = maxAttempts > 0 && attempt >= maxAttempts;
            for (PendingEvent p : group) {
                statistics.eventFailed(p.event(), failure, isBreakOnFirstError() && !givenUp);
                if (givenUp) {
                    statistics.eventGivenUp(p.event(), failure);
                }
            }
            exchange.getIn().setHeader(ResourceSyncConstants.ATTEMPT, attempt);
            exchange.getIn().setHeader(ResourceSyncConstants.GIVEN_UP, givenUp);
            reportFailure(group, exchange, failure, attempt, givenUp);
            releaseExchange(exchange, false);
            if (isBreakOnFirstError() && !givenUp) {
                stoppedAtFailure = true;
                // nothing of the failed group is committed: all of it comes again next poll
                run.stop(first);
                break;
            }
            for (PendingEvent p : group) {
                if (givenUp) {
                    run.givenUp(p);
                } else {
                    run.passedOver(p, attempt);
                }
            }
        }
        // not delivered (stopped, or shutting down): not committed either, so they come again next poll
        for (int i = index; i < items.size(); i++) {
            items.get(i).discard();
        }
        pendingExchanges = 0;
        return delivered;
    }

    /**
     * A failed event (or batch): with Camel's default exception handler, one WARN line naming the route, the state id,
     * the resource and the cause (the stack trace at DEBUG; a failure repeated every poll summarised); a handler the
     * user configured (e.g. {@code bridgeErrorHandler}) gets it as is.
     */
    private void reportFailure(List<PendingEvent> group, Exchange exchange, Exception failure, int attempt,
                               boolean givenUp) {
        SyncEvent first = group.get(0).event();
        String what = group.size() == 1 ? first.location() + " (" + first.change().value() + ")"
                : "batch of " + group.size() + " events from " + first.location();
        boolean logged = getExceptionHandler() instanceof LoggingExceptionHandler;
        if (!logged) {
            getExceptionHandler().handleException("Sync event " + what + " failed" + (givenUp ? " and is given up"
                    : ""), exchange, failure);
        }
        // counts the attempt; logs only when Camel's default handler would have logged it in full
        failureLog.failed(routeId(), getEndpoint().getStateId(), first.eventId(), what, first.sourceDocument(),
                failure, attempt, isBreakOnFirstError(), givenUp, logged);
    }

    /** One exchange for a run of good events: body {@code List<SyncEvent>}. */
    private Exchange createBatchExchange(List<PendingEvent> group) {
        List<SyncEvent> body = new ArrayList<>(group.size());
        for (PendingEvent p : group) {
            body.add(p.event());
        }
        Exchange exchange = createExchange(false);
        exchange.getIn().setBody(Collections.unmodifiableList(body));
        return exchange;
    }

    private Exchange createExchange(SyncEvent ev) throws Exception {
        Exchange exchange = createExchange(false);
        EventExchanges.fill(exchange.getIn(), ev);
        return exchange;
    }

    /** The events' contents (temporary files) are released once the exchange is done, whatever its outcome. */
    private static void releaseWhenDone(Exchange exchange, List<PendingEvent> events) {
        // a plain loop: this runs once per event in the default mode
        for (PendingEvent p : events) {
            if (p.event().content() != null) {
                exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
                    @Override
                    public void onDone(Exchange done) {
                        events.forEach(PendingEvent::discard);
                    }
                });
                return;
            }
        }
    }

    /** The newest change delivered since start, else the newest resume point committed before. */
    public Instant newestChange() {
        Instant newest = statistics.newestChange();
        if (newest == null) {
            for (SourceState s : sourceStates().values()) {
                if (s.resumeTime() != null && (newest == null || s.resumeTime().isAfter(newest))) {
                    newest = s.resumeTime();
                }
            }
        }
        return newest;
    }

    /** Now minus the newest change applied, or {@code null} when no change time is known. */
    public Duration lag() {
        return SyncStatistics.lag(newestChange(), clock.instant());
    }

    @ManagedAttribute(description = "Resume point per source: source key = baseline state, resume time, cursor")
    public Map<String, String> getResumePoints() {
        Map<String, String> m = new LinkedHashMap<>();
        sourceStates().forEach((k, v) -> m.put(k, describe(v)));
        return m;
    }

    /** One line for a resume point, as JMX and the dev console show it. */
    static String describe(SourceState s) {
        StringBuilder b = new StringBuilder(s.baselineComplete() ? "baseline complete" : "baseline pending");
        b.append(" (generation ").append(s.baselineGeneration()).append("), resume at ")
                .append(s.resumeTime() == null ? "-" : s.resumeTime().toString());
        if (s.cursor() != null) {
            b.append(", cursor ").append(s.cursor());
        }
        return b.toString();
    }

    @ManagedAttribute(description = "When the last poll started (ISO-8601), empty before the first")
    public String getLastPollStarted() {
        Instant t = statistics.lastPollStarted();
        return t == null ? "" : t.toString();
    }

    @ManagedAttribute(description = "Duration of the last completed poll in milliseconds (-1 before the first)")
    public long getLastPollDurationMillis() {
        return statistics.lastPollMillis();
    }

    @ManagedAttribute(description = "Events delivered by the last completed poll")
    public long getLastPollEvents() {
        return statistics.lastPollEvents();
    }

    @ManagedAttribute(description = "Error of the last poll, empty when it succeeded")
    public String getLastPollError() {
        String e = statistics.lastPollError();
        return e == null ? "" : e;
    }

    @ManagedAttribute(description = "The latest failed event and why, empty when none")
    public String getLastEventError() {
        String e = statistics.lastEventError();
        return e == null ? "" : e;
    }

    @ManagedAttribute(description = "Polls since start")
    public long getPolls() {
        return statistics.polls();
    }

    @ManagedAttribute(description = "Polls that failed since start")
    public long getFailedPolls() {
        return statistics.failedPolls();
    }

    @ManagedAttribute(description = "Created events delivered since start")
    public long getCreatedEvents() {
        return statistics.events(ChangeType.CREATED);
    }

    @ManagedAttribute(description = "Updated events delivered since start")
    public long getUpdatedEvents() {
        return statistics.events(ChangeType.UPDATED);
    }

    @ManagedAttribute(description = "Deleted events delivered since start")
    public long getDeletedEvents() {
        return statistics.events(ChangeType.DELETED);
    }

    @ManagedAttribute(description = "Bytes of the bodies delivered since start")
    public long getBytesDelivered() {
        return statistics.bytesDelivered();
    }

    @ManagedAttribute(description = "Events that failed since start (fetch, fixity, refused link, route)")
    public long getFailedEvents() {
        return statistics.failedEvents();
    }

    @ManagedAttribute(description = "Events given up since start after maxEventAttempts failures in a row")
    public long getGivenUpEvents() {
        return statistics.givenUpEvents();
    }

    @ManagedAttribute(description = "Events passed over after a failure and tried again each poll until delivered or"
                                    + " given up (breakOnFirstError=false)")
    public long getPendingRetries() {
        return pendingRetries();
    }

    @ManagedAttribute(description = "Bodies that failed their published length or hash since start")
    public long getFixityFailures() {
        return statistics.fixityFailures();
    }

    @ManagedAttribute(description = "Links refused by allowedHosts since start")
    public long getRefusedLinks() {
        return statistics.refusedLinks();
    }

    @ManagedAttribute(description = "HTTP requests retried since start (5xx, 429, timeouts, resets, short bodies)")
    public long getRetries() {
        return statistics.retries();
    }

    @ManagedAttribute(description = "Seconds between now and the newest change applied (-1 when unknown)")
    public long getLagSeconds() {
        Duration lag = lag();
        return lag == null ? -1 : lag.toSeconds();
    }
}
