package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One sync pass over a Source: yields events in Source order, with contents fetched ahead in parallel, and commits the
 * state of completed events strictly in order ({@link FetchAheadRun}). Its items are the {@link Step}s of its parts,
 * opened lazily; markers and barriers are steps too, and a run of dump bitstreams read by one pool task
 * ({@link BitstreamRuns}) counts once in the window, by its first member.
 */
public final class SyncRun extends FetchAheadRun<Step, Content> {

    private static final Logger LOG = LoggerFactory.getLogger(SyncRun.class);

    /** Opens the step source of one part of the run (one Capability List), lazily, when the run reaches it. */
    @FunctionalInterface
    public interface Part {
        StepSource open() throws IOException;
    }

    private final Iterator<Part> parts;
    private final HarvestContext ctx;
    private final HttpFetcher fetcher;
    private final PassedOver passedOver;
    private StepSource current;

    /** @param passedOver remembers the events passed over, for runs that try them again; {@code null}: forgets them */
    SyncRun(List<Part> parts, HarvestContext ctx, HttpFetcher fetcher, Fetching fetching, long maxEvents,
            PassedOver passedOver) {
        super(fetching,
                ctx.options().fetchContent(), maxEvents, true, ctx.buffer(), ctx.progress());
        this.passedOver = passedOver;
        this.parts = parts.iterator();
        this.ctx = ctx;
        this.fetcher = fetcher;
    }

    @Override
    protected Step pull() throws IOException {
        while (true) {
            if (current == null) {
                if (!parts.hasNext()) {
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

    @Override
    protected boolean isEvent(Step step) {
        return !step.isMarker();
    }

    @Override
    protected boolean isBarrier(Step step) {
        return step.isBarrier();
    }

    @Override
    protected CompletableFuture<Content> fetch(Step step) {
        SyncEvent ev = step.event;
        if (step.content != null || !ctx.options().fetchContent() || ev.change() == ChangeType.DELETED) {
            return step.content; // brought along (a dump's bitstream), or nothing to fetch
        }
        int spoolThreshold = fetching().spoolThreshold(fetcher.spoolThreshold());
        return submit(() -> Fixity.fetchVerified(fetcher, ev.location(), ev.sourceDocument(), ev.length(),
                ev.hash(), spoolThreshold));
    }

    @Override
    protected boolean countsInWindow(Step step, CompletableFuture<Content> fetch) {
        return !(fetch instanceof BitstreamRuns.Member m && !m.opensRun());
    }

    @Override
    protected PendingEvent resolve(Step step, Content content, Exception failure) {
        if (failure instanceof FetchException fe && fe.isGone()) {
            LOG.warn("{} is listed in {} but the Source answers {} now; skipped (a later list will say what became"
                     + " of it)", step.event.location(), step.event.sourceDocument(), fe.getStatusCode());
            return null;
        }
        return new PendingEvent(content == null ? step.event : step.event.withContent(content), failure, step);
    }

    @Override
    protected URI location(Step step) {
        return step.event.location();
    }

    @Override
    protected void commit(Step step, Outcome outcome, PendingEvent handedOut) {
        step.commit(buffer, outcome, handedOut == null ? null : handedOut.event());
        if (passedOver != null) {
            passedOver.committed(step);
        }
    }

    @Override
    public void passedOver(PendingEvent p, int attempt) {
        if (passedOver != null) {
            passedOver.defer(item(p), attempt);
        }
        givenUp(p);
    }

    @Override
    public int failuresBefore(PendingEvent p) {
        return passedOver == null ? 0 : passedOver.failuresBefore(item(p));
    }

    /** Flushes what was committed and releases documents and prefetched contents. */
    @Override
    public void close() {
        try {
            super.close();
        } finally {
            if (current != null) {
                current.close();
            }
        }
    }
}
