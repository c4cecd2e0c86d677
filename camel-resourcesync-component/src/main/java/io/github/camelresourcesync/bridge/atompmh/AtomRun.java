package io.github.camelresourcesync.bridge.atompmh;

import java.io.IOException;
import java.net.URI;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.FileLayout;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.StateBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One harvest of a feed as a {@link FetchAheadRun}: hands out the planned changes oldest first, with the chosen
 * representations fetched ahead in parallel, and commits a record's state (and the feed's stop point) in feed order,
 * each only once its exchange and every one before it completed; a change given up moves the stop point past it too.
 *
 * <p>
 * A representation answering 403, 404 or 410 is gone (Atom-PMH, "Resolvability of URIs"): a record the destination
 * has becomes a {@code deleted} event, one it never had is passed over. Any other failure (401, 5xx after retries, a
 * connection error) fails the event, to be retried, never turned into a deletion.
 */
final class AtomRun extends FetchAheadRun<PlannedChange, Content> {

    private static final Logger LOG = LoggerFactory.getLogger(AtomRun.class);

    private final String sourceKey;
    private final URI feedUri;
    private final FileLayout layout;
    private final Iterator<PlannedChange> changes;
    private final KnownRecords known;
    private final HttpFetcher fetcher;
    private final boolean fetchContent;

    AtomRun(String sourceKey, URI feedUri, FileLayout layout, List<PlannedChange> changes, KnownRecords known, StateBuffer buffer,
            HttpFetcher fetcher, boolean fetchContent, Fetching fetching, SyncProgress progress, long maxEvents) {
        super(fetching, fetchContent, maxEvents, true, buffer, progress);
        this.sourceKey = sourceKey;
        this.feedUri = feedUri;
        this.layout = layout;
        this.changes = changes.iterator();
        this.known = known;
        this.fetcher = fetcher;
        this.fetchContent = fetchContent;
    }

    private CompletableFuture<Content> submitContent(URI location) {
        int spoolThreshold = fetching().spoolThreshold(fetcher.spoolThreshold());
        return submit(() -> fetcher.fetchContent(location, List.of(), -1, spoolThreshold));
    }

    @Override
    protected PlannedChange pull() {
        return changes.hasNext() ? changes.next() : null;
    }

    @Override
    protected CompletableFuture<Content> fetch(PlannedChange c) {
        return !fetchContent || c.change() == ChangeType.DELETED ? null : submitContent(c.location());
    }

    @Override
    protected URI location(PlannedChange c) {
        return c.location();
    }

    @Override
    protected PendingEvent resolve(PlannedChange c, Content content, Exception failure) {
        if (failure instanceof FetchException e && isGone(e.getStatusCode())) {
            return gone(c, e.getStatusCode());
        }
        if (failure != null) {
            return failed(c, failure);
        }
        return new PendingEvent(AtomPmhEvents.event(sourceKey, feedUri, layout, c, content), null, c);
    }

    private static boolean isGone(int status) {
        return status == 403 || status == 404 || status == 410;
    }

    private PendingEvent gone(PlannedChange c, int status) {
        KnownRecords.Known k = known.get(c.id());
        if (k == null) {
            LOG.warn("{}: record {} links to {}, which answers {}; the record is gone, skipped", c.document(), c.id(),
                    c.location(), status);
            return null;
        }
        LOG.info("{}: record {} links to {}, which answers {}; the record is gone, delivered as deleted",
                c.document(), c.id(), c.location(), status);
        PlannedChange deleted = new PlannedChange(c.id(), c.entry(), null, k.location(), ChangeType.DELETED,
                c.datetime(), c.advancesResume(), c.document());
        return new PendingEvent(AtomPmhEvents.event(sourceKey, feedUri, layout, deleted, null), null, deleted);
    }

    private PendingEvent failed(PlannedChange c, Exception e) {
        SyncEvent ev = AtomPmhEvents.event(sourceKey, feedUri, layout, c, null);
        return new PendingEvent(ev, new IOException("Record " + c.id() + " from " + c.document() + ": fetching "
                                                    + c.location() + " failed: " + e.getMessage(), e), c);
    }

    /** Delivered: the record's state, then the stop point; given up: the stop point; skipped: nothing. */
    @Override
    protected void commit(PlannedChange item, Outcome outcome, PendingEvent handedOut) {
        if (outcome == Outcome.SKIPPED) {
            return;
        }
        PlannedChange c = (PlannedChange) handedOut.token();
        if (outcome == Outcome.DELIVERED) {
            String oldKey = KnownRecords.key(c.id(), c.location());
            if (c.change() == ChangeType.DELETED) {
                buffer.remove(sourceKey, oldKey);
            } else {
                KnownRecords.Known k = known.get(c.id());
                if (k != null && !k.key().equals(oldKey)) {
                    buffer.remove(sourceKey, k.key());
                }
                buffer.upsert(sourceKey, KnownRecords.state(c.id(), c.location(), c.datetime()));
            }
        }
        if (c.advancesResume()) {
            buffer.advanceResume(sourceKey, c.datetime(),
                    ChangePlanner.resumeKey(c.location(), c.datetime(), c.entry() != null && c.entry().deletion()),
                    c.document());
        }
    }
}
