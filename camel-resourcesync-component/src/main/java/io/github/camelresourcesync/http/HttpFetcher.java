package io.github.camelresourcesync.http;

import java.io.IOException;
import java.net.URI;
import java.util.Collection;

import io.github.camelresourcesync.model.Content;

/**
 * Fetches capability documents and resource bodies over HTTP(S) with one pooled Apache HttpClient 5, and from
 * {@code file:} and {@code classpath:} URLs. Thread-safe; one instance per endpoint.
 */
public final class HttpFetcher implements AutoCloseable {

    public HttpFetcher(FetcherConfig config) {
        throw new UnsupportedOperationException("TODO");
    }

    /**
     * GETs a capability document, conditionally when {@code validators} are given.
     *
     * @throws FetchException on an error status (after retries), or when no response could be had
     */
    public DocumentResponse fetchDocument(URI uri, Validators validators) throws IOException {
        throw new UnsupportedOperationException("TODO");
    }

    /**
     * GETs a resource body completely (memory or temporary file), computing the digests of {@code algorithms}
     * ({@code md5}, {@code sha-1}, {@code sha-256}, ... as in {@link io.github.camelresourcesync.model.Hashes}) while
     * it streams by. Not decompressed beyond the HTTP content coding.
     *
     * @throws FetchException on an error status (after retries), no response, or a body over the size limit
     */
    public Content fetchContent(URI uri, Collection<String> algorithms) throws IOException {
        throw new UnsupportedOperationException("TODO");
    }

    @Override
    public void close() {
    }
}
