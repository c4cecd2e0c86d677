package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.http.HttpFetcherDocumentTest.read;
import static io.github.camelresourcesync.testsupport.TestHttpServer.delayed;
import static io.github.camelresourcesync.testsupport.TestHttpServer.sequence;
import static io.github.camelresourcesync.testsupport.TestHttpServer.status;
import static io.github.camelresourcesync.testsupport.TestHttpServer.text;
import static io.github.camelresourcesync.testsupport.TestHttpServer.truncated;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

class HttpFetcherRetryTest {

    private TestHttpServer server;
    private RecordingListener listener;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        listener = new RecordingListener();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpFetcher fetcher(FetcherConfig config) {
        return new HttpFetcher(config.listener(listener));
    }

    @Test
    void serverErrorIsRetriedAndTheListenerTold() throws IOException {
        server.handle("/doc.xml", sequence(status(500), text(200, "<urlset/>")));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast());
             DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
            assertEquals("<urlset/>", read(r.body()));
        }
        assertEquals(2, server.requests("/doc.xml"));
        assertEquals(1, listener.retries.size());
        RecordingListener.Retry retry = listener.retries.get(0);
        assertEquals(1, retry.attempt());
        assertEquals(server.uri("/doc.xml"), retry.uri());
        assertTrue(retry.reason().contains("500"), retry.reason());
        assertTrue(retry.delayMillis() <= 5, "first delay is jittered below retryInitialDelay: " + retry.delayMillis());
        assertEquals(List.of(500, 200), listener.responses.stream().map(RecordingListener.Response::status).toList());
    }

    @Test
    void retryAfterSecondsIsHonoured() throws IOException {
        server.handle("/doc.xml", sequence(status(503, "1"), text(200, "ok")));
        long start = System.nanoTime();
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().retryMaxDelay(Duration.ofSeconds(5)));
             DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
            assertEquals("ok", read(r.body()));
        }
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(1000, listener.retries.get(0).delayMillis());
        assertTrue(elapsedMillis >= 1000, "waited " + elapsedMillis + " ms");
    }

    @Test
    void retryAfterDateOn429IsCappedAtTheMaximumDelay() throws IOException {
        String inAnHour = TestHttpServer.httpDate(Instant.now().plusSeconds(3600));
        server.handle("/r.txt", sequence(status(429, inAnHour), text(200, "ok")));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().retryMaxDelay(Duration.ofMillis(100)));
             Content c = fetcher.fetchContent(server.uri("/r.txt"), List.of())) {
            assertEquals("ok", new String(c.bytesIfInMemory(), StandardCharsets.UTF_8));
        }
        assertEquals(100, listener.retries.get(0).delayMillis());
        assertTrue(listener.retries.get(0).reason().contains("429"));
    }

    @Test
    void exhaustedRetriesGiveTheLastStatus() {
        server.handle("/doc.xml", status(502));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().maxRetries(2))) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/doc.xml"), null));
            assertEquals(502, e.getStatusCode());
            assertTrue(e.getMessage().startsWith("GET " + server.uri("/doc.xml") + " returned 502 Bad Gateway"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("3 attempts"), e.getMessage());
        }
        assertEquals(3, server.requests("/doc.xml"));
        assertEquals(List.of(1, 2), listener.retries.stream().map(RecordingListener.Retry::attempt).toList());
    }

    @Test
    void notFoundIsNotRetried() {
        server.handle("/gone.txt", status(404));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast())) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(server.uri("/gone.txt"), List.of("md5")));
            assertEquals(404, e.getStatusCode());
            assertTrue(e.isGone());
            assertEquals("GET " + server.uri("/gone.txt") + " returned 404 Not Found", e.getMessage());
        }
        assertEquals(1, server.requests("/gone.txt"));
        assertTrue(listener.retries.isEmpty());
    }

    @Test
    void otherClientErrorsAreNotRetriedBut408Is() {
        server.handle("/forbidden", status(403));
        server.handle("/slow-client", sequence(status(408), text(200, "ok")));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast())) {
            assertEquals(403, assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(server.uri("/forbidden"), List.of())).getStatusCode());
            assertEquals(1, server.requests("/forbidden"));
            try (Content c = fetcher.fetchContent(server.uri("/slow-client"), List.of())) {
                assertEquals(2, c.length());
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void connectionRefusedIsRetriedThenReportedWithStatusZero() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        URI uri = URI.create("http://127.0.0.1:" + closedPort + "/doc.xml");
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().maxRetries(2))) {
            FetchException e = assertThrows(FetchException.class, () -> fetcher.fetchDocument(uri, null));
            assertEquals(0, e.getStatusCode());
            assertTrue(e.getMessage().contains("GET " + uri), e.getMessage());
            assertTrue(e.getMessage().contains("after 3 attempts"), e.getMessage());
            assertTrue(e.getMessage().toLowerCase().contains("refused"), e.getMessage());
        }
        assertEquals(2, listener.retries.size());
    }

    @Test
    void readTimeoutIsRetriedThenAnError() {
        // the timeouts, not the server, end the wait: waiting it out would get "late", not this error. The server waits
        // 30 s (interrupted when the test closes it), so even a JVM stalled for seconds on a loaded machine times out
        server.handle("/slow.xml", delayed(30_000, text(200, "late")));
        FetcherConfig config = TestConfigs.fast().readTimeout(Duration.ofMillis(150)).maxRetries(1);
        try (HttpFetcher fetcher = fetcher(config)) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/slow.xml"), null));
            assertEquals(0, e.getStatusCode());
            assertTrue(e.getMessage().contains("read timed out after 150 ms (readTimeout)"), e.getMessage());
        }
        assertEquals(2, server.requests("/slow.xml"));
    }

    @Test
    void truncatedContentIsRetried() throws IOException {
        byte[] body = "0123456789".repeat(100).getBytes(StandardCharsets.US_ASCII);
        server.handle("/r.bin", sequence(truncated(java.util.Arrays.copyOf(body, 100), body.length),
                exchange -> TestHttpServer.respond(exchange, 200, body, "application/octet-stream")));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(server.uri("/r.bin"), List.of("md5"))) {
            assertEquals(body.length, c.length());
            assertArrayEquals(body, c.bytesIfInMemory());
        }
        assertEquals(2, server.requests("/r.bin"));
        assertEquals(1, listener.retries.size());
    }

    @Test
    void alwaysTruncatedContentIsAnErrorNeverAShortContent() {
        server.handle("/r.bin", truncated(new byte[100], 1000));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().maxRetries(2))) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(server.uri("/r.bin"), List.of()));
            assertEquals(0, e.getStatusCode());
            assertTrue(e.getMessage().contains("after 3 attempts"), e.getMessage());
        }
        assertEquals(3, server.requests("/r.bin"));
    }

    @Test
    void truncatedDocumentBodyFailsWhileReading() throws IOException {
        server.handle("/doc.xml", truncated("<urlset>".getBytes(StandardCharsets.US_ASCII), 5000));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast());
             DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
            InputStream body = r.body();
            FetchException e = assertThrows(FetchException.class, body::readAllBytes);
            assertTrue(e.getMessage().contains("GET " + server.uri("/doc.xml")), e.getMessage());
        }
    }

    @Test
    void zeroRetriesMeansOneAttempt() {
        server.handle("/doc.xml", status(500));
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().maxRetries(0))) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/doc.xml"), null));
            assertEquals(500, e.getStatusCode());
        }
        assertEquals(1, server.requests("/doc.xml"));
    }
}
