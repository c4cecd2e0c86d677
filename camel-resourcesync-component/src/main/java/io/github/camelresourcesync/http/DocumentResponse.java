package io.github.camelresourcesync.http;

import java.io.InputStream;
import java.net.URI;
import java.util.List;

/**
 * The answer to a document fetch. When {@link #notModified()} there is no body. Otherwise {@link #body()} streams the
 * decompressed document (gzip by {@code Content-Encoding} or by magic bytes), bounded by the maximum document size.
 * The caller closes it, which releases the connection.
 */
public interface DocumentResponse extends AutoCloseable {

    /** {@code true} for a 304 answer to a conditional GET. */
    boolean notModified();

    /** 200, 304, or 0 for {@code file:}/{@code classpath:} URLs. */
    int status();

    /** The URI the document was finally read from, after redirects. */
    URI uri();

    /** {@code Content-Type} as served, or {@code null}. */
    String contentType();

    /** ETag / Last-Modified to send next time. */
    Validators validators();

    /** All values of a response header (e.g. {@code Link}), never null. */
    List<String> headers(String name);

    /** The body; must not be called when {@link #notModified()}. */
    InputStream body();

    @Override
    void close();
}
