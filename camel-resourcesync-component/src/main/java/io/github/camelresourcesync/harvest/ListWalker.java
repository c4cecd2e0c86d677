package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.PrefetchingSitemapDocument;
import io.github.camelresourcesync.xml.SitemapDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams the resource entries of a list or of an index of lists, depth first, holding one open document per level.
 * Entries that point at other documents ({@code <sitemap>}, or a {@code <url>} carrying {@code rs:md capability}, as
 * sources that publish an index as a {@code urlset} do) are followed instead of being reported as resources.
 * <p>
 * When a list is followed, the next {@value #LISTS_AHEAD} lists of the same index are fetched ahead
 * ({@link ListFetchAhead}), looking at most {@value #ENTRIES_AHEAD} entries ahead in it: over a far Source the round
 * trip of the next list passes while this one is read. Entries are still returned in document order.
 */
final class ListWalker implements BaselineEntries {

    private static final Logger LOG = LoggerFactory.getLogger(ListWalker.class);
    /** lists fetched ahead and not yet opened, at most: each holds a body (a file above the spool threshold) */
    static final int LISTS_AHEAD = 2;
    /** entries of an index read ahead of their turn, at most, looking for lists to fetch ahead */
    static final int ENTRIES_AHEAD = 64;

    private final DocumentLoader loader;
    private final int maxDepth;
    private final Deque<Level> open = new ArrayDeque<>();
    /** lists being fetched ahead, in the order they come */
    private final Map<URI, ListFetchAhead> ahead = new LinkedHashMap<>();
    private final Set<URI> visited = new HashSet<>();
    private final SyncProgress progress;
    private final URI root;
    /** what the root and every list it leads to must be (an index has the capability of its lists) */
    private final Capability expected;
    private Validators rootValidators = Validators.NONE;
    private Instant snapshotTime;
    private boolean snapshotTimeKnown = true;
    private boolean unchanged;
    /** a list of the root was followed: the root is an index */
    private boolean followed;

    /**
     * @param expected    the capability of the root and of the lists it leads to; a document naming another fails
     * @param conditional ask for the root conditionally; {@link #rootUnchanged()} tells when the Source said 304
     */
    ListWalker(DocumentLoader loader, URI root, Capability expected, int maxDepth, boolean conditional,
               SyncProgress progress) throws IOException {
        this.loader = loader;
        this.maxDepth = maxDepth;
        this.progress = progress;
        this.root = root;
        this.expected = expected;
        DocumentLoader.Opened opened = loader.openIfChanged(root, expected, conditional);
        if (opened == null) {
            unchanged = true;
        } else {
            rootValidators = opened.validators();
            push(opened.document());
        }
    }

    @Override
    public boolean rootUnchanged() {
        return unchanged;
    }

    URI root() {
        return root;
    }

    /**
     * The root's validators when it is a list; none for an index, whose lists can change while it stays the same (its
     * 304 would skip a whole {@code mode=baseline} pass that has changes to deliver).
     */
    @Override
    public Validators rootValidators() {
        return followed ? Validators.NONE : rootValidators;
    }

    /** The document being read, whose entry {@link #next()} returned last. */
    SitemapDocument current() {
        return open.isEmpty() ? null : open.peek().doc;
    }

    @Override
    public URI currentDocument() {
        return open.isEmpty() ? root : open.peek().doc.header().uri();
    }

    @Override
    public String capability() {
        return Capability.RESOURCELIST.value();
    }

    /** Resources of a list are fetched from their location. */
    @Override
    public CompletableFuture<Content> content(SyncEvent event) {
        return null;
    }

    /**
     * The earliest snapshot time ({@code at}, else 0.9 {@code modified}) of all documents read, or {@code null} when
     * one of them published none: changes after it may be missing from the lists, so incremental sync resumes there.
     */
    @Override
    public Instant snapshotTime() {
        return snapshotTimeKnown ? snapshotTime : null;
    }

    /** @return the next resource entry, or {@code null} when every document is read */
    @Override
    public Entry next() throws IOException {
        while (!open.isEmpty()) {
            Level level = open.peek();
            SitemapDocument doc = level.doc;
            Entry e = level.next();
            if (e == null) {
                open.pop().doc.close();
                continue;
            }
            progress.entryRead();
            if (e.isDocumentReference()) {
                follow(level, e);
                continue;
            }
            if (doc.header().isIndex()) {
                throw new DocumentException(doc.header().uri(), "index entry " + e.loc() + " is a <url>, not a <sitemap>");
            }
            return e;
        }
        return null;
    }

    private void follow(Level parent, Entry e) throws IOException {
        SitemapDocument doc = parent.doc;
        if (open.size() >= maxDepth) {
            throw new DocumentException(doc.header().uri(),
                    "indexes nest deeper than " + maxDepth + " levels at " + e.loc());
        }
        ListFetchAhead early = ahead.remove(e.loc());
        if (!visited.add(e.loc())) {
            LOG.warn("{} lists {} a second time (loop or duplicate); skipped", doc.header().uri(), e.loc());
            if (early != null) {
                early.close();
            }
            return;
        }
        followed = true;
        fetchAhead(parent);
        push(early != null ? early.open(expected) : loader.open(e.loc(), expected));
    }

    /** Starts fetching the next lists of {@code parent} that are not fetched or followed yet, up to the bound. */
    private void fetchAhead(Level parent) {
        parent.readAhead();
        for (Entry next : parent.buffered) {
            if (ahead.size() >= LISTS_AHEAD) {
                return;
            }
            URI loc = next.loc();
            if (next.isDocumentReference() && isHttp(loc) && !visited.contains(loc) && !ahead.containsKey(loc)) {
                ahead.put(loc, ListFetchAhead.start(loader, loc));
            }
        }
    }

    /** Lists fetched ahead are fetched over HTTP only: a local file costs no round trip. */
    static boolean isHttp(URI uri) {
        return "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
    }

    private void push(SitemapDocument doc) {
        visited.add(doc.header().uri());
        Metadata md = doc.header().md();
        Instant t = loader.clock().trusted(md.at() != null ? md.at() : md.modified(), doc.header().uri(),
                "the snapshot time (at)");
        if (t == null) {
            snapshotTimeKnown = false;
        } else if (snapshotTime == null || t.isBefore(snapshotTime)) {
            snapshotTime = t;
        }
        // parsed on a thread of its own, so XML parsing (half of a listing's work) runs beside event delivery
        open.push(new Level(new PrefetchingSitemapDocument(doc)));
    }

    @Override
    public void close() {
        while (!open.isEmpty()) {
            open.pop().doc.close();
        }
        ahead.values().forEach(ListFetchAhead::close);
        ahead.clear();
    }

    /**
     * An open document and the entries read from it ahead of their turn (to find lists to fetch ahead). An error met
     * while reading ahead is thrown in its turn, after the entries before it.
     */
    private static final class Level {
        final SitemapDocument doc;
        final Deque<Entry> buffered = new ArrayDeque<>();
        private DocumentException failure;
        private boolean ended;

        Level(SitemapDocument doc) {
            this.doc = doc;
        }

        Entry next() throws DocumentException {
            if (!buffered.isEmpty()) {
                return buffered.poll();
            }
            if (failure != null) {
                DocumentException f = failure;
                failure = null;
                ended = true;
                throw f;
            }
            return ended ? null : doc.next();
        }

        void readAhead() {
            while (buffered.size() < ENTRIES_AHEAD && failure == null && !ended) {
                try {
                    Entry e = doc.next();
                    if (e == null) {
                        ended = true;
                    } else {
                        buffered.add(e);
                    }
                } catch (DocumentException e) {
                    failure = e;
                }
            }
        }
    }
}
