package io.github.camelresourcesync.harvest.audit;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.LiteralSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit's on-disk memory: listed keys (duplicates detected), extra resources kept with every field (nulls too)
 * and read back in key order, and the temporary file removed on close.
 */
class AuditScratchTest {

    @TempDir
    Path tmp;

    private long files(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void aKeyIsListedOnceAndDuplicatesAreToldApart() throws Exception {
        try (AuditScratch s = new AuditScratch(tmp)) {
            assertFalse(s.isListed("res/a.txt"));
            assertTrue(s.markListed("res/a.txt"));
            assertTrue(s.isListed("res/a.txt"));
            assertFalse(s.markListed("res/a.txt"), "listed twice");
            assertFalse(s.isListed("res/b.txt"));
        }
    }

    @Test
    void extraResourcesComeBackWithEveryFieldInKeyOrder() throws Exception {
        Hashes hash = Hashes.of(Map.of("md5", LiteralSource.digest("md5", "x"), "sha-256",
                LiteralSource.digest("sha-256", "x")));
        AuditDestination.Held full = new AuditDestination.Held("src http://h/r/b", "src", URI.create("http://h/r/b"),
                "r/b", Instant.parse("2024-03-01T10:11:12.123456789Z"), hash, 1L, false);
        AuditDestination.Held bare = new AuditDestination.Held("r/a file", null, null, "r/a file", null, null, null,
                true);
        AuditDestination.Held noName = new AuditDestination.Held("src http://h/r/c", "src",
                URI.create("http://h/r/c"), null, Instant.parse("2024-03-01T00:00:00Z"), Hashes.EMPTY, 0L, true);
        try (AuditScratch s = new AuditScratch(tmp.resolve("not/yet"))) {
            assertEquals(0, s.extraCount());
            assertFalse(s.extras().hasNext());
            s.addExtra(noName);
            s.addExtra(full);
            s.addExtra(bare);
            s.addExtra(bare); // the same key again: still one
            assertEquals(3, s.extraCount());
            List<AuditDestination.Held> back = new ArrayList<>();
            for (Iterator<AuditDestination.Held> it = s.extras(); it.hasNext();) {
                back.add(it.next());
            }
            assertEquals(List.of(bare, full, noName), back);
            assertEquals(Hashes.EMPTY.toString(), back.get(0).hash().toString());
            assertEquals(1, files(tmp.resolve("not/yet")), "one temporary file while it runs");
        }
        assertEquals(0, files(tmp.resolve("not/yet")), "deleted on close");
    }

    @Test
    void closingTwiceIsHarmless() throws Exception {
        AuditScratch s = new AuditScratch(tmp);
        s.markListed("k");
        s.close();
        s.close();
        assertEquals(0, files(tmp));
    }
}
