package io.github.camelresourcesync.delivery;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * The delivery and failure policy every consumer of sync events shares, with no Camel in it: how the events of a run
 * are batched ({@link #nextBatch}) and grouped into exchanges ({@link #group}), and what follows the outcome of each
 * exchange. The consumer hands each group to the route and reports back:
 * <ul>
 * <li>{@link #delivered}: the run commits the events (once those before them are);</li>
 * <li>{@link #failed}: the failure is counted and decided on: the {@code attempt}-th failure in a row (those the run
 * remembers from before a restart included) is given up when it reaches {@code maxEventAttempts} (0: never); an event
 * given up before is passed over quietly; then {@link #settle} logs it and either stops the run at it
 * ({@code breakOnFirstError}, to resume there next poll), gives it up, or passes it over to be tried again.</li>
 * </ul>
 * Failures are remembered across polls (and across restarts of the consumer, which keeps its policy). One thread
 * drives a policy at a time.
 */
public final class DeliveryPolicy {

    /** Events handed to the route per batch. */
    public static final int MAX_BATCH = 1000;
    /**
     * Bytes of in-memory bodies one batch holds at most: with the fetch window (each body in memory at most
     * {@code spoolThreshold}, larger ones spooled to files) this bounds the heap a harvest uses for bodies.
     */
    public static final long MAX_BATCH_BYTES = 8L * 1024 * 1024;
    /** Default of {@code breakOnFirstError}: stop at a failed event, to resume at it (at least once, in order). */
    public static final boolean DEFAULT_BREAK_ON_FIRST_ERROR = true;
    /** Default of {@code maxEventAttempts}: polls in a row one event may fail before it is given up. */
    public static final int DEFAULT_MAX_EVENT_ATTEMPTS = 5;

    /**
     * What was decided about a failed group.
     *
     * @param group   the events of the failed exchange: one event, or a batch ({@code batching})
     * @param cause   why it failed
     * @param attempt the failures of the (first) event in a row, this one included
     * @param givenUp the failure was the last one allowed: the run moves past the group for good
     * @param stops   the run stops at the group, to resume at it next poll ({@code breakOnFirstError}, not given up)
     */
    public record Failure(List<PendingEvent> group, Exception cause, int attempt, boolean givenUp, boolean stops) {

        /** The failed event ("location (change)") or batch, for messages. */
        public String what() {
            SyncEvent first = group.get(0).event();
            return group.size() == 1 ? first.location() + " (" + first.change().value() + ")"
                    : "batch of " + group.size() + " events from " + first.location();
        }

        /** The message an exception handler gets with the failure. */
        public String message() {
            return "Sync event " + what() + " failed" + (givenUp ? " and is given up" : "");
        }
    }

    private final String routeId;
    private final String stateId;
    private final boolean breakOnFirstError;
    private final int maxEventAttempts;
    private final boolean batching;
    private final DeliveryListener listener;
    private final FailureLog failureLog = new FailureLog();

    /**
     * @param routeId           who delivers, for log lines
     * @param stateId           the state id of the consumer, for log lines; may be {@code null}
     * @param breakOnFirstError {@code true}: a failed event stops the run, to resume at it next poll; {@code false}:
     *                          it is passed over and tried again at later polls
     * @param maxEventAttempts  failures in a row after which an event is given up; 0: never
     * @param batching          good events go to the route together, as one exchange with a list body
     * @param listener          told of every delivery, failure and give-up (the consumer's statistics)
     */
    public DeliveryPolicy(String routeId, String stateId, boolean breakOnFirstError, int maxEventAttempts,
                          boolean batching, DeliveryListener listener) {
        this.routeId = routeId;
        this.stateId = stateId;
        this.breakOnFirstError = breakOnFirstError;
        this.maxEventAttempts = maxEventAttempts;
        this.batching = batching;
        this.listener = listener;
    }

    /**
     * The events of the run ready now, at least one (waiting for the head only), at most {@link #MAX_BATCH} and
     * {@link #MAX_BATCH_BYTES} of in-memory bodies: events reach the route as soon as the head of the run is ready,
     * with no batch barrier, and a slow resource holds back only what follows it. With {@code batching} the batch
     * waits to fill (one exchange per batch is the point), still bounded in bytes. Empty at the end of the run.
     */
    public List<PendingEvent> nextBatch(EventRun run) throws IOException {
        List<PendingEvent> batch = new ArrayList<>();
        long bytes = 0;
        while (batch.size() < MAX_BATCH && bytes < MAX_BATCH_BYTES) {
            PendingEvent p = batch.isEmpty() || batching ? run.next() : run.nextIfReady();
            if (p == null) {
                break;
            }
            batch.add(p);
            byte[] inMemory = p.event().content() == null ? null : p.event().content().bytesIfInMemory();
            bytes += inMemory == null ? 0 : inMemory.length;
        }
        return batch;
    }

    /**
     * The events of {@code batch} from index {@code from} on that go to the route as one exchange: a failed event
     * always alone; with {@code batching}, good events together up to the next failed one; else one by one.
     */
    public List<PendingEvent> group(List<PendingEvent> batch, int from) {
        int end = from + 1;
        if (asList(batch.get(from))) {
            while (end < batch.size() && !batch.get(end).failed()) {
                end++;
            }
        }
        return List.copyOf(batch.subList(from, end));
    }

    /** Whether the group that starts with {@code first} goes as one exchange whose body is the list of its events. */
    public boolean asList(PendingEvent first) {
        return batching && !first.failed();
    }

    /** The group's exchange completed: the run commits its events, and their earlier failures are forgotten. */
    public void delivered(EventRun run, List<PendingEvent> group) {
        for (PendingEvent p : group) {
            run.delivered(p);
            listener.delivered(p.event());
            failureLog.delivered(p.event().eventId());
        }
    }

    /**
     * The group failed (its exchange, or the fetch of its one event): counts the failure and decides what follows,
     * for the consumer to put on the exchange and hand to {@link #settle}.
     *
     * @return what was decided; {@code null} when the one event was given up already (a Source without Change Lists
     *         lists it again at every baseline): the run was told to move past it, and nothing else is to be done
     */
    public Failure failed(EventRun run, List<PendingEvent> group, Exception cause) {
        PendingEvent first = group.get(0);
        if (group.size() == 1 && failureLog.givenUpBefore(first.event().eventId(), cause)) {
            run.givenUp(first);
            return null;
        }
        // the failures this policy saw, or those the run remembers from before a restart
        int attempt = Math.max(failureLog.attempt(first.event().eventId()), run.failuresBefore(first) + 1);
        boolean givenUp = maxEventAttempts > 0 && attempt >= maxEventAttempts;
        boolean stops = breakOnFirstError && !givenUp;
        for (PendingEvent p : group) {
            listener.eventFailed(p.event(), cause, stops);
            if (givenUp) {
                listener.eventGivenUp(p.event(), cause);
            }
        }
        return new Failure(group, cause, attempt, givenUp, stops);
    }

    /**
     * Carries out what {@link #failed} decided, once the failure was handed on: records (and with {@code log}, logs)
     * it, then stops the run at the group (nothing of it is committed, all of it comes again next poll), gives it up,
     * or passes it over to be tried again.
     *
     * @param log {@code true} when no handler of the user's got the failure: one WARN line (see {@link FailureLog})
     * @return {@code true} when the run stops here: the consumer hands out nothing more this poll
     */
    public boolean settle(EventRun run, Failure failure, boolean log) {
        PendingEvent first = failure.group().get(0);
        failureLog.failed(routeId, stateId, first.event().eventId(), failure.what(), first.event().sourceDocument(),
                failure.cause(), failure.attempt(), breakOnFirstError, failure.givenUp(), log);
        if (failure.stops()) {
            run.stop(first);
            return true;
        }
        for (PendingEvent p : failure.group()) {
            if (failure.givenUp()) {
                run.givenUp(p);
            } else {
                run.passedOver(p, failure.attempt());
            }
        }
        return false;
    }
}
