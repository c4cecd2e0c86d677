package io.github.camelresourcesync.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;

/**
 * A {@link DocumentResponse} over HTTP: 304 without a body, or 2xx with a decompressed, bounded body. Closing the body
 * (what a parser does when it is done) closes the response: its deadline is dropped and its connection goes back to
 * the pool, or is closed when the reader stopped early.
 */
final class HttpDocumentResponse implements DocumentResponse {

    /** What may be left after the root element's end (white space, a comment) is read so the connection is kept. */
    private static final int TRAILER_LIMIT = 16 * 1024;

    private final OpenResponse response;
    private final Validators validators;
    private final DocumentBodyStream body;
    private final InputStream closingBody;
    private boolean closed;

    private HttpDocumentResponse(OpenResponse response, Validators validators, DocumentBodyStream body) {
        this.response = response;
        this.validators = validators;
        this.body = body;
        this.closingBody = body == null ? null : new FilterInputStream(body) {
            @Override
            public void close() {
                HttpDocumentResponse.this.close();
            }
        };
    }

    /** A 304; the response is released at once. Validators the server did not repeat are kept from the request. */
    static HttpDocumentResponse notModified(OpenResponse response, Validators sent) {
        Validators got = response.validators();
        Validators merged = new Validators(got.etag() != null ? got.etag() : sent.etag(),
                got.lastModified() != null ? got.lastModified() : sent.lastModified());
        response.release();
        HttpDocumentResponse r = new HttpDocumentResponse(response, merged, null);
        r.closed = true;
        return r;
    }

    static HttpDocumentResponse ok(OpenResponse response, DocumentBodyStream body) {
        return new HttpDocumentResponse(response, response.validators(), body);
    }

    @Override
    public boolean notModified() {
        return body == null;
    }

    @Override
    public int status() {
        return response.status();
    }

    @Override
    public URI uri() {
        return response.finalUri();
    }

    @Override
    public String contentType() {
        return response.contentType();
    }

    @Override
    public Validators validators() {
        return validators;
    }

    @Override
    public List<String> headers(String name) {
        return response.headers(name);
    }

    @Override
    public InputStream body() {
        if (body == null) {
            throw new IllegalStateException("a 304 Not Modified response has no body: " + UrlRedaction.redact(uri()));
        }
        return closingBody;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        body.reportReceived(); // what the reader read, not the trailer read below
        readTrailer();
        if (body.atEnd()) {
            closeQuietly(body);
            response.release();
        } else {
            // the caller stopped early: drop the connection first, so closing the stream does not download the rest
            response.abort();
            closeQuietly(body);
        }
    }

    /** A parser stops at the root element's end tag: the few bytes after it are read, not worth a new connection. */
    private void readTrailer() {
        byte[] buffer = new byte[4096];
        int left = TRAILER_LIMIT;
        try {
            while (left > 0 && !body.atEnd()) {
                int n = body.read(buffer, 0, Math.min(buffer.length, left));
                if (n > 0) {
                    left -= n;
                }
            }
        } catch (IOException e) {
            // the connection is aborted below
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // expected after an abort; the connection is gone either way
        }
    }
}
