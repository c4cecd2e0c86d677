package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.StateBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One sync pass over a Source: yields events in Source order, with contents fetched ahead in parallel, and commits the
 * state of completed events strictly in order.
 *
 * <p>
 * Use: call {@link #next()} until it returns {@code null} (end of a batch), deliver each event and report it with
 * {@link #delivered}, {@link #givenUp} or {@link #stop}; then {@link #flush()}, and start another batch while
 * {@link #hasMore()}. {@link #close()} at the end. Not thread-safe: one consumer thread drives it.
 */
public final class SyncRun implements EventRun {

    private static final Logger LOG = LoggerFactory.getLogger(SyncRun.class);

    /** Opens the step source of one part of the run (one Capability List), lazily, when the run reaches it. */
    @FunctionalInterface
    public interface Part {
        StepSource open() throws IOException;
    }

    private final Iterator<Part> parts;
    private final HarvestContext ctx;
    private final HttpFetcher fetcher;
    private final FetchLanes lanes;
    private final int window;
    private final long maxEvents;
    private final PassedOver passedOver;

    private StepSource current;
    private boolean sourcesExhausted;
    private boolean stopped;
    private long returned;
    /** pulled, not yet handed out: each with its content fetch under way */
    private final Deque<Ahead> ahead = new ArrayDeque<>();
    /**
     * Fetches in flight among {@link #ahead}, which the window bounds: one per step, except that a run of dump
     * bitstreams read by one pool task ({@link BitstreamRuns}) counts once, by its first member.
     */
    private int aheadUnits;
    /** pulled, not yet committed, in Source order */
    private final Deque<Step> order = new ArrayDeque<>();

    private record Ahead(Step step, CompletableFuture<Content> content) {
    }

    SyncRun(List<Part> parts, HarvestContext ctx, HttpFetcher fetcher, ExecutorService fetchPool, long maxEvents) {
        this(parts, ctx, fetcher, fetchPool, maxEvents, null);
    }

    /** @param passedOver remembers the events passed over, for runs that try them again; {@code null}: forgets them */
    SyncRun(List<Part> parts, HarvestContext ctx, HttpFetcher fetcher, ExecutorService fetchPool, long maxEvents,
            PassedOver passedOver) {
        this.passedOver = passedOver;
        this.parts = parts.iterator();
        this.ctx = ctx;
        this.fetcher = fetcher;
        // fetchParallelism fetches at a time; as many again wait fetched or queued, so a lane never waits for delivery
        this.lanes = new FetchLanes(fetchPool, ctx.options().fetchParallelism());
        this.window = ctx.options().fetchContent() ? ctx.options().fetchParallelism() * 2 : 1;
        this.maxEvents = maxEvents;
    }

    public SyncProgress progress() {
        return ctx.progress();
    }

    @Override
    public boolean hasMore() {
        return !stopped && !(sourcesExhausted && ahead.isEmpty()) && !limitReached();
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
            Ahead a = ahead.peekFirst();
            if (a == null) {
                return null;
            }
            Step step = a.step();
            if (step.isBarrier()) {
                if (order.peekFirst() != step) {
                    return null;
                }
                pollFirst();
                step.resolvePassed();
                drain();
                flush();
                continue;
            }
            pollFirst();
            if (step.isMarker()) {
                continue;
            }
            PendingEvent p = resolve(step, a.content());
            if (p == null) {
                continue; // gone
            }
            returned++;
            return p;
        }
        return null;
    }

    @Override
    public PendingEvent nextIfReady() throws IOException {
        if (!stopped && !limitReached()) {
            fill();
            Ahead a = ahead.peekFirst();
            if (a != null && a.content() != null && !a.content().isDone()) {
                return null;
            }
        }
        return next();
    }

    private PendingEvent resolve(Step step, CompletableFuture<Content> future) throws IOException {
        if (future == null) {
            return new PendingEvent(step.event, null, step);
        }
        try {
            Content content = awaitContent(step, future);
            ctx.progress().bytesFetched(content.length());
            return new PendingEvent(step.event.withContent(content), null, step);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while fetching " + step.event.location(), e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof FetchException fe && fe.isGone()) {
                LOG.warn("{} is listed in {} but the Source answers {} now; skipped (a later list will say what became"
                         + " of it)", step.event.location(), step.event.sourceDocument(), fe.getStatusCode());
                ctx.progress().gone();
                step.resolveGone();
                drain();
                return null;
            }
            Exception failure = cause instanceof Exception ex ? ex : new IOException(cause);
            return new PendingEvent(step.event, failure, step);
        }
    }

    /**
     * The fetch's result, waiting at most as long as the fetch can legitimately take (every attempt within its
     * request deadline, plus backoff and time queued behind other routes' fetches): a fetch that can never complete
     * (its task dropped by a pool shut down under it) fails the event instead of holding the poll for ever.
     */
    private Content awaitContent(Step step, CompletableFuture<Content> future)
            throws InterruptedException, ExecutionException, IOException {
        try {
            return future.get(ctx.options().fetchWaitLimit().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new ExecutionException(new FetchException(step.event.location(), 0, "fetching "
                    + step.event.location() + " did not complete within " + ctx.options().fetchWaitLimit().toSeconds()
                    + " s; the fetch pool may be exhausted or stopped"));
        }
    }

    private void fill() throws IOException {
        // nothing is pulled past a barrier before it is passed: what follows it reads the store
        while (aheadUnits < window && ahead.size() < window * BitstreamRuns.MAX_ENTRIES && !sourcesExhausted
               && !barrierAhead()) {
            Step step = pull();
            if (step == null) {
                return;
            }
            order.addLast(step);
            Ahead a = new Ahead(step, startFetch(step));
            ahead.addLast(a);
            aheadUnits += units(a);
            if (step.isMarker() && !step.isBarrier()) {
                drain();
            }
        }
    }

    private void pollFirst() {
        aheadUnits -= units(ahead.pollFirst());
    }

    private static int units(Ahead a) {
        return a.content() instanceof BitstreamRuns.Member m && !m.opensRun() ? 0 : 1;
    }

    private boolean barrierAhead() {
        Ahead last = ahead.peekLast();
        return last != null && last.step().isBarrier();
    }

    private Step pull() throws IOException {
        while (true) {
            if (current == null) {
                if (!parts.hasNext()) {
                    sourcesExhausted = true;
                    return null;
                }
                current = parts.next().open();
                if (current == null) {
                    continue;
                }
            }
            Step s = current.next();
            if (s != null) {
                return s;
            }
            current.close();
            current = null;
        }
    }

    private CompletableFuture<Content> startFetch(Step step) {
        SyncEvent ev = step.event;
        if (step.content != null) {
            return step.content;
        }
        if (ev == null || !ctx.options().fetchContent() || ev.change() == ChangeType.DELETED) {
            return null;
        }
        return lanes.submit(() -> Fixity.fetchVerified(fetcher, ev.location(), ev.sourceDocument(), ev.length(),
                ev.hash()));
    }

    @Override
    public void delivered(PendingEvent p) {
        ((Step) p.token()).resolveDelivered(p.event());
        ctx.progress().delivered();
        drain();
    }

    @Override
    public void givenUp(PendingEvent p) {
        ((Step) p.token()).resolvePassed();
        ctx.progress().failed();
        drain();
    }

    @Override
    public void passedOver(PendingEvent p, int attempt) {
        if (passedOver != null) {
            passedOver.defer((Step) p.token(), attempt);
        }
        givenUp(p);
    }

    @Override
    public int failuresBefore(PendingEvent p) {
        return passedOver == null ? 0 : passedOver.failuresBefore((Step) p.token());
    }

    @Override
    public void stop(PendingEvent p) {
        ctx.progress().failed();
        stopped = true;
    }

    /** Writes the committed state to the store. */
    public void flush() {
        ctx.buffer().flush();
    }

    /** Writes the committed state on the shared schedule ({@link StateBuffer#flushIfDue()}). */
    @Override
    public void flushIfDue() {
        ctx.buffer().flushIfDue();
    }

    private void drain() {
        while (!order.isEmpty() && order.peekFirst().isResolved()) {
            Step step = order.pollFirst();
            step.commit(ctx.buffer());
            if (passedOver != null) {
                passedOver.committed(step);
            }
        }
        ctx.buffer().flushIfFull();
    }

    /** Flushes what was committed and releases documents and prefetched contents. */
    @Override
    public void close() {
        try {
            flush();
        } finally {
            for (Ahead a : ahead) {
                if (a.content() != null) {
                    a.content().cancel(false);
                    a.content().thenAccept(Content::close);
                }
            }
            ahead.clear();
            aheadUnits = 0;
            if (current != null) {
                current.close();
            }
            ctx.progress().logSummary();
        }
    }
}
