package io.github.camelresourcesync.http;

import java.io.IOException;
import java.time.Duration;

/**
 * Signals, from one attempt to {@link Retrier}, a response that says "try again later" (5xx, 429, 408). Carries the
 * exception to throw should no retry be left, and the server's {@code Retry-After}, if any.
 */
final class RetryableResponseException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient FetchException failure;
    private final transient Duration retryAfter;

    RetryableResponseException(FetchException failure, String reason, Duration retryAfter) {
        super(reason);
        this.failure = failure;
        this.retryAfter = retryAfter;
    }

    FetchException failure() {
        return failure;
    }

    /** {@code null} when the server did not say. */
    Duration retryAfter() {
        return retryAfter;
    }
}
