package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.xml.SitemapDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One list of an index fetched ahead of its turn, on a thread of its own, while the lists before it are read: a
 * Source of many lists does not pay a round trip per list on the critical path. Only the bytes come early; the list
 * is parsed, checked and counted when its turn comes ({@link #open}), so entries, errors and progress arrive in the
 * same order as without fetching ahead. A fetch ahead that failed is fetched again in its turn: its error is then
 * reported where it would have been, after the retries of an ordinary fetch.
 */
final class ListFetchAhead implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ListFetchAhead.class);

    private final DocumentLoader loader;
    private final URI uri;
    private final CompletableFuture<DocumentLoader.Fetched> fetched;

    /** the fetch asks with the validators of the list's last complete processing */
    private final boolean conditional;

    private ListFetchAhead(DocumentLoader loader, URI uri, boolean conditional) {
        this.loader = loader;
        this.uri = uri;
        this.conditional = conditional;
        this.fetched = CompletableFuture.supplyAsync(this::fetch, task -> {
            Thread t = new Thread(task, "resourcesync-list-ahead");
            t.setDaemon(true);
            t.start();
        });
    }

    /** Starts fetching {@code uri} now. */
    static ListFetchAhead start(DocumentLoader loader, URI uri) {
        return new ListFetchAhead(loader, uri, false);
    }

    /** Starts fetching {@code uri} now, conditionally: an unchanged list costs a 304 ({@link #openIfChanged}). */
    static ListFetchAhead startIfChanged(DocumentLoader loader, URI uri) {
        return new ListFetchAhead(loader, uri, true);
    }

    private DocumentLoader.Fetched fetch() {
        try {
            return conditional ? loader.fetchAheadIfChanged(uri) : loader.fetchAhead(uri);
        } catch (IOException e) {
            throw new CompletionException(e);
        }
    }

    /** Waits for the body and opens the list; fetches it again when fetching ahead failed. */
    SitemapDocument open(Capability expected) throws IOException {
        DocumentLoader.Fetched body = awaited();
        return body != null ? loader.open(body, expected) : loader.open(uri, expected);
    }

    /**
     * Waits for the answer of a conditional fetch and opens the list; {@code null} when it was not modified. Fetches it
     * again in its turn when fetching ahead failed.
     */
    DocumentLoader.Opened openIfChanged(Capability expected) throws IOException {
        DocumentLoader.Fetched body = awaited();
        return body != null ? loader.openIfChanged(body, expected) : loader.openIfChanged(uri, expected, true);
    }

    /** The answer fetched ahead, or {@code null} when fetching ahead failed (the list is then fetched in its turn). */
    private DocumentLoader.Fetched awaited() {
        try {
            return fetched.join();
        } catch (CompletionException | CancellationException e) {
            LOG.debug("Fetching {} ahead failed ({}); fetching it in its turn", UrlRedaction.redact(uri), e.getCause());
            return null;
        }
    }

    /** Lets go of a list never opened: its body, now or when it arrives. */
    @Override
    public void close() {
        fetched.whenComplete((body, failure) -> {
            if (body != null) {
                body.close();
            }
        });
    }
}
