package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SyncEventsTest {

    @Test
    void eventIdTimesAreWrittenAsInstantToStringWrites() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        List<Instant> times = new java.util.ArrayList<>(List.of(Instant.EPOCH, Instant.parse("1969-12-31T23:59:59Z"),
                Instant.parse("9999-12-31T23:59:59.999999999Z"), Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("2020-02-29T12:00:00.100Z"), Instant.parse("2020-02-29T12:00:00.000100Z"),
                Instant.parse("2020-02-29T12:00:00.000000100Z"), Instant.parse("-0001-06-01T00:00:00Z")));
        for (int i = 0; i < 10_000; i++) {
            long seconds = random.nextLong(-100_000_000_000L, 400_000_000_000L);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            times.add(Instant.ofEpochSecond(seconds, nanos));
        }
        URI loc = URI.create("http://host/a");
        for (Instant t : times) {
            assertEquals("http://host/a@" + t, SyncEvents.eventId(loc, t, Hashes.EMPTY));
        }
    }

    @Test
    void eventIdsUseTheTimeElseTheHash() {
        URI loc = URI.create("http://host/a");
        Hashes md5 = Hashes.of(Map.of("md5", "AB"));
        assertEquals("http://host/a@2024-01-01T00:00:00Z",
                SyncEvents.eventId(loc, Instant.parse("2024-01-01T00:00:00Z"), md5));
        assertEquals("http://host/a#md5:ab", SyncEvents.eventId(loc, null, md5));
        assertEquals("http://host/a", SyncEvents.eventId(loc, null, Hashes.EMPTY));
    }
}
