package io.github.camelresourcesync.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.apache.hc.client5.http.utils.DateUtils;

/** Reads a {@code Retry-After} header: delay seconds or an HTTP-date (RFC 9110, section 10.2.3). */
final class RetryAfter {

    private RetryAfter() {
    }

    /** The delay the server asks for; empty when the header is absent or unreadable. Dates in the past give zero. */
    static Optional<Duration> parse(String value, Clock clock) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim();
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
            } catch (NumberFormatException e) {
                // more digits than a long: the server means "a very long time"; the cap applies
                return Optional.of(Duration.ofSeconds(Long.MAX_VALUE / 1000));
            }
        }
        Instant at = DateUtils.parseStandardDate(v);
        if (at == null) {
            return Optional.empty();
        }
        Duration d = Duration.between(clock.instant(), at);
        return Optional.of(d.isNegative() ? Duration.ZERO : d);
    }
}
