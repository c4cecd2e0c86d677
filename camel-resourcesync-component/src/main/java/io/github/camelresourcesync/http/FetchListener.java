package io.github.camelresourcesync.http;

import java.net.URI;

/** Told about what the fetcher does, for logs, metrics and the health check. Implementations must be thread-safe. */
public interface FetchListener {

    FetchListener NONE = new FetchListener() {
    };

    /** A request is retried after {@code delayMillis}; {@code reason} names the status or the error. */
    default void retrying(URI uri, int attempt, long delayMillis, String reason) {
    }

    /** A response arrived (any status). */
    default void responded(URI uri, int status) {
    }

    /** Bytes received of a body (after decompression). */
    default void received(URI uri, long bytes) {
    }
}
