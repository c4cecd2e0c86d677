package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.digest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hash a dump package is checked with, and the spooled body of a resource that fails its fixity check. */
class FixityTest {

    @TempDir
    Path spool;

    @Test
    void aPackageIsCheckedAgainstTheStrongestPublishedHash() {
        assertEquals(Map.of("sha-256", "bb"),
                Fixity.strongestForPackage(Hashes.parse("md5:aa sha-256:bb")).digests());
        assertEquals(Map.of("sha-1", "cc"), Fixity.strongestForPackage(Hashes.parse("md5:aa sha-1:cc")).digests());
        assertEquals(Map.of("md5", "aa"), Fixity.strongestForPackage(Hashes.parse("md5:aa")).digests());
        // nothing this JVM ranks: every published hash stays (each is then verified or warned about, as for resources)
        assertEquals(Map.of("x-unknown", "dd"), Fixity.strongestForPackage(Hashes.parse("x-unknown:dd")).digests());
        assertEquals(Hashes.EMPTY, Fixity.strongestForPackage(Hashes.EMPTY));
    }

    /** A body that fails its check is never delivered: its temporary file must not outlive the failure. */
    @Test
    void aSpooledBodyFailingItsHashLeavesNoFileBehind() throws Exception {
        String body = "x".repeat(4096);
        try (TestHttpServer server = TestHttpServer.start().serve("/res/big.txt", body, "text/plain");
             HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                     .spoolThreshold(16).spoolDirectory(spool))) {
            URI location = server.uri("/res/big.txt");
            URI document = server.uri("/resourcelist.xml");
            try (Content ok = Fixity.fetchVerified(fetcher, location, document, 4096L,
                    Hashes.parse("md5:" + digest("md5", body)))) {
                assertNull(ok.bytesIfInMemory(), "spooled");
                assertEquals(1, files());
            }
            assertEquals(0, files());
            FixityException e = assertThrows(FixityException.class, () -> Fixity.fetchVerified(fetcher, location,
                    document, 4096L, Hashes.parse("md5:" + digest("md5", "y".repeat(4096)))));
            assertTrue(e.getMessage().startsWith("md5 hash mismatch for " + location), e.getMessage());
            assertEquals(0, files(), "the failed body's spool file is deleted");
        }
    }

    private long files() throws Exception {
        return SpoolFiles.in(spool).size();
    }
}
