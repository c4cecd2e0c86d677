package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.StateBuffer;

/**
 * The engine of every event run: a harvesting scheme is "list and fetch". The run pulls the scheme's items in order
 * ({@link #pull}), starts each one's fetch ahead of delivery ({@link #fetch}), turns it into its event strictly in
 * listing order ({@link #resolve}) and writes what each reported item leaves in the state ({@link #commit}).
 *
 * <p>
 * Bounds: {@link Fetching#lanes()} fetches at a time ({@link FetchLanes}: few over HTTP/1.1, many over HTTP/2), as
 * many again waiting fetched or queued so a lane never waits for delivery (one item ahead when nothing is fetched);
 * {@code maxEvents} events (0: no limit); {@link Fetching#waitLimit()} per fetch awaited, then its event fails. Bytes
 * ahead are bounded through the window: a body above {@link Fetching#spoolThreshold} goes to a file, so the window
 * holds at most {@code 2 x parallelism x spoolThreshold} in memory whatever the lanes (a run of dump bitstreams
 * {@link BitstreamRuns#MAX_BYTES}).
 *
 * <p>
 * Commit: an ordered run commits an item once it and every item before it are resolved (delivered, given up, skipped),
 * which keeps a resume point safe with prefetching and batches; an unordered run (independent records) commits each
 * report at once. {@link #close()} writes what was committed and cancels and releases what was fetched ahead.
 *
 * @param <I> an item of the listing
 * @param <R> what a fetch yields (a {@link Content}, counted in the progress, or a scheme's own record)
 */
public abstract class FetchAheadRun<I, R> implements EventRun {

    /**
     * Where and how fast a run fetches: on {@code pool} (may be {@code null} for a run that fetches nothing),
     * {@code parallelism} at a time, or as {@code multiplexed} says while the Source answers over HTTP/2 ({@code null}:
     * the same whatever the protocol), each awaited at most {@code waitLimit} ({@code null}: one hour).
     */
    public record Fetching(Executor pool, int parallelism, Multiplexed multiplexed, Duration waitLimit) {
        public Fetching {
            parallelism = Math.max(1, parallelism);
            waitLimit = waitLimit == null ? Duration.ofHours(1) : waitLimit;
        }

        /** {@code parallelism} at a time whatever the protocol. */
        public Fetching(Executor pool, int parallelism, Duration waitLimit) {
            this(pool, parallelism, null, waitLimit);
        }

        private boolean multiplexing() {
            return multiplexed != null && multiplexed.active().getAsBoolean();
        }

        /**
         * Fetches at a time now: over HTTP/1.1 each one holds a connection, so few (the Source's politeness); over
         * HTTP/2 they share one, and only as many in flight as fit in a round trip keep a far Source's link busy.
         */
        public int lanes() {
            return multiplexing() ? multiplexed.parallelism() : parallelism;
        }

        /** The pool a lane started now runs on. */
        public Executor executor() {
            return multiplexing() ? multiplexed.pool() : pool;
        }

        /**
         * The part of the fetch policy's {@code spoolThreshold} one body may keep in memory now: the run's bodies in
         * memory stay within what {@code parallelism} lanes hold, however many lanes a multiplexed Source gets.
         */
        public int spoolThreshold(int configured) {
            int lanes = lanes();
            return lanes <= parallelism ? configured : (int) ((long) configured * parallelism / lanes);
        }
    }

    /**
     * How a run fetches while {@code active} says its Source answers over HTTP/2 (many requests on one connection):
     * {@code parallelism} at a time on {@code pool}, kept apart from the HTTP/1.1 pool so many far lanes never take
     * the threads of the many routes on HTTP/1.1.
     */
    public record Multiplexed(Executor pool, int parallelism, BooleanSupplier active) {
        public Multiplexed {
            parallelism = Math.max(1, parallelism);
        }
    }

    /**
     * What became of an item, as {@link #commit} gets it: its event reached the destination; its event was given up,
     * or it is no event (a marker, a barrier); nothing was handed out for it (gone before delivery): as if not listed.
     */
    public enum Outcome { DELIVERED, PASSED, SKIPPED }

    private final class Slot {
        final I item;
        CompletableFuture<R> fetch;
        Outcome outcome;
        PendingEvent handedOut;

        Slot(I item) {
            this.item = item;
        }
    }

