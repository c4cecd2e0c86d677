package io.github.camelresourcesync.http;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with full jitter: retry {@code n} waits a uniformly random time in
 * {@code [0, min(max, initial * 2^(n-1))]}. Full jitter spreads the retries of many parallel harvesters instead of
 * letting them hammer a recovering Source in lock-step.
 */
public final class Backoff {

    /** The jitter of a real backoff: uniform in {@code [0, 1)}. */
    public static final DoubleSupplier UNIFORM_JITTER = () -> ThreadLocalRandom.current().nextDouble();

    private final long initialMillis;
    private final long maxMillis;
    private final DoubleSupplier random;

    public Backoff(Duration initial, Duration max) {
        this(initial, max, UNIFORM_JITTER);
    }

    /** {@code random} yields values in {@code [0, 1)}; replaceable for tests. */
    public Backoff(Duration initial, Duration max, DoubleSupplier random) {
        this.initialMillis = Math.max(0, initial.toMillis());
        this.maxMillis = Math.max(0, max.toMillis());
        this.random = random;
    }

    /** The delay before retry number {@code retry} (1 for the first retry). */
    public long delayMillis(int retry) {
        return Math.round(random.getAsDouble() * ceilingMillis(retry));
    }

    /** The upper bound of the jittered delay before retry number {@code retry}. */
    long ceilingMillis(int retry) {
        int doublings = Math.min(Math.max(retry - 1, 0), 62);
        long ceiling = initialMillis;
        for (int i = 0; i < doublings && ceiling < maxMillis; i++) {
            ceiling *= 2;
        }
        return Math.min(ceiling, maxMillis);
    }

    /** A server-requested delay ({@code Retry-After}), honoured but never longer than the maximum delay. */
    long retryAfterMillis(Duration retryAfter) {
        return Math.min(Math.max(0, retryAfter.toMillis()), maxMillis);
    }
}
