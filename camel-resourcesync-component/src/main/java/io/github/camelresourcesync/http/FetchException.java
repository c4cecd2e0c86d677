package io.github.camelresourcesync.http;

import java.io.IOException;
import java.net.URI;

/**
 * A fetch that failed: an HTTP error status, a connection problem after all retries, a body larger than allowed. The
 * message names the URL (without credentials) and the status. {@link #getStatusCode()} is 0 when there was no response.
 */
public class FetchException extends IOException {

    private final URI uri;
    private final int statusCode;

    public FetchException(URI uri, int statusCode, String message) {
        this(uri, statusCode, message, null);
    }

    public FetchException(URI uri, int statusCode, String message, Throwable cause) {
        super(message, cause);
        this.uri = uri;
        this.statusCode = statusCode;
    }

    public URI getUri() {
        return uri;
    }

    /** The HTTP status, or 0 when no response was received (connection refused, timeout, reset, limit). */
    public int getStatusCode() {
        return statusCode;
    }

    /** {@code true} for 404 and 410: the resource is gone. */
    public boolean isGone() {
        return statusCode == 404 || statusCode == 410;
    }
}
