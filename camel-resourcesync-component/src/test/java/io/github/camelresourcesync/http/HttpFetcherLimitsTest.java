package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.testsupport.TestHttpServer.gzip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

class HttpFetcherLimitsTest {

    private static final int LIMIT = 1024 * 1024;
    /** 32 MB of zeros, a few tens of KB compressed. */
    private static byte[] bomb;

    private TestHttpServer server;
    private HttpFetcher fetcher;

    @BeforeAll
    static void makeBomb() {
        bomb = gzip(new byte[32 * 1024 * 1024]);
        assertTrue(bomb.length < 64 * 1024, "bomb is small: " + bomb.length);
    }

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        fetcher = new HttpFetcher(TestConfigs.fast().maxDocumentSize(LIMIT).maxContentSize(LIMIT));
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.close();
    }

    @Test
    void documentOfExactlyTheLimitPasses() throws IOException {
        server.serve("/doc.xml", new byte[LIMIT], "application/xml");
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
            assertEquals(LIMIT, r.body().readAllBytes().length);
        }
    }

    @Test
    void documentOverTheLimitFailsNamingUrlAndLimit() throws IOException {
        server.serve("/doc.xml", new byte[LIMIT + 1], "application/xml");
        assertDocumentTooLarge("/doc.xml");
    }

    @Test
    void gzipBombByContentEncodingIsStopped() throws IOException {
        server.handle("/bomb.xml", exchange -> {
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
            TestHttpServer.respond(exchange, 200, bomb, "application/xml");
        });
        assertDocumentTooLarge("/bomb.xml");
    }

    @Test
    void gzipBombByMagicIsStopped() throws IOException {
        server.serve("/bomb.xml.gz", bomb, "application/gzip");
        assertDocumentTooLarge("/bomb.xml.gz");
    }

    private void assertDocumentTooLarge(String path) throws IOException {
        try (DocumentResponse r = fetcher.fetchDocument(server.uri(path), null)) {
            InputStream body = r.body();
            FetchException e = assertThrows(FetchException.class, () -> drain(body));
            assertTrue(e.getMessage().contains(server.uri(path).toString()), e.getMessage());
            assertTrue(e.getMessage().contains("maximum document size of " + LIMIT + " bytes"), e.getMessage());
            assertEquals(0, e.getStatusCode());
        }
        assertEquals(1, server.requests(path), "a size limit is not retried");
    }

    @Test
    void contentAnnouncedOverTheLimitIsRefusedWithoutReading() {
        server.serve("/big.bin", new byte[LIMIT + 1], "application/octet-stream");
        FetchException e = assertThrows(FetchException.class,
                () -> fetcher.fetchContent(server.uri("/big.bin"), List.of("md5")));
        assertTrue(e.getMessage().contains("maximum content size of " + LIMIT + " bytes (maxContentSize)"),
                e.getMessage());
        assertEquals(1, server.requests("/big.bin"));
    }

    @Test
    void chunkedContentOverTheLimitIsStopped() {
        server.handle("/stream.bin", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked: no length announced
            try (OutputStream out = exchange.getResponseBody()) {
                byte[] chunk = new byte[64 * 1024];
                for (int i = 0; i < 64; i++) {
                    out.write(chunk);
                }
            }
        });
        FetchException e = assertThrows(FetchException.class,
                () -> fetcher.fetchContent(server.uri("/stream.bin"), List.of()));
        assertTrue(e.getMessage().contains("maxContentSize"), e.getMessage());
        assertEquals(1, server.requests("/stream.bin"));
    }

    @Test
    void contentOfExactlyTheLimitPasses() throws IOException {
        server.serve("/ok.bin", new byte[LIMIT], "application/octet-stream");
        try (Content c = fetcher.fetchContent(server.uri("/ok.bin"), List.of())) {
            assertEquals(LIMIT, c.length());
        }
    }

    private static void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[8192];
        while (in.read(buffer) >= 0) {
            // discard
        }
    }
}
