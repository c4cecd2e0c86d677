package io.github.camelresourcesync.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

/**
 * The document body as the caller sees it. Remembers whether the end was reached (so closing can return the connection
 * to the pool instead of dropping it), tells the listener how many bytes were read, and turns read errors into
 * {@link FetchException}s naming the URL.
 */
final class DocumentBodyStream extends FilterInputStream {

    private final URI uri;
    private final String description;
    private final FetchListener listener;
    private long count;
    private boolean eof;
    private boolean reported;
    private final RequestDeadline deadline;

    /** {@code description} names the request in messages, e.g. {@code GET https://example.org/changelist.xml}. */
    DocumentBodyStream(InputStream in, URI uri, String description, FetchListener listener) {
        this(in, uri, description, listener, RequestDeadline.NONE);
    }

    /** With the deadline of the request whose body this is: a read it cut short says so. */
    DocumentBodyStream(InputStream in, URI uri, String description, FetchListener listener,
                       RequestDeadline deadline) {
        super(in);
        this.uri = uri;
        this.description = description;
        this.listener = listener;
        this.deadline = deadline;
    }

    @Override
    public int read() throws IOException {
        try {
            int b = in.read();
            if (b < 0) {
                reachedEnd();
            } else {
                count++;
            }
            return b;
        } catch (IOException e) {
            throw translate(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            int n = in.read(b, off, len);
            if (n < 0) {
                reachedEnd();
            } else {
                count += n;
            }
            return n;
        } catch (IOException e) {
            throw translate(e);
        }
    }

    @Override
    public long skip(long n) throws IOException {
        try {
            long skipped = in.skip(n);
            count += skipped;
            return skipped;
        } catch (IOException e) {
            throw translate(e);
        }
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public void close() throws IOException {
        report();
        in.close();
    }

    boolean atEnd() {
        return eof;
    }

    /** Reports the bytes read so far as the body received (once): what is read after is not the reader's. */
    void reportReceived() {
        report();
    }

    private void reachedEnd() {
        eof = true;
        report();
    }

    private void report() {
        if (!reported) {
            reported = true;
            listener.received(uri, count);
        }
    }

    private IOException translate(IOException e) {
        if (e instanceof FetchException) {
            return e;
        }
        if (deadline.expired()) {
            return deadline.failure(uri, description, count, e);
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new FetchException(uri, 0, "reading the body of " + description + " failed after " + count + " bytes: "
                + message, e);
    }
}
