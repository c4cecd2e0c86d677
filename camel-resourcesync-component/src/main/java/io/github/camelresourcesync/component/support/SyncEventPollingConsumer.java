package io.github.camelresourcesync.component.support;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.telemetry.PollTracer;
import io.github.camelresourcesync.delivery.DeliveryPolicy;
import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.FetchListener;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.EventSource;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.state.LeaseLostException;
import io.github.camelresourcesync.state.LeasedStateStore;
import io.github.camelresourcesync.state.SourceLeases;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.Processor;
import org.apache.camel.RollbackExchangeException;
import org.apache.camel.api.management.ManagedResource;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckAware;
import org.apache.camel.spi.ScheduledPollConsumerScheduler;
import org.apache.camel.support.LoggingExceptionHandler;
import org.apache.camel.support.ScheduledBatchPollingConsumer;
import org.apache.camel.support.ScheduledPollConsumerHealthCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The polling consumer every source of sync events shares (ResourceSync, its audit, the bridges): it starts what a
 * poll needs, claims the resume point, and runs the poll loop. Each poll opens an {@link EventRun} and hands its
 * events to the route in batches, one exchange per event (or per group with {@code batching}) in order, and reports
 * each outcome to the {@link DeliveryPolicy}, so state is committed only after the exchange completed. A stop or
 * crash re-delivers and never skips.
 * <p>
 * The other roles live in classes of their own: what follows a delivery or a failure in {@link DeliveryPolicy}
 * (Camel-free), events on exchanges in {@link EventExchanges}, the JMX attributes in {@link ManagedSyncStatistics}
 * (a view over {@link #getStatistics()}, mixed in), the health check in {@link SyncEventHealthCheck}, the meters in
 * {@link SyncMetrics}. A subclass is one source: it builds its harvester in {@link #prepare} (passing
 * {@link #getStatistics()} on as listener) and opens a run in {@link #openRun}.
 */
@ManagedResource(description = "Managed sync-event consumer (ResourceSync, bridges)")
public abstract class SyncEventPollingConsumer extends ScheduledBatchPollingConsumer
        implements HealthCheckAware, ManagedSyncStatistics {

    private static final Logger LOG = LoggerFactory.getLogger(SyncEventPollingConsumer.class);

    private final SyncStatistics statistics = new SyncStatistics();
    /** With a shared JDBC store: the fenced view every write of this consumer goes through (see {@link #poll()}). */
    private LeasedStateStore leased;
    private String leaseKey;
    private volatile SourceLeases.Held held;
    private volatile boolean lastPollSkipped;
    /** Made at the first start and kept: the failures it remembers outlive a restart of the route. */
    private DeliveryPolicy policy;
    private EventRun currentRun;
    private boolean stoppedAtFailure;
    private HealthCheck healthCheck;
    private AutoCloseable meters;
    private static final String QUARTZ_SCHEDULER
            = "org.apache.camel.pollconsumer.quartz.QuartzScheduledPollConsumerScheduler";
    private SyncStateStore store;
    private HttpFetcher fetcher;
    private EventSource source;
    private ResumePointClaims claims;
    private PollTracer tracer = PollTracer.NONE;
    /** The poll in progress, traced (or {@link PollTracer.Poll#NONE}). */
    private PollTracer.Poll tracedPoll = PollTracer.Poll.NONE;
    /** The transaction opened around each exchange of a transacted route; {@code null}: not transacted. */
    private DeliveryTransaction transaction;

    protected SyncEventPollingConsumer(SyncEventEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    public SyncEventEndpoint getEndpoint() {
        return (SyncEventEndpoint) super.getEndpoint();
    }

    // ---- what a source provides

    /**
     * Builds the source a poll reads (and what else a poll needs) from the started state store and the endpoint's
     * fetcher (the one fetch policy, reporting to this consumer's statistics); called when the consumer starts, before
     * the first poll is scheduled.
     */
    protected abstract EventSource prepare(SyncStateStore store, HttpFetcher fetcher) throws Exception;

    /** Opens one pass over the source, handing out at most {@code maxEvents} events (0: no limit). */
    protected EventRun openRun(int maxEvents) throws Exception {
        return source.startRun(maxEvents);
    }

    /** The fetcher of this consumer's requests, from the endpoint's policy; a protocol may narrow it. */
    protected HttpFetcher createFetcher(FetcherConfig policy) {
        return getEndpoint().getComponent().fetchEngine().open(policy);
    }

    /** The fetch workers of this consumer's runs: the component's shared pool. */
    protected ExecutorService fetchPool() {
        return getEndpoint().getComponent().fetchPool();
    }

    /**
     * How this consumer's runs fetch ahead: on the component's pool, {@code fetchParallelism} at a time, or on its
     * HTTP/2 pool {@code fetchParallelismHttp2} at a time while the Source answers over HTTP/2; each fetch awaited at
     * most as long as the endpoint's fetch policy lets it take. Call it from {@link #prepare}: it follows the
     * consumer's fetcher.
     */
    protected FetchAheadRun.Fetching fetching() {
        SyncEventEndpoint ep = getEndpoint();
        EventDeliveryConfiguration delivery = ep.getDeliveryConfiguration();
        HttpFetcher f = fetcher;
        SyncEventComponent component = ep.getComponent();
        // the HTTP/2 pool is made when a lane first needs it: most deployments never speak HTTP/2
        FetchAheadRun.Multiplexed http2 = f == null ? null : new FetchAheadRun.Multiplexed(
                task -> component.http2FetchPool().execute(task), delivery.getFetchParallelismHttp2(),
                f::multiplexing);
        return new FetchAheadRun.Fetching(fetchPool(), delivery.getFetchParallelism(), http2,
                ep.fetcherConfig().longestFetch());
    }

    /** A new progress log for each run, every {@code progressInterval}, named after the endpoint. */
    protected Supplier<SyncProgress> progress() {
        SyncEventEndpoint ep = getEndpoint();
        String name = ep.describe();
        long interval = ep.getDeliveryConfiguration().getProgressInterval();
        return () -> new SyncProgress(name, interval);
    }

    /** The state store this consumer keeps its state in (started). */
    protected SyncStateStore store() {
        return store;
    }

    /** Called when a poll failed, before the failure propagates: the source forgets cached documents, sessions. */
    protected void onPollFailed(Exception e) {
        if (source != null) {
            source.invalidate();
        }
    }

    /** Details this source adds to the health check (e.g. push subscriptions); never fetches anything. */
    protected Map<String, Object> healthDetails() {
        return Map.of();
    }

    @Override
    public SyncStatistics getStatistics() {
        return statistics;
    }

    // ---- start-up wiring and the claim of the resume point

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
        if (store instanceof JdbcStateStore jdbc && jdbc.leases() != null) {
            // shared by nodes: each poll leases its Source, and every commit is fenced by that lease
            leased = new LeasedStateStore(jdbc);
            leaseKey = ep.getStateId() != null ? "stateId " + ep.getStateId() : ep.getServiceUrl();
            store = leased;
        }
        claims = new ResumePointClaims(ep.getComponent(), store, routeId());
        claims.claim(ep);
        if (policy == null) {
            EventDeliveryConfiguration d = ep.getDeliveryConfiguration();
            policy = new DeliveryPolicy(routeId(), ep.getStateId(), d.isBreakOnFirstError(), d.getMaxEventAttempts(),
                    d.isBatching(), statistics);
        }
        tracer = PollTracing.of(ep, ep.getServiceUrl());
        // the transaction binds to the JDBC store itself; the leased view writes through it, fenced
        transaction = TransactedRoutes.forRoute(getRoute(), leased != null ? leased.store() : store, routeId());
        if (transaction != null && ep.isBridgeErrorHandler()) {
            // the route's error handler would run inside the consumer's transaction and mark it rollback-only: the
            // give-up could not commit, and the run stopped with its exchange in flight
            throw new IllegalArgumentException("Route '" + routeId() + "' is transacted and sets"
                    + " bridgeErrorHandler=true: a given-up event would be handled by the route's error handler inside"
                    + " the exchange's transaction, which marks it for rollback, so the give-up could never commit."
                    + " Remove bridgeErrorHandler and record give-ups with an exceptionHandler bean: it runs in the"
                    + " same transaction as the state it moves (docs/state-and-delivery.md)");
        }
        fetcher = createFetcher(ep.fetcherConfig().listener(FetchListener.both(statistics, tracer)));
        source = prepare(store, fetcher);
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
        if (fetcher != null) {
            fetcher.close();
            fetcher = null;
        }
        if (claims != null) {
            claims.releaseAll();
        }
    }

    @Override
    protected void afterConfigureScheduler(ScheduledPollConsumerScheduler scheduler, boolean newScheduler) {
        super.afterConfigureScheduler(scheduler, newScheduler);
        // scheduler=quartz: nodes starting together on a clustered JobStore race to store the trigger. Told by the
        // class name: ClusteredQuartzPollScheduler extends camel-quartz's scheduler, an optional dependency, so it is
        // loaded only when camel-quartz made the scheduler
        if (scheduler != null && scheduler.getClass().getName().equals(QUARTZ_SCHEDULER)) {
            setScheduler(ClusteredQuartzPollScheduler.of(scheduler));
        }
    }

    /**
     * Makes this route the one owner of the state keys a discovery found (key to what it is, for the message): a
     * second route following the same Source through another URL is refused here, its poll failing naming both.
     */
    protected void claimStateKeys(Map<String, String> found) {
        claims.claimStateKeys(found);
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

    // ---- the poll loop

    /**
     * One poll. With a shared JDBC store it first takes the lease of its Source: when another node's poll holds it
     * this poll is skipped (logged, counted); while it runs the lease is renewed; when the lease is lost (this node
     * paused past it, or another node took it over) its commits are refused and the poll ends, writing nothing more.
     */
    @Override
    protected int poll() throws Exception {
        lastPollSkipped = false;
        if (leased == null) {
            return pollSource();
        }
        SourceLeases leases = leased.leases();
        SourceLeases.Lease lease;
        try {
            lease = leases.acquire(leaseKey).orElse(null);
        } catch (RuntimeException e) {
            // the state database is away: a failed poll like any other (counters, health check, last error)
            statistics.pollStarted(Instant.now());
            statistics.pollFinished(0, 0, e);
            onPollFailed(e);
            throw e;
        }
        if (lease == null) {
            lastPollSkipped = true;
            String holder = leases.holder(leaseKey).map(h -> h.owner() + " (token " + h.token() + ")").orElse("another node");
            statistics.pollSkipped(holder);
            LOG.info("Skipped a poll of {} in route {}: {} holds its lease", getEndpoint().describe(), routeId(), holder);
            return 0;
        }
        if (lease.handedOver()) {
            statistics.leaseHandedOver();
            LOG.info("Took over the lease of {} in route {} from {} (token {})", getEndpoint().describe(), routeId(),
                    lease.previousOwner(), lease.token());
        }
        statistics.leaseTaken(leases.owner());
        try (SourceLeases.Held h = leases.hold(lease)) {
            held = h;
            leased.lease(lease);
            return pollSource();
        } catch (Exception e) {
            LeaseLostException lost = SyncStatistics.cause(e, LeaseLostException.class);
            if (lost == null) {
                throw e;
            }
            statistics.leaseLost();
            LOG.warn("Poll of {} in route {} ended: {}", getEndpoint().describe(), routeId(), lost.getMessage());
            return 0;
        } finally {
            leased.lease(null);
            held = null;
        }
    }

    /**
     * Runs a poll now (a push notification woke it) and, when another node's poll held the Source's lease, tries
     * again until this node takes it or the lease's duration passed: the holder's pass may have read the Change List
     * before the announced change, so the notification must lead to a pass that starts after it.
     */
    protected void runHoldingTheLease() throws InterruptedException {
        run();
        long give = leased == null ? 0 : System.nanoTime() + (leased.leases().durationMillis() + 1000) * 1_000_000L;
        while (lastPollSkipped && isRunAllowed() && System.nanoTime() < give) {
            Thread.sleep(200);
            run();
        }
    }

    /** Whether the lease this poll holds is still held as far as this node knows (always, without leases). */
    private boolean leaseHeld() {
        SourceLeases.Held h = held;
        return h == null || !h.lost();
    }

    private int pollSource() throws Exception {
        int total = 0;
        long started = System.nanoTime();
        statistics.pollStarted(Instant.now());
        tracedPoll = tracer.pollStarted();
        try (EventRun run = openRun(maxMessagesPerPoll)) {
            currentRun = run;
            stoppedAtFailure = false;
            // isBatchAllowed: false once a graceful shutdown began, which hands out no more batches; pulling on would
            // fetch (and discard) the rest of the run until the shutdown times out
            while (run.hasMore() && isBatchAllowed() && !stoppedAtFailure && leaseHeld()) {
                List<PendingEvent> batch = policy.nextBatch(run);
                if (batch.isEmpty()) {
                    break;
                }
                total += deliver(run, batch);
                run.flushIfDue();
            }
            if (!stoppedAtFailure && isBatchAllowed()) {
                statistics.runCompleted();
            }
            statistics.pollFinished(total, System.nanoTime() - started, null);
            tracedPoll.ended(total, null);
        } catch (Exception e) {
            statistics.pollFinished(total, System.nanoTime() - started, e);
            tracedPoll.ended(total, e);
            onPollFailed(e);
            FetchException fe = SyncStatistics.cause(e, FetchException.class);
            if (fe != null && fe.getStatusCode() > 0) {
                addLastErrorDetail(HealthCheck.HTTP_RESPONSE_CODE, fe.getStatusCode());
            }
            throw e;
        } finally {
            currentRun = null;
            tracedPoll = PollTracer.Poll.NONE;
        }
        return total;
    }

    @Override
    public int processBatch(Queue<Object> events) throws Exception {
        List<PendingEvent> items = new ArrayList<>(events.size());
        events.forEach(o -> items.add((PendingEvent) o));
        return deliver(currentRun, items);
    }

    /** Hands a batch to the route group by group, as the policy groups it, until done or stopped at a failure. */
    private int deliver(EventRun run, List<PendingEvent> items) throws Exception {
        int total = items.size();
        int delivered = 0;
        int index = 0;
        while (index < total && isBatchAllowed()) {
            List<PendingEvent> group = policy.group(items, index);
            Exchange exchange = createExchange(false);
            EventExchanges.fill(exchange, group, policy.asList(group.get(0)));
            tracedPoll.inject(exchange);
            int end = index + group.size();
            exchange.setProperty(ExchangePropertyKey.BATCH_INDEX, index);
            exchange.setProperty(ExchangePropertyKey.BATCH_SIZE, total);
            exchange.setProperty(ExchangePropertyKey.BATCH_COMPLETE, end == total);
            pendingExchanges = total - end;
            boolean stops = transaction != null ? deliverTransacted(run, group, exchange)
                    : settle(run, group, process(group, exchange));
            index = end;
            if (exchange.getException() == null) {
                delivered += group.size();
            }
            if (stops) {
                stoppedAtFailure = true;
                break;
            }
        }
        // not delivered (stopped, or shutting down): not committed either, so they come again next poll
        for (int i = index; i < items.size(); i++) {
            items.get(i).discard();
        }
        pendingExchanges = 0;
        return delivered;
    }

    /** Hands the exchange to the route (a group whose event failed before delivery carries its failure instead). */
    private Exchange process(List<PendingEvent> group, Exchange exchange) {
        if (group.get(0).failed()) {
            exchange.setException(group.get(0).failure());
        } else {
            try {
                getProcessor().process(exchange);
            } catch (Exception e) {
                exchange.setException(e);
            }
        }
        return exchange;
    }

    /**
     * A transacted route: the exchange runs in a transaction the route's {@code transacted()} joins, and the state of
     * its events is written in it before it commits, so the sink's writes and the state commit together. A failed
     * exchange rolls back both; what follows the failure (the exception handler, a give-up or pass-over and the state
     * it moves) runs in a transaction of its own, so a dead letter channel's record of a give-up commits with it.
     *
     * @return {@code true} when the run stops at this group
     */
    private boolean deliverTransacted(EventRun run, List<PendingEvent> group, Exchange exchange) throws Exception {
        try {
            boolean committed = transaction.run(() -> {
                process(group, exchange);
                return exchange.getException() == null && !exchange.isRollbackOnly();
            }, () -> {
                settle(run, group, exchange);
                run.flush();
            });
            if (committed) {
                return false;
            }
            if (exchange.getException() == null) {
                exchange.setException(new RollbackExchangeException(
                        "The route marked the exchange's transaction rollback-only", exchange));
            }
            boolean[] stops = new boolean[1];
            transaction.run(() -> true, () -> {
                stops[0] = settle(run, group, exchange);
                run.flush();
            });
            return stops[0];
        } catch (Exception e) {
            // the state written in the transaction rolled back with it: what the run holds is ahead of the store
            run.abandon();
            throw e;
        }
    }

    /**
     * Reports the outcome of a group's exchange to the policy and releases the exchange. A failure carries the
     * attempt and whether it is given up as headers; with Camel's default exception handler the policy logs it as
     * one WARN line (route, state id, resource, cause; repeats summarised), a handler the user configured (e.g.
     * {@code bridgeErrorHandler}) gets it as is.
     *
     * @return {@code true} when the run stops at this group
     */
    private boolean settle(EventRun run, List<PendingEvent> group, Exchange exchange) {
        Exception cause = exchange.getException();
        if (cause == null) {
            // processed synchronously and done with: back to the exchange factory (reused when it pools)
            releaseExchange(exchange, false);
            policy.delivered(run, group);
            return false;
        }
        DeliveryPolicy.Failure failure = policy.failed(run, group, cause);
        if (failure == null) {
            releaseExchange(exchange, false);
            return false;
        }
        exchange.getIn().setHeader(ResourceSyncConstants.ATTEMPT, failure.attempt());
        exchange.getIn().setHeader(ResourceSyncConstants.GIVEN_UP, failure.givenUp());
        boolean log = getExceptionHandler() instanceof LoggingExceptionHandler;
        if (!log) {
            getExceptionHandler().handleException(failure.message(), exchange, cause);
        }
        releaseExchange(exchange, false);
        return policy.settle(run, failure, log);
    }
}
