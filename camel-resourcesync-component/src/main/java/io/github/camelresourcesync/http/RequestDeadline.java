package io.github.camelresourcesync.http;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.apache.hc.core5.concurrent.Cancellable;

/**
 * The deadline of one request as a whole ({@link FetcherConfig#requestTimeout()}): when it passes, the request is
 * cancelled (its connection closed), whatever phase it is in, and the failure says so. One timer thread for the whole
 * JVM: deadlines are rare events, not work.
 */
final class RequestDeadline implements AutoCloseable {

    /** No deadline: {@link #expired()} is never true. */
    static final RequestDeadline NONE = new RequestDeadline(null, Duration.ZERO);

    private static final class Timer {
        static final ScheduledThreadPoolExecutor INSTANCE = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "resourcesync-request-deadline");
                t.setDaemon(true);
                return t;
            });
            // a request that ends in time takes its timer out of the queue: otherwise every request's cancelled timer
            // (and the request it refers to) stayed queued for the whole requestTimeout, 10 minutes by default, which
            // at thousands of requests a second is millions of objects and a slower queue for every new deadline
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }

    /** Deadlines of requests under way (for tests): one per request not yet ended. */
    static int pending() {
        return Timer.INSTANCE.getQueue().size();
    }

    private final Duration timeout;
    private final ScheduledFuture<?> task;
    private volatile boolean expired;

    private RequestDeadline(Cancellable request, Duration timeout) {
        this.timeout = timeout;
        this.task = request == null ? null : Timer.INSTANCE.schedule(() -> {
            expired = true;
            request.cancel();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts the deadline of {@code request}; {@link #NONE} when {@code timeout} is zero or negative. */
    static RequestDeadline start(Cancellable request, Duration timeout) {
        return timeout.isZero() || timeout.isNegative() ? NONE : new RequestDeadline(request, timeout);
    }

    boolean expired() {
        return expired;
    }

    /** The request ended in time (or failed otherwise): the timer is not needed any more. */
    @Override
    public void close() {
        if (task != null) {
            task.cancel(false);
        }
    }

    /** The failure to report instead of the I/O error the cancellation caused; never retried. */
    FetchException failure(URI safeUri, String description, long bytesReceived, Throwable cause) {
        return new FetchException(safeUri, 0, description + " did not complete within " + timeout.toMillis()
                + " ms (requestTimeout) after " + bytesReceived + " bytes of the body; raise requestTimeout for"
                + " very large resources", cause);
    }
}
