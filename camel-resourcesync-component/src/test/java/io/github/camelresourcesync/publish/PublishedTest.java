package io.github.camelresourcesync.publish;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When an event tells a harvester nothing new about a resource (so the publisher lists no change for it), and which
 * digests a published entry shows.
 */
class PublishedTest {

    private static final URI A = URI.create("https://example.org/a");
    private static final Instant T = Instant.parse("2024-01-01T00:00:00Z");
    private static final Hashes MD5 = Hashes.of(Map.of("md5", "1e0ca5b3"));

    private static Published p(Hashes hash, Long length, Instant lastmod, String type, URI via, Instant source) {
        return new Published(A, ChangeType.UPDATED, T, lastmod, hash, length, type, via, null, source);
    }

    @Test
    void theSameFactsAreTheSameStateWhateverTheTime() {
        assertTrue(p(MD5, null, null, null, null, T).sameState(p(MD5, null, null, null, null, T.plusSeconds(9))));
        assertTrue(p(null, 3L, null, null, null, T).sameState(p(null, 3L, null, null, null, T.plusSeconds(9))));
        assertTrue(p(null, null, T, null, null, T).sameState(p(null, null, T, null, null, T.plusSeconds(9))));
    }

    @Test
    void anyFactThatDiffersIsANewState() {
        Published base = p(MD5, 3L, T, "text/plain", null, T);
        assertFalse(base.sameState(p(Hashes.of(Map.of("md5", "ffff")), 3L, T, "text/plain", null, T)));
        assertFalse(base.sameState(p(MD5, 4L, T, "text/plain", null, T)));
        assertFalse(base.sameState(p(MD5, 3L, T.plusSeconds(1), "text/plain", null, T)));
        assertFalse(base.sameState(p(MD5, 3L, T, "text/html", null, T)));
        assertFalse(base.sameState(p(MD5, 3L, T, "text/plain", URI.create("https://example.org/b"), T)));
        assertTrue(base.sameState(p(MD5, 3L, T, "text/plain", null, T)));
    }

    /** With no hash, length or lastmod only the event's own time tells: a later one is a later change. */
    @Test
    void withNothingToCompareALaterEventIsANewState() {
        Published known = p(null, null, null, null, null, T);
        assertFalse(known.sameState(p(null, null, null, null, null, T.plusSeconds(1))));
        assertTrue(known.sameState(p(null, null, null, null, null, T)), "the same event again");
        assertTrue(known.sameState(p(null, null, null, null, null, T.minusSeconds(1))), "an older one");
        assertTrue(known.sameState(p(null, null, null, null, null, null)), "an event without a time");
        assertFalse(p(null, null, null, null, null, null).sameState(p(null, null, null, null, null, T)),
                "a time where none was known");
    }

    @Test
    void anEntryShowsThePublishedAlgorithmsOnlyInTheirOrder() {
        Hashes three = Hashes.parse("sha-1:0b sha-256:0c md5:0a");
        assertEquals("md5:0a sha-256:0c", HashAlgorithms.published(three, List.of("md5", "sha-256")).toString());
        assertEquals("md5:0a", HashAlgorithms.published(three, List.of("md5")).toString());
        Hashes inOrder = Hashes.parse("md5:0a sha-256:0c");
        assertSame(inOrder, HashAlgorithms.published(inOrder, List.of("md5", "sha-256")), "nothing to rebuild");
        assertEquals(Hashes.EMPTY, HashAlgorithms.published(Hashes.parse("sha-1:0b"), List.of("md5")));
        assertEquals(List.of("md5", "sha-256"), HashAlgorithms.validated(List.of("md5", "sha-256")));
    }
}
