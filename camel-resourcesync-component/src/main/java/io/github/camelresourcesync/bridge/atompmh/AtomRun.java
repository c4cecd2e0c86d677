package io.github.camelresourcesync.bridge.atompmh;

import java.io.IOException;
import java.net.URI;
import java.util.Iterator;
import java.util.List;

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
 * One harvest of a feed as an {@link EventRun}: hands out the planned changes oldest first, fetching the chosen
 * representation when asked, and commits a record's state (and the feed's stop point) only once its exchange
 * completed. The consumer reports events in the order they were handed out, so each report commits directly.
 *
 * <p>
 * A representation answering 403, 404 or 410 is gone (Atom-PMH, "Resolvability of URIs"): a record the destination
 * has becomes a {@code deleted} event, one it never had is passed over. Any other failure (401, 5xx after retries, a
 * connection error) fails the event, to be retried, never turned into a deletion.
 */
final class AtomRun implements EventRun {

    private static final Logger LOG = LoggerFactory.getLogger(AtomRun.class);

    private final String sourceKey;
    private final URI feedUri;
    private final Iterator<PlannedChange> changes;
    private final KnownRecords known;
    private final StateBuffer buffer;
    private final HttpFetcher fetcher;
    private final boolean fetchContent;
    private final long maxEvents;
    private long returned;
    private boolean stopped;

    AtomRun(String sourceKey, URI feedUri, List<PlannedChange> changes, KnownRecords known, StateBuffer buffer,
            HttpFetcher fetcher, boolean fetchContent, long maxEvents) {
        this.sourceKey = sourceKey;
        this.feedUri = feedUri;
        this.changes = changes.iterator();
        this.known = known;
        this.buffer = buffer;
        this.fetcher = fetcher;
        this.fetchContent = fetchContent;
        this.maxEvents = maxEvents;
    }

    @Override
    public boolean hasMore() {
        return !stopped && changes.hasNext() && !(maxEvents > 0 && returned >= maxEvents);
    }

    @Override
    public PendingEvent next() throws IOException {
        while (hasMore()) {
            PlannedChange c = changes.next();
            PendingEvent p = pending(c);
            if (p != null) {
                returned++;
                return p;
            }
        }
        return null;
    }

    private PendingEvent pending(PlannedChange c) {
        if (!fetchContent || c.change() == ChangeType.DELETED) {
            return new PendingEvent(AtomPmhEvents.event(sourceKey, feedUri, c, null), null, c);
        }
        try {
            Content content = fetcher.fetchContent(c.location(), List.of());
            return new PendingEvent(AtomPmhEvents.event(sourceKey, feedUri, c, content), null, c);
        } catch (FetchException e) {
            if (isGone(e.getStatusCode())) {
                return gone(c, e.getStatusCode());
            }
            return failed(c, e);
        } catch (IOException e) {
            return failed(c, e);
        }
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
        return new PendingEvent(AtomPmhEvents.event(sourceKey, feedUri, deleted, null), null, deleted);
    }

    private PendingEvent failed(PlannedChange c, IOException e) {
        SyncEvent ev = AtomPmhEvents.event(sourceKey, feedUri, c, null);
        return new PendingEvent(ev, new IOException("Record " + c.id() + " from " + c.document() + ": fetching "
                                                    + c.location() + " failed: " + e.getMessage(), e), c);
    }

    @Override
    public void delivered(PendingEvent p) {
        PlannedChange c = (PlannedChange) p.token();
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
        passed(p);
    }

    @Override
    public void givenUp(PendingEvent p) {
        passed(p);
    }

    private void passed(PendingEvent p) {
        PlannedChange c = (PlannedChange) p.token();
        if (c.advancesResume()) {
            buffer.advanceResume(sourceKey, c.datetime(),
                    ChangePlanner.resumeKey(c.location(), c.datetime(), c.entry() != null && c.entry().deletion()),
                    c.document());
        }
        buffer.flushIfFull();
    }

    @Override
    public void stop(PendingEvent p) {
        stopped = true;
    }

    @Override
    public void flushIfDue() {
        buffer.flushIfDue();
    }

    @Override
    public void close() {
        buffer.flush();
    }
}
