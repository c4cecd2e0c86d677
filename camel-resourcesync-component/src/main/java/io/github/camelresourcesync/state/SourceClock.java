package io.github.camelresourcesync.state;

import java.time.Duration;
import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far a Source's times are trusted: a time later than this machine's clock plus the tolerance (a clock far ahead,
 * a typo such as the year 3000) would, as a resume point, skip every later change in silence. Such a time is reported
 * and read as absent wherever it would move a resume point; the change it dates is still delivered.
 *
 * @param tolerance how far a Source's clock may run ahead of this machine's
 */
public record SourceClock(Duration tolerance) {

    private static final Logger LOG = LoggerFactory.getLogger(SourceClock.class);

    /** The default tolerance ({@code clockSkewTolerance}): five minutes. */
    public static final long DEFAULT_TOLERANCE_MILLIS = 300_000;
    public static final SourceClock DEFAULT = new SourceClock(Duration.ofMillis(DEFAULT_TOLERANCE_MILLIS));

    public SourceClock {
        if (tolerance == null || tolerance.isNegative()) {
            throw new IllegalArgumentException("clockSkewTolerance must be 0 or more, not " + tolerance);
        }
    }

    /**
     * @param document the document that gave the time, and {@code what} in it (an entry, an attribute): both logged
     * @return {@code time}, or {@code null} (after a WARN) when it is later than now plus the tolerance
     */
    public Instant trusted(Instant time, Object document, Object what) {
        if (time == null) {
            return null;
        }
        Instant latest = Instant.now().plus(tolerance);
        if (!time.isAfter(latest)) {
            return time;
        }
        LOG.warn("{}: {} is dated {}, later than this machine's clock plus clockSkewTolerance ({}); the time is not"
                 + " used as a resume point", document, what, time, latest);
        return null;
    }
}
