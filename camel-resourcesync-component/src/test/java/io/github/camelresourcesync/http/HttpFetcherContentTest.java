package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHttpServer.Resource;

class HttpFetcherContentTest {

    private static final byte[] FOX =
            "The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.US_ASCII);

    private TestHttpServer server;
    private RecordingListener listener;

    @TempDir
    Path spool;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        listener = new RecordingListener();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void computesTheDigestsAskedFor() throws IOException {
        server.serve("/fox.txt", FOX, "text/plain; charset=us-ascii");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().listener(listener));
             Content c = fetcher.fetchContent(server.uri("/fox.txt"), List.of("md5", "SHA-1", "sha256"))) {
            assertEquals(Map.of(
                    "md5", "9e107d9d372bb6826bd81d3542a419d6",
                    "sha-1", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",
                    "sha-256", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
                    c.digests().digests());
            assertEquals(Boolean.TRUE, c.digests().sameAs(Hashes.parse("md5:9e107d9d372bb6826bd81d3542a419d6")));
            assertEquals(FOX.length, c.length());
            assertEquals("text/plain; charset=us-ascii", c.mediaType());
            assertArrayEquals(FOX, c.bytesIfInMemory());
            assertArrayEquals(FOX, readAll(c));
            assertArrayEquals(FOX, readAll(c), "openStream is repeatable");
        }
        assertEquals(FOX.length, listener.received.get());
    }

    @Test
    void unknownAlgorithmsAreSkipped() throws IOException {
        server.serve("/fox.txt", FOX, "text/plain");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(server.uri("/fox.txt"), List.of("md5", "whirlpool-9000"))) {
            assertEquals(List.of("md5"), List.copyOf(c.digests().digests().keySet()));
        }
    }

    @Test
    void noAlgorithmsNoDigests() throws IOException {
        server.serve("/fox.txt", FOX, null);
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(server.uri("/fox.txt"), null)) {
            assertTrue(c.digests().isEmpty());
            assertNull(c.mediaType());
        }
    }

    @Test
    void emptyBody() throws IOException {
        server.serve("/empty.txt", new byte[0], "text/plain");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(server.uri("/empty.txt"), List.of("md5"))) {
            assertEquals(0, c.length());
            assertEquals("d41d8cd98f00b204e9800998ecf8427e", c.digests().get("md5"));
        }
    }

    @Test
    void contentEncodingIsUndoneButFileFormatsAreNot() throws IOException {
        byte[] gzipFile = TestHttpServer.gzip(FOX);
        server.serve("/fox.txt", Resource.of(FOX).gzipEncoded());
        server.serve("/fox.txt.gz", gzipFile, "application/gzip");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast())) {
            try (Content c = fetcher.fetchContent(server.uri("/fox.txt"), List.of("md5"))) {
                assertArrayEquals(FOX, c.bytesIfInMemory());
                assertEquals("9e107d9d372bb6826bd81d3542a419d6", c.digests().get("md5"));
            }
            try (Content c = fetcher.fetchContent(server.uri("/fox.txt.gz"), List.of())) {
                assertArrayEquals(gzipFile, c.bytesIfInMemory(), "resource bytes as served");
            }
        }
    }

    @Test
    void largeBodiesAreSpooledAndTheFileDeletedOnClose() throws IOException {
        byte[] body = new byte[100_000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 31);
        }
        server.serve("/big.bin", body, "application/octet-stream");
        FetcherConfig config = TestConfigs.fast().spoolThreshold(1024).spoolDirectory(spool);
        try (HttpFetcher fetcher = new HttpFetcher(config)) {
            Content c = fetcher.fetchContent(server.uri("/big.bin"), List.of("sha-256"));
            assertNull(c.bytesIfInMemory());
            assertEquals(body.length, c.length());
            assertEquals(1, files(spool).size(), "one temporary file while open");
            assertArrayEquals(body, readAll(c));
            assertArrayEquals(body, readAll(c));
            assertEquals(SpooledContent.of(body, null, List.of("sha-256")).digests(), c.digests());
            c.close();
            assertEquals(List.of(), files(spool), "temporary file deleted on close");
            assertThrows(IOException.class, c::openStream);
            c.close();
        }
    }

    @Test
    void bodiesUpToTheThresholdStayInMemory() throws IOException {
        server.serve("/small.bin", new byte[1024], "application/octet-stream");
        FetcherConfig config = TestConfigs.fast().spoolThreshold(1024).spoolDirectory(spool);
        try (HttpFetcher fetcher = new HttpFetcher(config);
             Content c = fetcher.fetchContent(server.uri("/small.bin"), List.of())) {
            assertNotNull(c.bytesIfInMemory());
            assertEquals(List.of(), files(spool));
        }
    }

    @Test
    void failedTransfersLeaveNoTemporaryFiles() {
        server.handle("/cut.bin", TestHttpServer.truncated(new byte[5000], 50_000));
        FetcherConfig config = TestConfigs.fast().maxRetries(1).spoolThreshold(1024).spoolDirectory(spool);
        try (HttpFetcher fetcher = new HttpFetcher(config)) {
            assertThrows(FetchException.class, () -> fetcher.fetchContent(server.uri("/cut.bin"), List.of()));
        }
        assertEquals(List.of(), files(spool));
    }

    @Test
    void anUnusableSpoolDirectoryIsReportedNotRetried() throws IOException {
        Path notADirectory = Files.writeString(spool.resolve("plain-file"), "x");
        server.serve("/big.bin", new byte[10_000], "application/octet-stream");
        FetcherConfig config = TestConfigs.fast().spoolThreshold(1024).spoolDirectory(notADirectory);
        try (HttpFetcher fetcher = new HttpFetcher(config)) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(server.uri("/big.bin"), List.of()));
            assertTrue(e.getMessage().contains("cannot spool the body to " + notADirectory), e.getMessage());
        }
        assertEquals(1, server.requests("/big.bin"));
    }

    @Test
    void parallelFetchesShareThePool() throws Exception {
        for (int i = 0; i < 16; i++) {
            server.serve("/r" + i, ("resource " + i).getBytes(StandardCharsets.UTF_8), "text/plain");
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxConnections(4))) {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                int n = i % 16;
                results.add(pool.submit(() -> {
                    try (Content c = fetcher.fetchContent(server.uri("/r" + n), List.of("md5"))) {
                        return new String(c.bytesIfInMemory(), StandardCharsets.UTF_8);
                    }
                }));
            }
            for (int i = 0; i < results.size(); i++) {
                assertEquals("resource " + (i % 16), results.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(200, server.totalRequests());
    }

    private static byte[] readAll(Content c) throws IOException {
        try (InputStream in = c.openStream()) {
            return in.readAllBytes();
        }
    }

    private static List<Path> files(Path dir) {
        return SpoolFiles.in(dir);
    }
}
