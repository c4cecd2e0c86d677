package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SyncEventsTest {

    private static final URI ORIGIN = URI.create("http://host:8080/");

    private static String name(String location) {
        return SyncEvents.fileName(URI.create(location), ORIGIN);
    }

    @Test
    void fileNamesAreRelativeToTheSourcesOrigin() {
        assertEquals("res/1.txt", name("http://host:8080/res/1.txt"));
        assertEquals("res/sub/2.txt", name("http://HOST:8080/res//sub/./2.txt"));
        assertEquals("other.org/a.txt", name("http://other.org/a.txt"));
        assertEquals("other.org_9000/a.txt", name("http://other.org:9000/a.txt"));
        assertEquals("host_8443/a.txt", name("https://host:8443/a.txt"));
        assertEquals("index", name("http://host:8080/"));
        assertEquals("dir/index", name("http://host:8080/dir/"));
        assertEquals("record_id_42_fmt_xml", name("http://host:8080/record?id=42&fmt=xml"));
        assertEquals("a.txt",
                SyncEvents.fileName(URI.create("http://h/a.txt"), URI.create("http://h:80/")));
    }

    @Test
    void fileNamesNeverClimbOutOfTheirDirectory() {
        assertEquals("etc/passwd", name("http://host:8080/../../etc/passwd"));
        assertEquals("a/b", name("http://host:8080/a/%2E%2E/b"));
        assertEquals("a_b/c", name("http://host:8080/a%5Cb/c"));
        assertEquals("sp_ce.txt", name("http://host:8080/sp%20ce.txt"));
    }

    /** Letters and digits of any script, {@code . - _ ~ %} stay; every other character becomes {@code _}. */
    @Test
    void fileNamesKeepOnlySafeCharacters() throws Exception {
        for (char c = 0x20; c < 0x7f; c++) {
            if (c == '/') {
                continue;
            }
            URI location = new URI("http", null, "host", 8080, "/x" + c + "y", null, null);
            boolean safe = Character.isLetterOrDigit(c) || ".-_~%".indexOf(c) >= 0;
            assertEquals("x" + (safe ? c : '_') + "y", SyncEvents.fileName(location, ORIGIN), "character " + (int) c);
        }
        assertEquals("caf\u00e9/na\u00efve_x.txt", name("http://host:8080/caf%C3%A9/na%C3%AFve%20x.txt"));
        assertEquals("a_b_c_d", name("http://host:8080/a+b@c!d"));
    }

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
