package io.github.camelresourcesync.bridge.metashare;

import java.net.URI;

import io.github.camelresourcesync.http.FetchException;

/**
 * A META-SHARE node refused or garbled a request: login, inventory or one record. The message names the node (never
 * with credentials) and the record; {@link #getStatusCode()} is the HTTP status, 0 when the response was unusable.
 */
public class MetashareException extends FetchException {

    private static final long serialVersionUID = 1L;

    public MetashareException(URI uri, int statusCode, String message) {
        super(uri, statusCode, message);
    }

    public MetashareException(URI uri, int statusCode, String message, Throwable cause) {
        super(uri, statusCode, message, cause);
    }
}
