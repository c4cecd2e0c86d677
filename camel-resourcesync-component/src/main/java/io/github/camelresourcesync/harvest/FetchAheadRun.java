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

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.StateBuffer;

/**
 * The engine of every event run: a harvesting scheme is "list and fetch". The run pulls the scheme's items in order
 * ({@link #pull}), starts each item's fetch on the shared fetch pool ahead of delivery ({@link #fetch}), turns the
 * fetched (or failed) item into its event ({@link #resolve}) strictly in listing order, and writes what each reported
 * item leaves in the state ({@link #commit}).
 *
 * <p>
 * Bounds: at most {@code fetchParallelism} fetches run at a time ({@link FetchLanes}); at most twice as many items are
 * fetched ahead of delivery (one when the run fetches nothing), so a lane never waits for delivery; at most
 * {@code maxEvents} events are handed out (0: no limit); a fetch is awaited at most {@code fetchWaitLimit}, then its
 * event fails. Bytes ahead are bounded by the window: a body larger than the fetch policy's {@code spoolThreshold} is
 * spooled to a file, so the window holds at most {@code 2 x fetchParallelism x spoolThreshold} in memory (a dump's
 * bitstream runs add at most {@link BitstreamRuns#MAX_BYTES} each), and the consumer bounds the bodies of a batch.
 *
 * <p>
 * Commit: an ordered run commits an item once it and every item before it are resolved (delivered, given up, skipped),
 * which keeps a resume point safe with prefetching and batches; an unordered run (independent records) commits each
 * item as soon as it is reported. Closing the run writes what was committed and cancels and releases what was fetched
 * ahead. Not thread-safe: one consumer thread drives it.
 *
 * @param <I> an item of the listing
 * @param <R> what a fetch yields (a {@link Content}, or a scheme's own record); released on close when
 *            {@link AutoCloseable}
 */
public abstract class FetchAheadRun<I, R> implements EventRun {

    /** What became of an item, as {@link #commit} gets it. */
    public enum Outcome {
        /** Its event reached the destination. */
        DELIVERED,
        /** Its event failed and was given up, or it is no event (a marker, a barrier): the run moves past it. */
        PASSED,
        /** Nothing was handed out for it (gone before delivery, nothing to deliver): as if it had not been listed. */
        SKIPPED
    }

    /** Default of {@code fetchWaitLimit}. */
    public static final Duration FETCH_WAIT_LIMIT = Duration.ofHours(1);

    private final class Slot {
        final I item;
        CompletableFuture<R> fetch;
        boolean counted = true;
        Outcome outcome;
        PendingEvent handedOut;

        Slot(I item) {
            this.item = item;
        }
    }

    private final FetchLanes lanes;
    private final int window;
    private final long maxEvents;
    private final Duration fetchWaitLimit;
    private final boolean ordered;
    private final StateBuffer buffer;
    private final SyncProgress progress;

    /** pulled, not yet handed out: each with its fetch under way */
    private final Deque<Slot> ahead = new ArrayDeque<>();
    /** items in {@link #ahead} that count in the window */
    private int aheadUnits;
    /** pulled, not yet committed, in listing order (ordered runs only) */
    private final Deque<Slot> order = new ArrayDeque<>();
    private boolean exhausted;
    private boolean stopped;
    private long returned;

    /**
     * @param fetchPool        runs the fetches; may be {@code null} when the run fetches nothing
     * @param fetching         {@code false}: the run fetches nothing, and pulls one item ahead
     * @param ordered          commit in listing order ({@code false}: each item as soon as it is reported)
     */
    protected FetchAheadRun(Executor fetchPool, int fetchParallelism, boolean fetching, long maxEvents,
                            Duration fetchWaitLimit, boolean ordered, StateBuffer buffer, SyncProgress progress) {
        // fetchParallelism fetches at a time; as many again wait fetched or queued, so a lane never waits for delivery
        this.lanes = new FetchLanes(fetchPool, fetchParallelism);
        this.window = fetching ? Math.max(1, fetchParallelism) * 2 : 1;
        this.maxEvents = maxEvents;
        this.fetchWaitLimit = fetchWaitLimit == null ? FETCH_WAIT_LIMIT : fetchWaitLimit;
        this.ordered = ordered;
        this.buffer = buffer;
        this.progress = progress;
    }

    /** The next item of the listing, or {@code null} at its end. */
    protected abstract I pull() throws IOException;

    /** Starts the item's fetch ({@link #submit} it, or return a fetch under way); {@code null}: nothing to fetch. */
    protected abstract CompletableFuture<R> fetch(I item);

