package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

/**
 * Connections: every failed attempt gives its connection back (a pool of one keeps working), the proxy and user agent
 * are honoured, credentials from the URL reach only their origin.
 */
@Timeout(60)
class HttpFetcherConnectionTest {

    private TestHttpServer server;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        server.serve("/ok.txt", "ok", "text/plain");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** One pooled connection: a failure that kept its connection would make the next request wait forever. */
    private HttpFetcher singleConnection() {
        return new HttpFetcher(TestConfigs.fast().maxConnections(1));
    }

    private static String text(Content c) {
        return new String(c.bytesIfInMemory(), StandardCharsets.UTF_8);
    }

    @Test
    void aBodyAnnouncedLongerThanPublishedIsRefusedAndTheConnectionFreed() throws IOException {
        server.serve("/big.bin", new byte[100], "application/octet-stream");
        try (HttpFetcher fetcher = singleConnection()) {
            for (int i = 0; i < 2; i++) {
                PublishedLengthExceededException e = assertThrows(PublishedLengthExceededException.class,
                        () -> fetcher.fetchContent(server.uri("/big.bin"), List.of("md5"), 99));
                assertEquals("GET " + server.uri("/big.bin") + ": the server announced 100 bytes (Content-Length) but"
                             + " the Source published length 99; not read", e.getMessage());
            }
            try (Content c = fetcher.fetchContent(server.uri("/big.bin"), List.of("md5"), 100)) {
                assertEquals(100, c.length(), "exactly the published length");
            }
            try (Content c = fetcher.fetchContent(server.uri("/ok.txt"), List.of())) {
                assertEquals("ok", text(c));
            }
        }
    }

    @Test
    void retriedServerErrorsAreDrainedAndTheirConnectionReused() throws IOException {
        server.handle("/flaky.txt", TestHttpServer.sequence(TestHttpServer.status(503), TestHttpServer.status(502),
                TestHttpServer.text(200, "finally")));
        try (HttpFetcher fetcher = singleConnection(); Content c = fetcher.fetchContent(server.uri("/flaky.txt"),
                List.of())) {
            assertEquals("finally", text(c));
        }
        assertEquals(3, server.requests("/flaky.txt"));
        assertEquals(1, server.recorded("/flaky.txt").stream().mapToInt(TestHttpServer.Request::remotePort).distinct()
                .count(), "the short error bodies were read, so one connection served all three attempts");
    }

    @Test
    void aCorruptGzipDocumentFailsAndFreesTheConnection() throws IOException {
        // the gzip magic, then an unknown compression method
        server.serve("/bad.xml.gz", new byte[] {0x1f, (byte) 0x8b, 0x07, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3}, null);
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxConnections(1).maxRetries(0))) {
            IOException e = assertThrows(IOException.class,
                    () -> fetcher.fetchDocument(server.uri("/bad.xml.gz"), null));
            assertTrue(String.valueOf(e.getMessage()).contains("compression method"), String.valueOf(e));
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/ok.txt"), null)) {
                assertEquals("ok", new String(r.body().readAllBytes(), StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void requestsGoThroughTheConfiguredProxyAndTheTargetHostIsChecked() throws IOException {
        // the test server plays the proxy: it receives the absolute URL of a host that does not resolve
        server.serve("/via-proxy.txt", "proxied", "text/plain");
        FetcherConfig config = TestConfigs.fast().allowedHosts(AllowedHosts.of("data.example.invalid"))
                .proxyHost("127.0.0.1").proxyPort(server.port()).connectTimeout(Duration.ofSeconds(5));
        try (HttpFetcher fetcher = new HttpFetcher(config)) {
            try (Content c = fetcher.fetchContent(URI.create("http://data.example.invalid/via-proxy.txt"), List.of())) {
                assertEquals("proxied", text(c));
            }
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> fetcher.fetchContent(URI.create("http://evil-example.invalid/via-proxy.txt"), List.of()));
            assertTrue(e.getMessage().contains("host evil-example.invalid is not allowed"), e.getMessage());
        }
        assertEquals(1, server.requests("/via-proxy.txt"));
        assertEquals("data.example.invalid", server.lastRequest("/via-proxy.txt").header("Host"));
    }

    @Test
    void theUserAgentIsSentUnlessBlank() throws IOException {
        try (HttpFetcher named = new HttpFetcher(TestConfigs.fast().userAgent("harvester/1.0 (ops@example.org)"));
             Content c = named.fetchContent(server.uri("/ok.txt"), List.of())) {
            assertEquals("ok", text(c));
        }
        assertEquals("harvester/1.0 (ops@example.org)", server.lastRequest("/ok.txt").header("User-Agent"));
        try (HttpFetcher blank = new HttpFetcher(TestConfigs.fast().userAgent("  "));
             Content c = blank.fetchContent(server.uri("/ok.txt"), List.of())) {
            assertEquals("ok", text(c));
        }
        String agent = server.lastRequest("/ok.txt").header("User-Agent");
        assertFalse(agent == null || agent.isBlank(), "a blank user agent is not sent: " + agent);
    }

    @Test
    void aPasswordWithoutUserNameFromTheUrlReachesItsOriginOnly() throws IOException {
        URI uri = URI.create("http://:s3cret@127.0.0.1:" + server.port() + "/ok.txt");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(uri, List.of())) {
            assertEquals("ok", text(c));
        }
        assertEquals("Basic " + Base64.getEncoder().encodeToString(":s3cret".getBytes(StandardCharsets.UTF_8)),
                server.lastRequest("/ok.txt").header("Authorization"));
    }

    @Test
    void goneMeansNotFoundOrGone() {
        URI uri = URI.create("https://example.org/r");
        assertTrue(new FetchException(uri, 404, "x").isGone());
        assertTrue(new FetchException(uri, 410, "x").isGone());
        assertFalse(new FetchException(uri, 400, "x").isGone());
        assertFalse(new FetchException(uri, 500, "x").isGone());
        assertFalse(new FetchException(uri, 0, "x").isGone());
    }

    @Test
    void gzipMagicIsRecognisedEvenWhenBytesTrickleIn() throws IOException {
        byte[] xml = "<urlset/>".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(xml, GzipMagic.gunzipIfMagic(trickle(TestHttpServer.gzip(xml))).readAllBytes());
        assertArrayEquals(xml, GzipMagic.gunzipIfMagic(trickle(xml)).readAllBytes());
        assertArrayEquals(new byte[] {0x1f}, GzipMagic.gunzipIfMagic(trickle(new byte[] {0x1f})).readAllBytes());
        assertArrayEquals(new byte[0], GzipMagic.gunzipIfMagic(trickle(new byte[0])).readAllBytes());
    }

    /** A stream that hands out one byte per read, as a slow network may. */
    private static java.io.InputStream trickle(byte[] bytes) {
        return new java.io.ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
    }
}