    private final FetchLanes lanes;
    private final Duration waitLimit;
    private final Fetching fetching;
    private final boolean fetchesContent;
    private final long maxEvents;
    private final boolean ordered;
    /** the state the run commits to */
    protected final StateBuffer buffer;
    private final SyncProgress progress;
    /** pulled, not yet handed out: each with its fetch under way */
    private final Deque<Slot> ahead = new ArrayDeque<>();
    /** items in {@link #ahead} that take a place in the window */
    private int aheadUnits;
    /** pulled, not yet committed, in listing order (ordered runs only) */
    private final Deque<Slot> order = new ArrayDeque<>();
    private boolean exhausted;
    private boolean stopped;
    private long returned;

    /**
     * @param fetchesContent {@code false}: the run fetches nothing, and pulls one item ahead
     * @param ordered        commit in listing order ({@code false}: each report at once)
     */
    protected FetchAheadRun(Fetching fetching, boolean fetchesContent, long maxEvents, boolean ordered,
                            StateBuffer buffer, SyncProgress progress) {
        this.lanes = new FetchLanes(fetching::executor, fetching::lanes);
        this.waitLimit = fetching.waitLimit();
        this.fetching = fetching;
        this.fetchesContent = fetchesContent;
        this.maxEvents = maxEvents;
        this.ordered = ordered;
        this.buffer = buffer;
        this.progress = progress;
    }

    /** The next item of the listing, or {@code null} at its end. */
    protected abstract I pull() throws IOException;

    /** Starts the item's fetch ({@link #submit} it, or return one under way); {@code null}: nothing to fetch. */
    protected abstract CompletableFuture<R> fetch(I item);

    /**
     * The item's event, its fetch done ({@code fetched} is {@code null} when nothing was fetched or the fetch failed),
     * with as token what {@link #commit} gets back; {@code null}: skipped (counted gone when its fetch failed).
     */
    protected abstract PendingEvent resolve(I item, R fetched, Exception failure);

    /** Writes what the item leaves in the state; {@code handedOut}: its event from {@link #resolve}, or null. */
    protected abstract void commit(I item, Outcome outcome, PendingEvent handedOut);

    /** The item's location, for messages. */
    protected abstract URI location(I item);

    /** {@code false}: a pure state change, never handed out, committed in its place in the listing. */
    protected boolean isEvent(I item) {
        return true;
    }

    /** No event: a point passed once all before it is committed and flushed, not pulled past before (ordered runs). */
    protected boolean isBarrier(I item) {
        return false;
    }

    /** {@code false} for a fetch that rides on another's (one task reads several items): it takes no window place. */
    protected boolean countsInWindow(I item, CompletableFuture<R> fetch) {
        return true;
    }

    /** How this run fetches. */
    protected final Fetching fetching() {
        return fetching;
    }

    /** Runs a fetch on the run's lanes of the fetch pool. */
    protected final CompletableFuture<R> submit(Callable<R> fetch) {
        return lanes.submit(fetch);
    }

    public SyncProgress progress() {
        return progress;
    }

    /** The listing item of an event this run handed out. */
    protected final I item(PendingEvent p) {
        return slot(p).item;
    }

    @SuppressWarnings("unchecked")
    private Slot slot(PendingEvent p) {
        return (Slot) p.token();
    }

    /** Every item was handed out and committed, the run not stopped: a listing seen to its end. */
    public boolean completed() {
        return !stopped && exhausted && ahead.isEmpty() && order.isEmpty();
    }

    @Override
    public boolean hasMore() {
        return !stopped && !(exhausted && ahead.isEmpty()) && !limitReached();
    }

    private boolean limitReached() {
        return maxEvents > 0 && returned >= maxEvents;
    }

    /**
     * @return the next event, or {@code null} at the end of a batch: the run ended, the limit was reached, or a
     *         barrier needs every event handed out so far to be reported first
     */
    @Override
    public PendingEvent next() throws IOException {
        while (!stopped && !limitReached()) {
            fill();
            Slot s = ahead.peekFirst();
            if (s == null || isBarrier(s.item) && order.peekFirst() != s) {
                return null;
            }
            aheadUnits -= counts(ahead.pollFirst()) ? 1 : 0;
            if (isBarrier(s.item)) {
                resolved(s, Outcome.PASSED);
                flush();
            } else if (isEvent(s.item)) {
                PendingEvent p = handOut(s);
                if (p != null) {
                    returned++;
                    return p;
                }
            }
        }
        return null;
    }

