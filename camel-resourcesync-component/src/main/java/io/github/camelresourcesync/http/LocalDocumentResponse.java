package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;

/** A {@link DocumentResponse} for {@code file:} and {@code classpath:} URLs; status is always 0. */
final class LocalDocumentResponse implements DocumentResponse {

    private final URI uri;
    private final String contentType;
    private final Validators validators;
    private final InputStream body;

    private LocalDocumentResponse(URI uri, String contentType, Validators validators, InputStream body) {
        this.uri = uri;
        this.contentType = contentType;
        this.validators = validators;
        this.body = body;
    }

    static LocalDocumentResponse notModified(URI uri, Validators validators) {
        return new LocalDocumentResponse(uri, null, validators, null);
    }

    static LocalDocumentResponse of(URI uri, String contentType, Validators validators, InputStream body) {
        return new LocalDocumentResponse(uri, contentType, validators, body);
    }

    @Override
    public boolean notModified() {
        return body == null;
    }

    @Override
    public int status() {
        return 0;
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public String contentType() {
        return contentType;
    }

    @Override
    public Validators validators() {
        return validators;
    }

    @Override
    public List<String> headers(String name) {
        return List.of();
    }

    @Override
    public InputStream body() {
        if (body == null) {
            throw new IllegalStateException(uri + " is not modified; there is no body");
        }
        return body;
    }

    @Override
    public void close() {
        if (body != null) {
            try {
                body.close();
            } catch (IOException ignored) {
                // a local stream; nothing to release beyond the descriptor
            }
        }
    }
}
