package io.github.camelresourcesync.harvest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.camelresourcesync.http.DocumentResponse;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.state.SourceClock;
import io.github.camelresourcesync.xml.ExpectedCapability;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

/**
 * Fetches and opens capability documents. Remembers the validators of documents whose every entry was processed, so
 * the next poll asks for them conditionally and an unchanged document costs one 304.
 */
final class DocumentLoader {

    private final HttpFetcher fetcher;
    private final SitemapReader reader;
    private final SyncProgress progress;
    private final Map<URI, Validators> processed;
    private final Map<URI, List<Entry>> indexes;
    private final SourceClock clock;

    DocumentLoader(HttpFetcher fetcher, SitemapReader reader, SyncProgress progress) {
        this(fetcher, reader, progress, SourceClock.DEFAULT);
    }

    DocumentLoader(HttpFetcher fetcher, SitemapReader reader, SyncProgress progress, SourceClock clock) {
        this(fetcher, reader, progress, new ConcurrentHashMap<>(), new ConcurrentHashMap<>(), clock);
    }

    private DocumentLoader(HttpFetcher fetcher, SitemapReader reader, SyncProgress progress,
                           Map<URI, Validators> processed, Map<URI, List<Entry>> indexes, SourceClock clock) {
        this.fetcher = fetcher;
        this.reader = reader;
        this.progress = progress;
        this.processed = processed;
        this.indexes = indexes;
        this.clock = clock;
    }

    /** The same caches, counting into another run's progress. */
    DocumentLoader withProgress(SyncProgress runProgress) {
        return new DocumentLoader(fetcher, reader, runProgress, processed, indexes, clock);
    }

    /** How far the times in the documents are trusted as resume points. */
    SourceClock clock() {
        return clock;
    }

    SitemapReader reader() {
        return reader;
    }

    /** Opens a document unconditionally. */
    SitemapDocument open(URI uri, Capability expected) throws IOException {
        return openIfChanged(uri, expected, false).document();
    }

    /**
     * @param expected    what the document must be: one that says it is another capability is refused
     *                    ({@link ExpectedCapability})
     * @param conditional ask with the validators of the last complete processing, if any
     * @return the opened document, or {@code null} when the Source answered 304
     */
    Opened openIfChanged(URI uri, Capability expected, boolean conditional) throws IOException {
        return openIfChanged(uri, expected,
                conditional ? processed.getOrDefault(uri, Validators.NONE) : Validators.NONE);
    }

    /** @return the opened document, or {@code null} when the Source answered 304 to {@code validators} */
    Opened openIfChanged(URI uri, Capability expected, Validators validators) throws IOException {
        DocumentResponse response = fetcher.fetchDocument(uri, validators);
        if (response.notModified()) {
            response.close();
            progress.documentUnchanged();
            return null;
        }
        try {
            SitemapDocument doc = ExpectedCapability.require(reader.open(response.body(), response.uri()), expected);
            progress.documentRead();
            return new Opened(doc, response.validators(), response.uri());
        } catch (IOException | RuntimeException e) {
            response.close();
            throw e;
        }
    }

    /**
     * Fetches a document ahead of its turn ({@link ListFetchAhead}): its body is received like a resource body (in
     * memory up to the spool threshold, else in a temporary file) and its connection released at once, so a list
     * waiting for its turn holds neither a connection nor its bytes in the heap. Not parsed yet.
     */
    Fetched fetchAhead(URI uri) throws IOException {
        return fetchAhead(uri, Validators.NONE);
    }

    /**
     * {@link #fetchAhead(URI)} asking with the validators of the document's last complete processing: an unchanged
     * document comes back {@linkplain Fetched#notModified() not modified}, without a body.
     */
    Fetched fetchAheadIfChanged(URI uri) throws IOException {
        return fetchAhead(uri, processed.getOrDefault(uri, Validators.NONE));
    }

    private Fetched fetchAhead(URI uri, Validators validators) throws IOException {
        try (DocumentResponse response = fetcher.fetchDocument(uri, validators)) {
            if (response.notModified()) {
                return new Fetched(null, validators, response.uri());
            }
            Content body = fetcher.receive(response.body(), response.uri(), List.of(), -1, response.contentType());
            return new Fetched(body, response.validators(), response.uri());
        }
    }

    /** Opens a document fetched ahead conditionally; {@code null} when it was not modified (counted so, in turn). */
    Opened openIfChanged(Fetched fetched, Capability expected) throws IOException {
        if (fetched.notModified()) {
            progress.documentUnchanged();
            return null;
        }
        return new Opened(open(fetched, expected), fetched.validators(), fetched.uri());
    }

    /** Opens a document fetched ahead; closing the document deletes its received body. */
    SitemapDocument open(Fetched fetched, Capability expected) throws IOException {
        InputStream in = null;
        try {
            in = new FilterInputStream(fetched.body().openStream()) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        fetched.close();
                    }
                }
            };
            SitemapDocument doc = ExpectedCapability.require(reader.open(in, fetched.uri()), expected);
            progress.documentRead();
            return doc;
        } catch (IOException | RuntimeException e) {
            try (InputStream opened = in) {
                fetched.close();
            }
            throw e;
        }
    }

    /** Every entry of the document was delivered: next time, a 304 means there is nothing new in it. */
    void markProcessed(URI uri, Validators validators) {
        if (validators != null && !validators.isEmpty()) {
            processed.put(uri, validators);
        }
    }

    /** Remembers the children of an index read completely, for when it answers 304 next time. */
    void cacheIndex(URI uri, Validators validators, List<Entry> children) {
        if (validators != null && !validators.isEmpty()) {
            indexes.put(uri, List.copyOf(children));
            processed.put(uri, validators);
        }
    }

    /** The children of an index that answered 304, or {@code null} when it is not a cached index. */
    List<Entry> cachedIndex(URI uri) {
        return indexes.get(uri);
    }

    /** Forget validators (e.g. after a failure, so the next poll reads everything again). */
    void forget() {
        processed.clear();
        indexes.clear();
    }

    record Opened(SitemapDocument document, Validators validators, URI uri) {
    }

    /**
     * A document's body fetched ahead, with where it was finally read from (after redirects); no body when the Source
     * answered 304 to a conditional fetch.
     */
    record Fetched(Content body, Validators validators, URI uri) implements AutoCloseable {
        boolean notModified() {
            return body == null;
        }

        @Override
        public void close() {
            if (body != null) {
                body.close();
            }
        }
    }
}
