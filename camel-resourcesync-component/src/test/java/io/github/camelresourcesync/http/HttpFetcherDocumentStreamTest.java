package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.testsupport.TestHttpServer;

/**
 * A document body as the caller reads it (byte by byte, skipping, stopping early), what the listener hears, 304s that
 * repeat only some validators, and error bodies: small ones drained so the connection is reused, large ones not.
 */
class HttpFetcherDocumentStreamTest {

    private static final String LAST_MODIFIED = "Tue, 24 Nov 2026 10:00:00 GMT";

    private TestHttpServer server;
    private RecordingListener listener;
    private byte[] document;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        listener = new RecordingListener();
        document = new byte[5000];
        new Random(7).nextBytes(document);
        server.serve("/doc.xml", document, "application/xml");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpFetcher fetcher() {
        return new HttpFetcher(TestConfigs.fast().listener(listener).maxConnections(1));
    }

    @Test
    void aBodyReadByteByByteIsIntactAndReportedAtItsEnd() throws IOException {
        try (HttpFetcher fetcher = fetcher(); DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
            InputStream in = r.body();
            assertFalse(in.markSupported());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int b = in.read(); b >= 0; b = in.read()) {
                out.write(b);
            }
            assertArrayEquals(document, out.toByteArray());
            assertEquals(document.length, listener.received.get(), "reported on reaching the end, before close");
        }
        assertEquals(document.length, listener.received.get(), "reported once");
    }

    @Test
    void skippedBytesCountAsReceived() throws IOException {
        try (HttpFetcher fetcher = fetcher(); DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
            InputStream in = r.body();
            assertEquals(100, in.skip(100));
            assertArrayEquals(Arrays.copyOfRange(document, 100, document.length), in.readAllBytes());
        }
        assertEquals(document.length, listener.received.get());
    }

    @Test
    void stoppingEarlyReportsWhatWasRead() throws IOException {
        try (HttpFetcher fetcher = fetcher()) {
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
                assertArrayEquals(Arrays.copyOf(document, 10), r.body().readNBytes(10));
            }
            assertEquals(10, listener.received.get());
            // the connection was let go: the single pooled connection serves the next request
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
                assertArrayEquals(document, r.body().readAllBytes());
            }
        }
        assertEquals(10 + document.length, listener.received.get());
    }

    @Test
    void aDocumentOverTheLimitFailsWithTheLimitMessage() {
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxDocumentSize(1000))) {
            FetchException e = assertThrows(FetchException.class, () -> {
                try (DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
                    r.body().readAllBytes();
                }
            });
            assertEquals("GET " + server.uri("/doc.xml") + ": document exceeds the maximum document size of 1000"
                         + " bytes after decompression (maxDocumentSize)", e.getMessage());
        }
    }

    @Test
    void aNotModifiedAnswerKeepsTheValidatorsTheServerDidNotRepeat() throws IOException {
        server.handle("/etag-only", exchange -> {
            exchange.getResponseHeaders().set("ETag", "\"v2\"");
            TestHttpServer.respond(exchange, 304, new byte[0], null);
        });
        server.handle("/date-only", exchange -> {
            exchange.getResponseHeaders().set("Last-Modified", "Wed, 25 Nov 2026 10:00:00 GMT");
            TestHttpServer.respond(exchange, 304, new byte[0], null);
        });
        Validators sent = new Validators("\"v1\"", LAST_MODIFIED);
        try (HttpFetcher fetcher = fetcher()) {
            for (int i = 0; i < 3; i++) { // one pooled connection: each 304 must give it back
                try (DocumentResponse r = fetcher.fetchDocument(server.uri("/etag-only"), sent)) {
                    assertTrue(r.notModified());
                    assertEquals(new Validators("\"v2\"", LAST_MODIFIED), r.validators());
                }
                try (DocumentResponse r = fetcher.fetchDocument(server.uri("/date-only"), sent)) {
                    assertEquals(new Validators("\"v1\"", "Wed, 25 Nov 2026 10:00:00 GMT"), r.validators());
                    assertThrows(IllegalStateException.class, r::body);
                }
            }
        }
        assertEquals("\"v1\"", server.lastRequest("/etag-only").header("If-None-Match"));
        assertEquals(LAST_MODIFIED, server.lastRequest("/date-only").header("If-Modified-Since"));
    }

    @Test
    void aSmallErrorBodyIsDrainedSoTheConnectionIsReused() {
        server.handle("/missing", TestHttpServer.text(404, "no such document"));
        try (HttpFetcher fetcher = fetcher()) {
            for (int i = 0; i < 2; i++) {
                FetchException e = assertThrows(FetchException.class,
                        () -> fetcher.fetchDocument(server.uri("/missing"), null));
                assertEquals(404, e.getStatusCode());
            }
        }
        List<TestHttpServer.Request> requests = server.recorded("/missing");
        assertEquals(requests.get(0).remotePort(), requests.get(1).remotePort(), "one connection for both");
    }

    @Test
    void aLargeErrorBodyIsNotDownloaded() {
        byte[] big = new byte[4 * 1024 * 1024];
        server.handle("/huge-error", exchange -> {
            try {
                TestHttpServer.respond(exchange, 404, big, "text/html");
            } catch (IOException expected) {
                // the client closed the connection instead of reading 4 MB
            }
        });
        try (HttpFetcher fetcher = fetcher()) {
            for (int i = 0; i < 2; i++) {
                FetchException e = assertThrows(FetchException.class,
                        () -> fetcher.fetchContent(server.uri("/huge-error"), List.of()));
                assertEquals(404, e.getStatusCode());
                assertTrue(e.getMessage().contains("returned 404 Not Found"), e.getMessage());
            }
        }
        List<TestHttpServer.Request> requests = server.recorded("/huge-error");
        assertNotEquals(requests.get(0).remotePort(), requests.get(1).remotePort(), "the first connection was dropped");
    }
}
