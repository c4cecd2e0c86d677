package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;

/** A {@link DocumentResponse} over HTTP: 304 without a body, or 2xx with a decompressed, bounded body. */
final class HttpDocumentResponse implements DocumentResponse {

    private final OpenResponse response;
    private final Validators validators;
    private final DocumentBodyStream body;
    private boolean closed;

    private HttpDocumentResponse(OpenResponse response, Validators validators, DocumentBodyStream body) {
        this.response = response;
        this.validators = validators;
        this.body = body;
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
        return body;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (body.atEnd()) {
            closeQuietly(body);
            response.release();
        } else {
            // the caller stopped early: drop the connection first, so closing the stream does not download the rest
            response.abort();
            closeQuietly(body);
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
