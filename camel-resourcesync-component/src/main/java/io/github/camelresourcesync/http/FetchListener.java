package io.github.camelresourcesync.http;

import java.net.URI;

/**
 * Told about what the fetcher does, for logs, metrics, the health check and tracing. Implementations must be
 * thread-safe. URIs given to a listener carry no credentials ({@link UrlRedaction#safe}).
 */
public interface FetchListener {

    FetchListener NONE = new FetchListener() {
    };

    /** One HTTP request on its way, told once how it ended (a tracing span, say). */
    @FunctionalInterface
    interface Request {

        Request NONE = (status, finalUri, failure) -> {
        };

        /**
         * The request ended: a response arrived ({@code status} > 0, {@code failure} null) at {@code finalUri} (the
         * end of any redirect chain), or none did ({@code status} 0, {@code failure} says why without credentials).
         */
        void ended(int status, URI finalUri, String failure);
    }

    /** A request is about to be sent (each attempt of a retried one, each hop of a redirect chain together). */
    default Request requesting(String method, URI uri) {
        return Request.NONE;
    }

    /** A request is retried after {@code delayMillis}; {@code reason} names the status or the error. */
    default void retrying(URI uri, int attempt, long delayMillis, String reason) {
    }

    /** A response arrived (any status). */
    default void responded(URI uri, int status) {
    }

    /** Bytes received of a body (after decompression). */
    default void received(URI uri, long bytes) {
    }

    /**
     * Both listeners, {@code first} told first; either may be {@link #NONE}. Each is shielded on its own, so one that
     * throws neither fails a fetch nor keeps the other from being told.
     */
    static FetchListener both(FetchListener first, FetchListener second) {
        if (first == null || first == NONE) {
            return second == null ? NONE : second;
        }
        if (second == null || second == NONE) {
            return first;
        }
        return new FetchListeners(SafeListener.wrap(first), SafeListener.wrap(second));
    }
}
