package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2015-10-21T07:28:00Z"), ZoneOffset.UTC);

    @Test
    void seconds() {
        assertEquals(Optional.of(Duration.ofSeconds(120)), RetryAfter.parse("120", CLOCK));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse(" 0 ", CLOCK));
    }

    @Test
    void httpDate() {
        assertEquals(Optional.of(Duration.ofSeconds(90)), RetryAfter.parse("Wed, 21 Oct 2015 07:29:30 GMT", CLOCK));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Wed, 21 Oct 2015 07:00:00 GMT", CLOCK),
                "a date in the past means now");
    }

    @Test
    void absentOrUnreadable() {
        assertEquals(Optional.empty(), RetryAfter.parse(null, CLOCK));
        assertEquals(Optional.empty(), RetryAfter.parse("soon", CLOCK));
        assertEquals(Optional.empty(), RetryAfter.parse("-5", CLOCK));
    }
}