    /**
     * The item's event, once it is fetched: {@code fetched} is {@code null} when nothing was fetched or the fetch
     * failed ({@code failure}). The token of the event is what {@link #commit} gets back. {@code null}: nothing to
     * hand out, the item is skipped.
     */
    protected abstract PendingEvent resolve(I item, R fetched, Exception failure) throws IOException;

    /**
     * Writes what the item leaves in the state: its event as handed out by {@link #resolve} ({@code null} when
     * skipped or not an event) and what became of it.
     */
    protected abstract void commit(I item, Outcome outcome, PendingEvent handedOut);

    /** The item's location, for messages. */
    protected abstract URI location(I item);

    /** {@code false}: a pure state change, never handed out and committed in its place in the listing. */
    protected boolean isEvent(I item) {
        return true;
    }

    /**
     * A point passed only once every item before it is committed and the state flushed, and past which nothing is
     * pulled before: for work that reads the state itself.
     */
    protected boolean isBarrier(I item) {
        return false;
    }

    /** {@code false} for a fetch that rides on another's (one task reads several items): it takes no window place. */
    protected boolean countsInWindow(I item, CompletableFuture<R> fetch) {
        return true;
    }

    /** Bytes a fetch received, for the progress counters. */
    protected long bytes(R fetched) {
        return fetched instanceof Content c ? c.length() : 0;
    }

    /** Runs a fetch on the run's lanes of the fetch pool. */
    protected final CompletableFuture<R> submit(Callable<R> fetch) {
        return lanes.submit(fetch);
    }

    public SyncProgress progress() {
        return progress;
    }

    protected final StateBuffer buffer() {
        return buffer;
    }

    /** The listing item of an event this run handed out. */
    protected final I item(PendingEvent p) {
        return slot(p).item;
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
            if (s == null) {
                return null;
            }
            if (isBarrier(s.item)) {
                if (order.peekFirst() != s) {
                    return null;
                }
                take();
                resolved(s, Outcome.PASSED);
                flush();
                continue;
            }
            take();
            if (!isEvent(s.item)) {
                continue;
            }
            PendingEvent p = handOut(s);
            if (p != null) {
                returned++;
                return p;
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

    private void fill() throws IOException {
        // nothing is pulled past a barrier before it is passed: what follows it reads the store
        while (aheadUnits < window && ahead.size() < window * BitstreamRuns.MAX_ENTRIES && !exhausted && !barrierAhead()) {
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
                s.counted = s.fetch == null || countsInWindow(item, s.fetch);
            } else if (!isBarrier(item)) {
                resolved(s, Outcome.PASSED);
            }
            aheadUnits += s.counted ? 1 : 0;
        }
    }

    private void take() {
        aheadUnits -= ahead.pollFirst().counted ? 1 : 0;
    }

    private boolean barrierAhead() {
        Slot last = ahead.peekLast();
        return last != null && isBarrier(last.item);
    }

    /** The slot's event, its fetch awaited; {@code null} when the scheme skips it. */
    private PendingEvent handOut(Slot s) throws IOException {
        R fetched = null;
        Exception failure = null;
        if (s.fetch != null) {
            try {
                fetched = await(s);
                progress.bytesFetched(bytes(fetched));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while fetching " + location(s.item), e);
            } catch (ExecutionException e) {
                failure = e.getCause() instanceof Exception ex ? ex : new IOException(e.getCause());
            }
        }
        PendingEvent p = resolve(s.item, fetched, failure);
        if (p == null) {
            resolved(s, Outcome.SKIPPED);
            return null;
        }
        s.handedOut = p;
        return new PendingEvent(p.event(), p.failure(), s);
    }

    /**
     * The fetch's result, waiting at most as long as the fetch can legitimately take (every attempt within its
     * request deadline, plus backoff and time queued behind other routes' fetches): a fetch that can never complete
     * (its task dropped by a pool shut down under it) fails the event instead of holding the poll for ever.
     */
    private R await(Slot s) throws InterruptedException, ExecutionException {
        try {
            return s.fetch.get(fetchWaitLimit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            s.fetch.cancel(true);
            URI location = location(s.item);
            throw new ExecutionException(new FetchException(location, 0, "fetching " + location
                    + " did not complete within " + fetchWaitLimit.toSeconds()
                    + " s; the fetch pool may be exhausted or stopped"));
        }
    }

    @SuppressWarnings("unchecked")
    private Slot slot(PendingEvent p) {
        return (Slot) p.token();
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

    /** Writes the committed state to the store. */
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
                    s.fetch.thenAccept(f -> {
                        if (f instanceof AutoCloseable c) {
                            FetchLanes.closeQuietly(c);
                        }
                    });
                }
            }
            ahead.clear();
            aheadUnits = 0;
            progress.logSummary();
        }
    }
}
