package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one request with retries: asks the {@link RetryPolicy} whether a failure is transient, waits as the
 * {@link Backoff} (or the server's {@code Retry-After}) says, tells the listener and the log, and gives up with a
 * {@link FetchException} after {@code maxRetries} retries.
 */
final class Retrier {

    private static final Logger LOG = LoggerFactory.getLogger(Retrier.class);

    /** One attempt; throws {@link RetryableResponseException} for a retryable status. */
    @FunctionalInterface
    interface Attempt<T> {
        T run() throws IOException;
    }

    private final int maxRetries;
    private final RetryPolicy policy;
    private final Backoff backoff;
    private final FetchListener listener;

    Retrier(int maxRetries, RetryPolicy policy, Backoff backoff, FetchListener listener) {
        this.maxRetries = Math.max(0, maxRetries);
        this.policy = policy;
        this.backoff = backoff;
        this.listener = listener;
    }

    /**
     * @param uri         for the listener and {@link FetchException#getUri()}, without credentials
     * @param description the request as messages name it, e.g. {@code GET https://example.org/x}
     */
    <T> T call(URI uri, String description, Attempt<T> attempt) throws IOException {
        for (int retry = 0;; retry++) {
            String reason;
            Duration retryAfter = null;
            FetchException giveUp;
            try {
                return attempt.run();
            } catch (RetryableResponseException e) {
                reason = e.getMessage();
                retryAfter = e.retryAfter();
                giveUp = retry == 0 ? e.failure() : new FetchException(e.failure().getUri(),
                        e.failure().getStatusCode(), e.failure().getMessage() + " (gave up after " + (retry + 1)
                                + " attempts)");
            } catch (FetchException e) {
                throw e;
            } catch (IOException e) {
                reason = policy.describe(e);
                if (!policy.isRetryable(e)) {
                    if (e instanceof InterruptedIOException && Thread.currentThread().isInterrupted()) {
                        throw e;
                    }
                    throw new FetchException(uri, 0, description + " failed: " + reason, e);
                }
                giveUp = new FetchException(uri, 0, description + " failed" + (retry == 0 ? "" : " after " + (retry + 1)
                        + " attempts") + ": " + reason, e);
            }
            if (retry >= maxRetries) {
                throw giveUp;
            }
            int next = retry + 1;
            long delay = retryAfter != null ? backoff.retryAfterMillis(retryAfter) : backoff.delayMillis(next);
            listener.retrying(uri, next, delay, reason);
            LOG.warn("{} failed: {}; retry {} of {} in {} ms", description, reason, next, maxRetries, delay);
            pause(delay, description);
        }
    }

    private static void pause(long millis, String description) throws InterruptedIOException {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to retry " + description);
        }
    }
}
