package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
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
 */
final class ListWalker implements BaselineEntries {

    private static final Logger LOG = LoggerFactory.getLogger(ListWalker.class);

    private final DocumentLoader loader;
    private final int maxDepth;
    private final Deque<SitemapDocument> open = new ArrayDeque<>();
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
        return open.peek();
    }

    @Override
    public URI currentDocument() {
        return open.isEmpty() ? root : open.peek().header().uri();
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
            SitemapDocument doc = open.peek();
            Entry e = doc.next();
            if (e == null) {
                open.pop().close();
                continue;
            }
            progress.entryRead();
            if (e.isDocumentReference()) {
                follow(doc, e);
                continue;
            }
            if (doc.header().isIndex()) {
                throw new DocumentException(doc.header().uri(), "index entry " + e.loc() + " is a <url>, not a <sitemap>");
            }
            return e;
        }
        return null;
    }

    private void follow(SitemapDocument parent, Entry e) throws IOException {
        if (open.size() >= maxDepth) {
            throw new DocumentException(parent.header().uri(),
                    "indexes nest deeper than " + maxDepth + " levels at " + e.loc());
        }
        if (!visited.add(e.loc())) {
            LOG.warn("{} lists {} a second time (loop or duplicate); skipped", parent.header().uri(), e.loc());
            return;
        }
        followed = true;
        push(loader.open(e.loc(), expected));
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
        open.push(new PrefetchingSitemapDocument(doc));
    }

    @Override
    public void close() {
        while (!open.isEmpty()) {
            open.pop().close();
        }
    }
}
