package io.github.camelresourcesync.publish;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each value a published document will hold, checked where it enters: the good ones pass unchanged (at the edges of
 * what is allowed), each bad one is refused with a message naming where it came from, the value escaped, and what was
 * expected; a stored record is judged by the same checks.
 */
class EventValuesTest {

    private static final URI A = URI.create("https://example.org/a");
    private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private static String refusal(ThrowingCall call) {
        return assertThrows(PublishException.class, call::run).getMessage();
    }

    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws Exception;
    }

    @Test
    void locationsMustBeAbsoluteAndOfXmlCharacters() throws Exception {
        assertSame(A, EventValues.location(A, "the header"));
        assertEquals(A, EventValues.location("https://example.org/a", "the header"));
        assertEquals("the header is \"null\": expected an absolute URI of XML 1.0 characters",
                refusal(() -> EventValues.location((URI) null, "the header")));
        assertTrue(refusal(() -> EventValues.location(URI.create("relative/a"), "the header"))
                .startsWith("the header is \"relative/a\": expected an absolute URI"));
        assertTrue(refusal(() -> EventValues.location("https://example.org/\u0001", "CamelResourceSyncLocation"))
                .startsWith("CamelResourceSyncLocation is \"https://example.org/\\u0001\""));
        String syntax = refusal(() -> EventValues.location("https://exa mple.org/", "the header"));
        assertEquals("the header is \"https://exa mple.org/\": expected an absolute URI (Illegal character in authority"
                     + " at index 8)", syntax);
    }

    @Test
    void mediaTypesAreRfc6838OrAbsent() throws Exception {
        assertNull(EventValues.mediaType(null, "t"));
        assertEquals("application/atom+xml", EventValues.mediaType("application/atom+xml", "t"));
        String m = refusal(() -> EventValues.mediaType("pdf", "CamelResourceSyncMediaType"));
        assertTrue(m.startsWith("CamelResourceSyncMediaType is \"pdf\": expected "), m);
    }

    @Test
    void hashesAreAlgorithmColonHexWithPlainAlgorithmNames() throws Exception {
        Hashes h = EventValues.hash("md5:1e0ca5b3 sha-256:0a0b", "h");
        assertEquals(Map.of("md5", "1e0ca5b3", "sha-256", "0a0b"), h.digests());
        assertEquals(Hashes.EMPTY, EventValues.hash("", "h"));
        String bad = refusal(() -> EventValues.hash("md5:1e0ca5b3 nonsense", "CamelResourceSyncHash"));
        assertTrue(bad.startsWith("CamelResourceSyncHash is \"md5:1e0ca5b3 nonsense\": expected space-separated"
                                  + " algorithm:hexdigest values ("), bad);
        String name = refusal(() -> EventValues.hash(Hashes.of(Map.of("sha_256", "0a")), "the hash"));
        assertTrue(name.contains("expected algorithm names of letters, digits and '-'"), name);
        assertSame(Hashes.EMPTY, EventValues.hash(Hashes.EMPTY, "the hash"));
    }

    @Test
    void lengthsAreByteCountsOrAbsent() throws Exception {
        assertNull(EventValues.length(null, "l"));
        assertEquals(0L, EventValues.length(0L, "l"));
        assertEquals("l is \"-1\": expected a number of bytes, 0 or more", refusal(() -> EventValues.length(-1L, "l")));
    }

    @Test
    void timesFitAW3cDatetimeFromYear0000To9999() throws Exception {
        assertNull(EventValues.time(null, "t"));
        assertEquals(FIRST, EventValues.time(FIRST, "t"));
        assertEquals(LAST, EventValues.time(LAST, "t"));
        assertTrue(refusal(() -> EventValues.time(FIRST.minusNanos(1), "t"))
                .endsWith("expected a time in the years 0000 to 9999"));
        assertTrue(refusal(() -> EventValues.time(LAST.plusNanos(1), "t"))
                .endsWith("expected a time in the years 0000 to 9999"));
    }

    @Test
    void anEventIsCheckedFieldByFieldNamingItsLocation() throws Exception {
        Instant now = Instant.parse("2024-01-01T00:00:00Z");
        EventValues.check(event(now, now, 3L, "text/plain"));
        assertTrue(refusal(() -> EventValues.check(event(now, now, 3L, "x"))).startsWith("the media type of " + A));
        assertTrue(refusal(() -> EventValues.check(event(now, now, -3L, null))).startsWith("the length of " + A));
        assertTrue(refusal(() -> EventValues.check(event(LAST.plus(Duration.ofDays(1)), now, 3L, null)))
                .startsWith("the datetime of " + A));
        assertTrue(refusal(() -> EventValues.check(event(now, LAST.plus(Duration.ofDays(1)), 3L, null)))
                .startsWith("the lastmod of " + A));
    }

    @Test
    void aStoredRecordIsJudgedByTheSameChecks() {
        Instant now = Instant.parse("2024-01-01T00:00:00Z");
        assertNull(EventValues.problem(published(A, null, "text/plain", 1L, now, now)));
        assertNull(EventValues.problem(published(A, URI.create("https://example.org/was"), null, null, null, null)));
        assertTrue(EventValues.problem(published(A, URI.create("was"), null, null, now, now))
                .startsWith("its original location is \"was\""));
        assertTrue(EventValues.problem(published(A, null, "text/\u0001", null, now, now)).startsWith("its media type"));
        assertTrue(EventValues.problem(published(A, null, null, -1L, now, now)).startsWith("its length"));
        assertTrue(EventValues.problem(published(A, null, null, null, LAST.plusSeconds(1), now))
                .startsWith("its datetime"));
        assertTrue(EventValues.problem(published(A, null, null, null, now, FIRST.minusSeconds(1)))
                .startsWith("its lastmod"));
        assertTrue(EventValues.problem(published(URI.create("a"), null, null, null, now, now))
                .startsWith("its location"));
    }

    private static SyncEvent event(Instant datetime, Instant lastmod, Long length, String type) {
        return new SyncEvent("key", A, ChangeType.UPDATED, datetime, lastmod, Hashes.EMPTY, length, type, null, null,
                null, null, null, null, null);
    }

    private static Published published(URI loc, URI via, String type, Long length, Instant datetime,
                                       Instant lastmod) {
        return new Published(loc, ChangeType.UPDATED, datetime, lastmod, Hashes.EMPTY, length, type, via, null, null);
    }
}