    @Override
    public PendingEvent nextIfReady() throws IOException {
        if (!stopped && !limitReached()) {
            fill();
            Slot s = ahead.peekFirst();
            if (s != null && s.fetch != null && !s.fetch.isDone()) {
                return null;
            }
        }
        return next();
    }

    /** Places in the window now: as many fetches waiting (fetched or queued) as in flight, so no lane waits. */
    private int window() {
        return fetchesContent ? fetching.lanes() * 2 : 1;
    }

    private void fill() throws IOException {
        int window = window();
        while (aheadUnits < window && ahead.size() < window * BitstreamRuns.MAX_ENTRIES && !exhausted
               && (ahead.isEmpty() || !isBarrier(ahead.peekLast().item))) {
            I item = pull();
            if (item == null) {
                exhausted = true;
                return;
            }
            Slot s = new Slot(item);
            if (ordered) {
                order.addLast(s);
            }
            ahead.addLast(s);
            if (isEvent(item)) {
                s.fetch = fetch(item);
            } else if (!isBarrier(item)) {
                resolved(s, Outcome.PASSED);
            }
            aheadUnits += counts(s) ? 1 : 0;
        }
    }

    private boolean counts(Slot s) {
        return s.fetch == null || countsInWindow(s.item, s.fetch);
    }

    /** The slot's event, its fetch awaited; {@code null} when the scheme skips it. */
    private PendingEvent handOut(Slot s) throws IOException {
        R fetched = null;
        Exception failure = null;
        try {
            if (s.fetch != null) {
                fetched = s.fetch.get(waitLimit.toMillis(), TimeUnit.MILLISECONDS);
                progress.bytesFetched(fetched instanceof Content c ? c.length() : 0);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while fetching " + location(s.item), e);
        } catch (ExecutionException e) {
            failure = e.getCause() instanceof Exception ex ? ex : new IOException(e.getCause());
        } catch (TimeoutException e) {
            // longer than a fetch can take (every attempt within its deadline, plus backoff and time queued behind
            // other routes' fetches): one that never completes (a pool shut down under it) must not hold the poll
            s.fetch.cancel(true);
            failure = new FetchException(location(s.item), 0, "fetching " + location(s.item)
                    + " did not complete within " + waitLimit.toSeconds() + " s; the fetch pool may be exhausted or"
                    + " stopped");
        }
        PendingEvent p = resolve(s.item, fetched, failure);
        if (p == null) {
            if (failure != null) {
                progress.gone();
            }
            resolved(s, Outcome.SKIPPED);
            return null;
        }
        s.handedOut = p;
        return new PendingEvent(p.event(), p.failure(), s);
    }

    @Override
    public void delivered(PendingEvent p) {
        progress.delivered();
        resolved(slot(p), Outcome.DELIVERED);
    }

    @Override
    public void givenUp(PendingEvent p) {
        progress.failed();
        resolved(slot(p), Outcome.PASSED);
    }

    @Override
    public void stop(PendingEvent p) {
        progress.failed();
        stopped = true;
    }

    private void resolved(Slot s, Outcome outcome) {
        s.outcome = outcome;
        if (!ordered) {
            commit(s.item, outcome, s.handedOut);
        }
        while (!order.isEmpty() && order.peekFirst().outcome != null) {
            Slot first = order.pollFirst();
            commit(first.item, first.outcome, first.handedOut);
        }
        buffer.flushIfFull();
    }

    @Override
    public void abandon() {
        stopped = true;
        buffer.discard();
    }

    /** Writes the committed state to the store. */
    @Override
    public void flush() {
        buffer.flush();
    }

    /** Writes the committed state on the shared schedule ({@link StateBuffer#flushIfDue()}). */
    @Override
    public void flushIfDue() {
        buffer.flushIfDue();
    }

    /** Flushes what was committed and cancels and releases what was fetched ahead. */
    @Override
    public void close() {
        try {
            flush();
        } finally {
            for (Slot s : ahead) {
                if (s.fetch != null) {
                    s.fetch.cancel(false);
                    s.fetch.thenAccept(FetchLanes::release);
                }
            }
            ahead.clear();
            progress.logSummary();
        }
    }
}
