package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.TestHttpServer;

/**
 * Fixity while streaming: the digests describe exactly the bytes delivered, whether the body stays in memory, grows
 * past its announced length or is spooled to a file; a tampered body of the same length is told apart for every
 * algorithm; limits hold at the byte.
 */
class ContentFixityTest {

    private static final List<String> ALGORITHMS = List.of("md5", "sha-1", "sha-256");
    private static final URI RESOURCE = URI.create("https://example.org/data/r1.bin");

    @TempDir
    Path spool;

    private TestHttpServer server;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** The expected digests, computed independently with the JDK. */
    private static Map<String, String> digestsOf(byte[] body) throws NoSuchAlgorithmException {
        HexFormat hex = HexFormat.of();
        return Map.of("md5", hex.formatHex(MessageDigest.getInstance("MD5").digest(body)),
                "sha-1", hex.formatHex(MessageDigest.getInstance("SHA-1").digest(body)),
                "sha-256", hex.formatHex(MessageDigest.getInstance("SHA-256").digest(body)));
    }

    private HttpFetcher fetcher(int spoolThreshold, long maxContentSize) {
        return new HttpFetcher(TestConfigs.fast().spoolThreshold(spoolThreshold).maxContentSize(maxContentSize)
                .spoolDirectory(spool));
    }

    private long spooledFiles() throws IOException {
        return SpoolFiles.in(spool).size();
    }

    @Test
    void aTrailingZeroByteBeyondTheAnnouncedLengthIsKept() throws Exception {
        byte[] body = Arrays.copyOf(randomBytes(10, 1), 11); // the 11th byte is 0x00
        try (HttpFetcher fetcher = fetcher(1024, 0);
             Content c = fetcher.receive(new ByteArrayInputStream(body), RESOURCE, ALGORITHMS, 10, null)) {
            assertEquals(11, c.length());
            assertArrayEquals(body, c.bytesIfInMemory());
            assertEquals(digestsOf(body), c.digests().digests());
        }
    }

    @Test
    void aBodyLongerThanAnnouncedGrowsInMemoryIntact() throws Exception {
        byte[] body = randomBytes(500, 2);
        try (HttpFetcher fetcher = fetcher(1024, 0);
             Content c = fetcher.receive(new ByteArrayInputStream(body), RESOURCE, ALGORITHMS, 10, "x/y")) {
            assertArrayEquals(body, c.bytesIfInMemory());
            assertEquals(digestsOf(body), c.digests().digests());
            assertEquals("x/y", c.mediaType());
        }
        assertEquals(0, spooledFiles());
    }

    @Test
    void aBodyOfExactlyTheSpoolThresholdStaysInMemoryOneMoreByteIsSpooled() throws Exception {
        byte[] atThreshold = randomBytes(16, 3);
        try (HttpFetcher fetcher = fetcher(16, 0);
             Content c = fetcher.receive(new ByteArrayInputStream(atThreshold), RESOURCE, ALGORITHMS, -1, null)) {
            assertArrayEquals(atThreshold, c.bytesIfInMemory());
            assertEquals(0, spooledFiles());
        }
        byte[] over = randomBytes(17, 4);
        try (HttpFetcher fetcher = fetcher(16, 0);
             Content c = fetcher.receive(new ByteArrayInputStream(over), RESOURCE, ALGORITHMS, -1, null)) {
            assertNull(c.bytesIfInMemory(), "spooled");
            assertEquals(1, spooledFiles());
            assertArrayEquals(over, Files.readAllBytes(((SpooledContent) c).spoolFile()));
            try (InputStream in = c.openStream()) {
                assertArrayEquals(over, in.readAllBytes());
            }
            assertEquals(digestsOf(over), c.digests().digests());
        }
        assertEquals(0, spooledFiles(), "closing the content deletes the spool file");
    }

    @Test
    void aTinyThresholdSpoolsEvenSmallBodies() throws Exception {
        byte[] body = randomBytes(20, 5);
        try (HttpFetcher fetcher = fetcher(4, 0);
             Content c = fetcher.receive(new ByteArrayInputStream(body), RESOURCE, ALGORITHMS, 20, null)) {
            assertNull(c.bytesIfInMemory(), "20 bytes are over a threshold of 4");
            assertEquals(20, c.length());
            assertArrayEquals(body, Files.readAllBytes(((SpooledContent) c).spoolFile()));
            assertEquals(digestsOf(body), c.digests().digests());
        }
    }

    @Test
    void theContentSizeLimitHoldsAtTheByteWhileReadingIntoMemory() throws Exception {
        try (HttpFetcher fetcher = fetcher(1024, 10)) {
            try (Content c = fetcher.receive(new ByteArrayInputStream(randomBytes(10, 6)), RESOURCE, ALGORITHMS, 100,
                    null)) {
                assertEquals(10, c.length(), "exactly the limit passes");
            }
            FetchException e = assertThrows(FetchException.class, () -> fetcher.receive(
                    new ByteArrayInputStream(randomBytes(11, 7)), RESOURCE, ALGORITHMS, 100, null));
            assertEquals("reading https://example.org/data/r1.bin: body exceeds the maximum content size of 10 bytes"
                         + " (maxContentSize)", e.getMessage());
        }
        assertEquals(0, spooledFiles());
    }

