package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.ssl.SSLContext;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.testsupport.H2Server;
import io.github.camelresourcesync.testsupport.H2Server.Mode;
import io.github.camelresourcesync.testsupport.SelfSignedTls;

/**
 * {@code httpVersion}: HTTP/2 by ALPN over TLS against Jetty 12 with a certificate made by keytool, the fall back to
 * HTTP/1.1, cleartext by prior knowledge only when asked, and what holds on HTTP/1.1 holding on HTTP/2: one
 * connection for many requests, nothing lost to reset streams and GOAWAY, redirects to refused hosts refused, bodies
 * streamed and digested, per-host limits and Retry-After shared by every fetcher of an engine.
 */
class HttpFetcherHttp2Test {

    @TempDir
    static Path dir;

    private static SSLContext trusting;
    private static SSLContext serverTls;
    private final List<AutoCloseable> open = new ArrayList<>();

    @BeforeAll
    static void certificate() throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(dir);
        trusting = tls.trusting();
        serverTls = tls.server();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        open.clear();
    }

    private H2Server server(Mode mode) throws Exception {
        H2Server s = H2Server.start(mode, serverTls);
        open.add(s);
        return s;
    }

    private HttpFetcher fetcher(FetcherConfig config) {
        HttpFetcher f = new HttpFetcher(config);
        open.add(f);
        return f;
    }

    private static FetcherConfig tls() {
        return TestConfigs.fast().sslContext(trusting);
    }

    private static String text(io.github.camelresourcesync.model.Content content) throws IOException {
        try (InputStream in = content.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void alpnPicksHttp2AndManyRequestsShareOneConnection() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        for (int i = 0; i < 200; i++) {
            server.serve("/r/" + i, ("resource " + i).getBytes(StandardCharsets.UTF_8), "text/plain");
        }
        server.reply("/slow", (request, response, callback) -> {
            Thread.sleep(20);
            response.write(true, ByteBuffer.wrap("slow".getBytes(StandardCharsets.UTF_8)), callback);
        });
        HttpFetcher fetcher = fetcher(tls());
        ExecutorService lanes = Executors.newFixedThreadPool(32);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                URI uri = server.uri(i % 2 == 0 ? "/r/" + i : "/slow");
                results.add(lanes.submit(() -> text(fetcher.fetchContent(uri, List.of()))));
            }
            for (int i = 0; i < 200; i++) {
                assertEquals(i % 2 == 0 ? "resource " + i : "slow", results.get(i).get());
            }
        } finally {
            lanes.shutdownNow();
        }
        assertEquals(Set.of("HTTP/2.0"), Set.copyOf(server.protocols()));
        // the host's first request learns by ALPN that it speaks h2, every later one shares the HTTP/2 connection
        assertTrue(server.connections() <= 2, "connections: " + server.connections());
        assertTrue(server.maxInFlight() > 1, "multiplexed: " + server.maxInFlight() + " in flight at most");
    }

    @Test
    void serverWithoutHttp2KeepsHttp11() throws Exception {
        H2Server server = server(Mode.TLS_HTTP_1_1_ONLY);
        server.serve("/doc.xml", "<urlset/>".getBytes(StandardCharsets.UTF_8), "application/xml");
        HttpFetcher fetcher = fetcher(tls());
        for (int i = 0; i < 5; i++) {
            try (DocumentResponse doc = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
                assertEquals("<urlset/>", new String(doc.body().readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        assertEquals(Set.of("HTTP/1.1"), Set.copyOf(server.protocols()));
        // the first request's ALPN offer, then the classic client's one keep-alive connection
        assertTrue(server.connections() <= 2, "connections: " + server.connections());
    }

    @Test
    void cleartextStaysHttp11UnlessHttp2IsAskedFor() throws Exception {
        H2Server server = server(Mode.CLEARTEXT_WITH_H2C);
        server.serve("/doc.xml", "<urlset/>".getBytes(StandardCharsets.UTF_8), "application/xml");
        try (DocumentResponse doc = fetcher(TestConfigs.fast()).fetchDocument(server.uri("/doc.xml"), null)) {
            doc.body().readAllBytes();
        }
        try (DocumentResponse doc = fetcher(TestConfigs.fast().httpVersion(HttpProtocol.HTTP_2))
                .fetchDocument(server.uri("/doc.xml"), null)) {
            doc.body().readAllBytes();
        }
        assertEquals(List.of("HTTP/1.1", "HTTP/2.0"), server.protocols());
    }

    @Test
    void httpVersion11NeverNegotiatesHttp2() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        server.serve("/doc.xml", "<urlset/>".getBytes(StandardCharsets.UTF_8), "application/xml");
        try (DocumentResponse doc = fetcher(tls().httpVersion(HttpProtocol.HTTP_1_1))
                .fetchDocument(server.uri("/doc.xml"), null)) {
            doc.body().readAllBytes();
        }
        assertEquals(List.of("HTTP/1.1"), server.protocols());
    }

    /** The request at which the server closes its connection (GOAWAY) with every stream on it in flight. */
    private static final int GOAWAY_AT = 120;

    /**
     * Jetty answers a handler's failure after part of the body by ending the connection, not just the stream: each
     * of those costs every request in flight on it, which the fetcher's retries make good (connections counted).
     */
    @Test
    void failedStreamsAndGoawayMidHarvestLoseNothing() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        Set<Integer> resetOnce = ConcurrentHashMap.newKeySet();
        AtomicInteger served = new AtomicInteger();
        AtomicInteger goaways = new AtomicInteger();
        int count = 300;
        for (int i = 0; i < count; i++) {
            int n = i;
            byte[] body = ("resource " + n + " ").repeat(200).getBytes(StandardCharsets.UTF_8);
            server.reply("/r/" + n, (request, response, callback) -> {
                int seq = served.incrementAndGet();
                if (seq == GOAWAY_AT && goaways.getAndIncrement() == 0) {
                    // GOAWAY with every stream of the connection in flight
                    request.getConnectionMetaData().getConnection().close();
                    callback.failed(new IOException("connection closed on purpose"));
                    return;
                }
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
                if (n % 70 == 7 && resetOnce.add(n)) {
                    // half the body, then RST_STREAM
                    Content.Sink.write(response, false, ByteBuffer.wrap(body, 0, body.length / 2));
                    callback.failed(new IOException("reset on purpose"));
                    return;
                }
                response.write(true, ByteBuffer.wrap(body), callback);
            });
        }
        // the default backoff's scale (the defaults start at 500 ms): a connection that is going away is seen closed
        HttpFetcher fetcher = fetcher(tls().maxRetries(4).retryInitialDelay(Duration.ofMillis(200))
                .retryMaxDelay(Duration.ofSeconds(1)));
        ExecutorService lanes = Executors.newFixedThreadPool(32);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                URI uri = server.uri("/r/" + i);
                results.add(lanes.submit(() -> text(fetcher.fetchContent(uri, List.of("md5")))));
            }
            for (int i = 0; i < count; i++) {
                assertEquals(("resource " + i + " ").repeat(200), results.get(i).get());
            }
        } finally {
            lanes.shutdownNow();
        }
        assertEquals(1, goaways.get());
        assertTrue(resetOnce.size() >= count / 70, "streams reset: " + resetOnce.size());
        assertTrue(server.connections() >= 3, "new connections after each loss: " + server.connections());

    }

    @Test
    void redirectToARefusedHostIsRefusedOnHttp2() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        AtomicInteger elsewhere = new AtomicInteger();
        server.reply("/moved", (request, response, callback) -> {
            response.setStatus(302);
            response.getHeaders().put(HttpHeader.LOCATION, "https://localhost:"
                    + server.uri("/").getPort() + "/target");
            response.write(true, null, callback);
        });
        server.reply("/target", (request, response, callback) -> {
            elsewhere.incrementAndGet();
            response.write(true, ByteBuffer.wrap("secret".getBytes(StandardCharsets.UTF_8)), callback);
        });
        server.serve("/first", "first".getBytes(StandardCharsets.UTF_8), "text/plain");
        HttpFetcher fetcher = fetcher(tls().allowedHosts(AllowedHosts.of("127.0.0.1")));
        // the host's first request learns it speaks h2: the redirect goes over the HTTP/2 client
        assertEquals("first", text(fetcher.fetchContent(server.uri("/first"), List.of())));
        LinkRefusedException e = assertThrows(LinkRefusedException.class,
                () -> fetcher.fetchContent(server.uri("/moved"), List.of()));
        assertTrue(e.getMessage().contains("localhost"), e.getMessage());
        assertEquals(0, elsewhere.get(), "no request reached the refused host");
        assertEquals(List.of("HTTP/2.0", "HTTP/2.0"), server.protocols());
    }

    @Test
    void largeBodyStreamsThroughHttp2SpooledAndDigested() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        long size = 64L * 1024 * 1024;
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        byte[] chunk = new byte[64 * 1024];
        for (int i = 0; i < chunk.length; i++) {
            chunk[i] = (byte) (i * 31);
        }
        for (long sent = 0; sent < size; sent += chunk.length) {
            expected.update(chunk);
        }
        AtomicLong sentByServer = new AtomicLong();
        server.reply("/big", (request, response, callback) -> {
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, size);
            try (var out = Content.Sink.asOutputStream(response)) {
                for (long sent = 0; sent < size; sent += chunk.length) {
                    out.write(chunk);
                    sentByServer.addAndGet(chunk.length);
                }
            }
            callback.succeeded();
        });
        HttpFetcher fetcher = fetcher(tls().spoolThreshold(1024).spoolDirectory(dir));
        io.github.camelresourcesync.model.Content content = fetcher.fetchContent(server.uri("/big"),
                List.of("sha-256"));
        try {
            assertEquals(size, content.length());
            assertEquals(HexFormat.of().formatHex(expected.digest()), content.digests().get("sha-256"));
        } finally {
            content.close();
        }
        assertEquals(List.of("HTTP/2.0"), server.protocols());
    }

    @Test
    void requestDeadlineHoldsOnHttp2() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        server.reply("/trickle", (request, response, callback) -> {
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, 1000);
            try (var out = Content.Sink.asOutputStream(response)) {
                for (int i = 0; i < 1000; i++) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(100);
                }
            }
            callback.succeeded();
        });
        HttpFetcher fetcher = fetcher(tls().requestTimeout(Duration.ofMillis(700)));
        FetchException e = assertThrows(FetchException.class,
                () -> fetcher.fetchContent(server.uri("/trickle"), List.of()));
        assertTrue(e.getMessage().contains("requestTimeout"), e.getMessage());
    }

    @Test
    void perHostLimitHoldsAcrossFetchersOfOneEngine() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        // requests the server is working on (from arrival to its answer: the end of an answer reaches the client, which
        // sends its next request, before the server's own bookkeeping of the written answer is done)
        AtomicInteger working = new AtomicInteger();
        AtomicInteger mostWorking = new AtomicInteger();
        server.reply("/slow", (request, response, callback) -> {
            mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
            Thread.sleep(30);
            working.decrementAndGet();
            response.write(true, ByteBuffer.wrap("ok".getBytes(StandardCharsets.UTF_8)), callback);
        });
        try (FetchEngine engine = new FetchEngine()) {
            // two endpoints (routes) on one host, each allowed 4 in flight: 4 for the host, not 8
            HttpFetcher first = engine.open(tls().maxRequestsPerHost(4));
            HttpFetcher second = engine.open(tls().maxRequestsPerHost(4).userAgent("other-route"));
            ExecutorService lanes = Executors.newFixedThreadPool(32);
            try {
                List<Future<?>> results = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    HttpFetcher f = i % 2 == 0 ? first : second;
                    results.add(lanes.submit(() -> text(f.fetchContent(server.uri("/slow"), List.of()))));
                }
                for (Future<?> r : results) {
                    assertEquals("ok", r.get());
                }
            } finally {
                lanes.shutdownNow();
                first.close();
                second.close();
            }
        }
        assertTrue(mostWorking.get() <= 4, "at most 4 in flight: " + mostWorking.get());
        assertTrue(mostWorking.get() >= 2, "in parallel: " + mostWorking.get());
    }

    @Test
    void retryAfterSlowsTheHostForEveryFetcher() throws Exception {
        H2Server server = server(Mode.TLS_ALPN);
        AtomicInteger limited = new AtomicInteger();
        AtomicLong pausedAt = new AtomicLong();
        AtomicLong otherAt = new AtomicLong();
        server.reply("/limited", (request, response, callback) -> {
            if (limited.getAndIncrement() == 0) {
                pausedAt.set(System.nanoTime());
                response.setStatus(429);
                response.getHeaders().put(HttpHeader.RETRY_AFTER, "2");
                response.write(true, null, callback);
                return;
            }
            response.write(true, ByteBuffer.wrap("ok".getBytes(StandardCharsets.UTF_8)), callback);
        });
        server.reply("/other", (request, response, callback) -> {
            otherAt.set(System.nanoTime());
            response.write(true, ByteBuffer.wrap("other".getBytes(StandardCharsets.UTF_8)), callback);
        });
        try (FetchEngine engine = new FetchEngine()) {
            FetcherConfig slowRetries = tls().retryMaxDelay(Duration.ofSeconds(5));
            HttpFetcher first = engine.open(slowRetries);
            HttpFetcher second = engine.open(slowRetries.copy().userAgent("other-route"));
            try {
                ExecutorService lane = Executors.newSingleThreadExecutor();
                Future<String> limitedResult = lane.submit(
                        () -> text(first.fetchContent(server.uri("/limited"), List.of())));
                while (pausedAt.get() == 0) {
                    Thread.onSpinWait();
                }
                Thread.sleep(200); // the 429 reached the first fetcher
                assertEquals("other", text(second.fetchContent(server.uri("/other"), List.of())));
                assertEquals("ok", limitedResult.get());
                lane.shutdownNow();
            } finally {
                first.close();
                second.close();
            }
        }
        long waited = Duration.ofNanos(otherAt.get() - pausedAt.get()).toMillis();
        assertTrue(waited >= 1800, "the other route waited for the Retry-After: " + waited + " ms");
    }
}
