package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The limits of the fetch policy against hostile servers: a body longer than its published length is not downloaded,
 * a server that trickles bytes under the read timeout cannot hold a request past its deadline, a fetcher nobody gave a
 * policy fetches nothing, and hub traffic obeys the same allowed hosts as harvesting.
 */
class FetchPolicyTest {

    private final TestHttpServer server = TestHttpServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpFetcher fetcher(FetcherConfig config) {
        return new HttpFetcher(config.allowedHosts(AllowedHosts.of("127.0.0.1")));
    }

    /** Streams {@code total} bytes without a Content-Length, counting what it managed to send. */
    private void endless(String path, long total, AtomicLong sent) {
        server.handle(path, exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked: no length announced
            byte[] block = new byte[64 * 1024];
            try (OutputStream out = exchange.getResponseBody()) {
                for (long n = 0; n < total; n += block.length) {
                    out.write(block);
                    sent.addAndGet(block.length);
                }
            } catch (IOException closedByClient) {
                // the client stopped reading: expected
            }
        });
    }

    @Test
    void aBodyLongerThanItsPublishedLengthIsNotDownloaded() {
        AtomicLong sent = new AtomicLong();
        endless("/huge", 300L * 1024 * 1024, sent);
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().maxRetries(3))) {
            PublishedLengthExceededException e = assertThrows(PublishedLengthExceededException.class,
                    () -> fetcher.fetchContent(server.uri("/huge"), List.of("md5"), 22));
            assertTrue(e.getMessage().contains("longer than the published length 22"), e.getMessage());
            assertTrue(e.getMessage().contains("stopped reading at 23 bytes"), e.getMessage());
        }
        assertEquals(1, server.requests("/huge"), "a lying body is not retried");
        // the connection is closed once 23 bytes are read: what was sent is what fits into socket buffers, not 300 MB
        assertTrue(sent.get() < 32L * 1024 * 1024, "sent " + sent.get() + " bytes");
    }

    @Test
    void anAnnouncedLengthAbovethePublishedOneIsRefusedBeforeReading() {
        server.serve("/announced", new byte[4096], "application/octet-stream");
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast())) {
            PublishedLengthExceededException e = assertThrows(PublishedLengthExceededException.class,
                    () -> fetcher.fetchContent(server.uri("/announced"), List.of(), 22));
            assertTrue(e.getMessage().contains("announced 4096 bytes"), e.getMessage());
            assertTrue(e.getMessage().contains("published length 22"), e.getMessage());
        }
    }

    @Test
    void aBodyOfExactlyThePublishedLengthPasses() throws IOException {
        server.serve("/exact", "0123456789012345678901", "text/plain");
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(server.uri("/exact"), List.of("md5"), 22)) {
            assertEquals(22, c.length());
        }
    }

    @Test
    void aTricklingServerIsCutOffAtTheRequestDeadline() {
        server.handle("/trickle", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 600; i++) { // one byte every 100 ms, well under the read timeout
                    out.write('x');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (IOException | InterruptedException e) {
                // the client gave up: expected
            }
        });
        FetcherConfig config = TestConfigs.fast().readTimeout(Duration.ofSeconds(5))
                .requestTimeout(Duration.ofSeconds(1));
        try (HttpFetcher fetcher = fetcher(config)) {
            FetchException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(
                    FetchException.class, () -> fetcher.fetchContent(server.uri("/trickle"), List.of())));
            assertTrue(e.getMessage().contains("did not complete within 1000 ms (requestTimeout)"), e.getMessage());
            assertTrue(e.getMessage().contains("GET " + server.uri("/trickle")), e.getMessage());
        }
        assertEquals(1, server.requests("/trickle"), "a deadline is final, not retried");
    }

    @Test
    void requestsThatEndInTimeLeaveNoDeadlineQueued() throws IOException {
        server.serve("/small", "small", "text/plain");
        int before = RequestDeadline.pending();
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().requestTimeout(Duration.ofMinutes(10)))) {
            for (int i = 0; i < 500; i++) {
                fetcher.fetchContent(server.uri("/small"), List.of("md5")).close();
            }
            assertThrows(FetchException.class, () -> fetcher.fetchContent(server.uri("/nothing-here"), List.of()));
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/small"), null)) {
                r.body().readAllBytes();
            }
        }
        // each deadline is dropped when its request ends, not kept for its ten minutes with the request it refers to;
        // the timer is shared by the JVM, so a request another test's thread still has under way may start or end
        // meanwhile: the 502 requests here would leave 502 deadlines if the guarantee broke
        assertTrue(Math.abs(RequestDeadline.pending() - before) < 20,
                "deadlines left: " + (RequestDeadline.pending() - before));
    }

    @Test
    void aDocumentWhoseBodyItsParserClosedHasEndedItsRequest() throws IOException {
        // a parser reads to the root element's end tag and closes the stream it was given, not the response
        server.serve("/doc.xml", "<urlset/>\n<!-- trailer -->\n", "application/xml");
        int before = RequestDeadline.pending();
        try (HttpFetcher fetcher = fetcher(TestConfigs.fast().requestTimeout(Duration.ofMinutes(10)))) {
            for (int i = 0; i < 300; i++) {
                DocumentResponse response = fetcher.fetchDocument(server.uri("/doc.xml"), null);
                try (InputStream body = response.body()) {
                    assertEquals("<urlset/>", new String(body.readNBytes(9), StandardCharsets.UTF_8));
                }
            }
        }
        // its deadline dropped (and its host slot and connection given back) as when the response is closed: the
        // 300 documents would leave 300 deadlines queued for ten minutes otherwise
        assertTrue(Math.abs(RequestDeadline.pending() - before) < 20,
                "deadlines left: " + (RequestDeadline.pending() - before));
    }

    @Test
    void aTricklingDocumentIsCutOffAtTheRequestDeadlineWhileBeingParsed() {
        server.handle("/doc.xml", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("<urlset>".getBytes());
                for (int i = 0; i < 600; i++) {
                    out.write(' ');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (IOException | InterruptedException e) {
                // expected
            }
        });
        FetcherConfig config = TestConfigs.fast().requestTimeout(Duration.ofSeconds(1));
        try (HttpFetcher fetcher = fetcher(config)) {
            FetchException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(
                    FetchException.class, () -> {
                        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
                            r.body().readAllBytes();
                        }
                    }));
            assertTrue(e.getMessage().contains("(requestTimeout)"), e.getMessage());
        }
    }

    @Test
    void aFetcherWithoutAPolicyFetchesNothing() {
        server.serve("/x", "x", "text/plain");
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig())) {
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> fetcher.fetchContent(server.uri("/x"), List.of()));
            assertTrue(e.getMessage().contains("allowed: no host"), e.getMessage());
        }
        assertEquals(0, server.requests("/x"));
    }

    @Test
    void hubTrafficObeysTheAllowedHostsOnEveryHop() throws Exception {
        TestHttpServer other = TestHttpServer.startOn("127.0.0.2");
        try (other; HubClient hub = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.of("127.0.0.1")))) {
            other.handle("/hub", TestHttpServer.status(202));
            server.redirect("/hub", 307, other.uri("/hub").toString());
            LinkRefusedException direct = assertThrows(LinkRefusedException.class,
                    () -> hub.postForm(other.uri("/hub"), Map.of("hub.mode", "subscribe")));
            assertTrue(direct.getMessage().startsWith("POST " + other.uri("/hub") + " refused: host 127.0.0.2"),
                    direct.getMessage());
            LinkRefusedException redirected = assertThrows(LinkRefusedException.class,
                    () -> hub.postForm(server.uri("/hub"), Map.of("hub.mode", "subscribe")));
            assertTrue(redirected.getMessage().contains("was redirected to " + other.uri("/hub")),
                    redirected.getMessage());
            assertThrows(LinkRefusedException.class, () -> hub.discover(URI.create("file:///etc/passwd")));
            assertEquals(0, other.totalRequests(), "the hub elsewhere got no request");
            assertFalse(server.recorded("/hub").isEmpty());
        }
    }
}