    @Test
    void aSpooledBodyOverTheLimitLeavesNoFileBehind(@TempDir Path dir) throws Exception {
        Path local = Files.write(dir.resolve("big.bin"), randomBytes(200, 11));
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().spoolThreshold(16).maxContentSize(100)
                .spoolDirectory(spool))) {
            FetchException received = assertThrows(FetchException.class, () -> fetcher.receive(
                    new ByteArrayInputStream(randomBytes(200, 12)), RESOURCE, ALGORITHMS, -1, null));
            assertTrue(received.getMessage().endsWith("body exceeds the maximum content size of 100 bytes"
                                                      + " (maxContentSize)"), received.getMessage());
            assertEquals(0, spooledFiles(), "the partial spool file is deleted");
            FetchException file = assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(local.toUri(), ALGORITHMS));
            assertTrue(file.getMessage().endsWith("body exceeds the maximum content size of 100 bytes"
                                                  + " (maxContentSize)"), file.getMessage());
            assertEquals(0, spooledFiles(), "the partial spool file is deleted");
        }
    }

    @Test
    void aTamperedBodyOfTheSameLengthFailsEveryAlgorithm() throws Exception {
        // in memory and spooled alike
        for (int size : new int[] {1000, 200_000}) {
            byte[] original = randomBytes(size, 8 + size);
            Map<String, String> published = digestsOf(original);
            byte[] tampered = original.clone();
            tampered[size / 2] ^= 0x01;
            server.serve("/r" + size + ".bin", tampered, "application/octet-stream");
            try (HttpFetcher fetcher = fetcher(64 * 1024, 0);
                 Content c = fetcher.fetchContent(server.uri("/r" + size + ".bin"), ALGORITHMS, size)) {
                assertEquals(size, c.length(), "the same length");
                for (String algorithm : ALGORITHMS) {
                    Hashes expected = Hashes.of(Map.of(algorithm, published.get(algorithm)));
                    assertEquals(Boolean.FALSE, c.digests().sameAs(expected), algorithm + " must see the flipped bit");
                }
                assertEquals(digestsOf(tampered), c.digests().digests());
            }
        }
    }

    @Test
    void digestOfAStreamSpanningManyBuffers() throws Exception {
        byte[] body = randomBytes(300_000, 9);
        Hashes h = Digests.digest(new ByteArrayInputStream(body), List.of("MD5", "SHA256", "sha-1", "md5", " "));
        assertEquals(digestsOf(body), h.digests());
        assertTrue(Digests.digest(new ByteArrayInputStream(body), null).isEmpty());
        assertEquals(digestsOf(new byte[0]), Digests.digest(InputStream.nullInputStream(), ALGORITHMS).digests());
    }

    @Test
    void aLocalFileOneByteOverItsPublishedLengthIsStopped(@TempDir Path dir) throws IOException {
        Path one = Files.write(dir.resolve("one.bin"), new byte[] {42});
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast())) {
            PublishedLengthExceededException e = assertThrows(PublishedLengthExceededException.class,
                    () -> fetcher.fetchContent(one.toUri(), ALGORITHMS, 0));
            assertEquals(0, e.getPublishedLength());
            assertTrue(e.getMessage().contains("the body is longer than the published length 0; stopped reading at 1"
                                               + " bytes"), e.getMessage());
            try (Content c = fetcher.fetchContent(one.toUri(), ALGORITHMS, 1)) {
                assertArrayEquals(new byte[] {42}, c.bytesIfInMemory());
            }
        }
        assertEquals(0, spooledFiles());
    }

    /** Regression: a published length of 0 used to mean "no cap", so a lying server could stream without limit. */
    @Test
    void aChunkedBodyForAResourcePublishedEmptyIsStoppedAtTheFirstByte() throws IOException {
        byte[] flood = randomBytes(1 << 20, 10);
        server.handle("/empty.txt", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked: no Content-Length to refuse up front
            try (var out = exchange.getResponseBody()) {
                out.write(flood);
            } catch (IOException expected) {
                // the client hung up, as it should
            }
        });
        try (HttpFetcher fetcher = fetcher(64 * 1024, 0)) {
            PublishedLengthExceededException e = assertThrows(PublishedLengthExceededException.class,
                    () -> fetcher.fetchContent(server.uri("/empty.txt"), ALGORITHMS, 0));
            assertEquals(0, e.getPublishedLength());
            assertEquals("GET " + server.uri("/empty.txt") + ": the body is longer than the published length 0;"
                         + " stopped reading at 1 bytes", e.getMessage());
        }
        assertEquals(0, spooledFiles(), "nothing of the flood was spooled");
        assertEquals(1, server.requests("/empty.txt"), "not retried");
    }
}
