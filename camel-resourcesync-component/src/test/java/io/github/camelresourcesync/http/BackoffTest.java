package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void ceilingDoublesUpToTheMaximum() {
        Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofMillis(1000), () -> 0.5);
        assertEquals(100, backoff.ceilingMillis(1));
        assertEquals(200, backoff.ceilingMillis(2));
        assertEquals(400, backoff.ceilingMillis(3));
        assertEquals(800, backoff.ceilingMillis(4));
        assertEquals(1000, backoff.ceilingMillis(5));
        assertEquals(1000, backoff.ceilingMillis(500), "no overflow");
    }

    @Test
    void fullJitterScalesTheCeiling() {
        assertEquals(0, new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), () -> 0.0).delayMillis(3));
        assertEquals(200, new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), () -> 0.5).delayMillis(3));
        Backoff real = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1));
        for (int i = 0; i < 1000; i++) {
            long d = real.delayMillis(2);
            assertTrue(d >= 0 && d <= 200, "delay " + d);
        }
    }

    @Test
    void retryAfterIsCapped() {
        Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(30));
        assertEquals(5000, backoff.retryAfterMillis(Duration.ofSeconds(5)));
        assertEquals(30_000, backoff.retryAfterMillis(Duration.ofHours(1)));
        assertEquals(0, backoff.retryAfterMillis(Duration.ofSeconds(-3)));
    }
}
