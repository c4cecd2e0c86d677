package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.testsupport.TestHttpServer;

/** One request with {@link HttpFetcher#send}: what reaches the server, what comes back, and what is refused. */
class HttpFetcherSendTest {

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

    private HttpFetcher fetcher(AllowedHosts allowed) {
        return new HttpFetcher(TestConfigs.fast().allowedHosts(allowed).listener(listener));
    }

    @Test
    void sendsMethodHeadersAndBodyAndReturnsTheWholeAnswer() throws IOException {
        server.handle("/hub", exchange -> {
            exchange.getResponseHeaders().add("Link", "<https://example.org/a>; rel=self");
            exchange.getResponseHeaders().add("Link", "<https://example.org/hub>; rel=hub");
            TestHttpServer.respond(exchange, 202, "accepted".getBytes(StandardCharsets.UTF_8), "text/plain");
        });
        byte[] form = "hub.mode=subscribe&hub.topic=x".getBytes(StandardCharsets.UTF_8);
        try (HttpFetcher fetcher = fetcher(AllowedHosts.of("127.0.0.1"))) {
            HttpAnswer a = fetcher.send("POST", server.uri("/hub"), form,
                    Map.of("Content-Type", "application/x-www-form-urlencoded"));
            assertEquals(202, a.status());
            assertTrue(a.ok());
            assertEquals(server.uri("/hub"), a.uri());
            assertEquals("accepted", a.text());
            assertTrue(a.complete());
            assertEquals("text/plain", a.header("content-type"), "header names in any case");
            assertEquals(List.of("<https://example.org/a>; rel=self", "<https://example.org/hub>; rel=hub"),
                    a.headers("LINK"));
        }
        TestHttpServer.Request r = server.lastRequest("/hub");
        assertEquals("POST", r.method());
        assertArrayEquals(form, r.body());
        assertEquals("application/x-www-form-urlencoded", r.header("Content-Type"));
        assertEquals(8, listener.received.get(), "a complete answer is reported");
    }

    @Test
    void anAnswerLongerThanMaxBodyIsCutOffAndSaysSo() throws IOException {
        // the byte after the kept part is a zero byte: it still counts as "more"
        server.serve("/long", "hello\u0000world", "text/plain");
        server.serve("/exact", "hello", "text/plain");
        try (HttpFetcher fetcher = fetcher(AllowedHosts.ANY)) {
            HttpAnswer cut = fetcher.send("GET", server.uri("/long"), null, Map.of(), null, 5);
            assertFalse(cut.complete());
            assertEquals("hello...", cut.text());
            assertEquals(0, listener.received.get(), "an aborted answer reports no bytes received");

            HttpAnswer exact = fetcher.send("GET", server.uri("/exact"), null, Map.of(), null, 5);
            assertTrue(exact.complete());
            assertEquals("hello", exact.text());
        }
    }

    @Test
    void aCookieStoreCarriesTheSession() throws IOException {
        server.handle("/login", exchange -> {
            exchange.getResponseHeaders().add("Set-Cookie", "session=s1; Path=/");
            TestHttpServer.respond(exchange, 200, "ok");
        });
        server.serve("/me", "me", "text/plain");
        BasicCookieStore cookies = new BasicCookieStore();
        try (HttpFetcher fetcher = fetcher(AllowedHosts.ANY)) {
            fetcher.send("POST", server.uri("/login"), new byte[0], Map.of(), cookies, 1024);
            fetcher.send("GET", server.uri("/me"), null, Map.of(), cookies, 1024);
        }
        assertEquals(List.of("session"), cookies.getCookies().stream().map(c -> c.getName()).toList());
        assertTrue(String.valueOf(server.lastRequest("/me").header("Cookie")).contains("session=s1"),
                String.valueOf(server.lastRequest("/me").headers()));
    }

    @Test
    void onlyHttpUrlsAreSentRequests(@TempDir Path dir) {
        try (HttpFetcher fetcher = fetcher(AllowedHosts.ANY)) {
            URI file = dir.resolve("x.txt").toUri();
            FetchException e = assertThrows(FetchException.class, () -> fetcher.send("PUT", file, new byte[1],
                    Map.of()));
            assertEquals("PUT " + file + " refused: only http: and https: URLs are sent requests", e.getMessage());
            LinkRefusedException ftp = assertThrows(LinkRefusedException.class,
                    () -> fetcher.send("GET", URI.create("ftp://example.org/x"), null, Map.of()));
            assertTrue(ftp.getMessage().contains("scheme ftp: is not fetched"), ftp.getMessage());
        }
    }

    @Test
    void aRedirectToAnotherHostIsRefusedWithoutFollowingIt() {
        server.redirect("/hub", 307, "http://localhost:" + server.port() + "/internal");
        server.serve("/internal", "internal", "text/plain");
        try (HttpFetcher fetcher = fetcher(AllowedHosts.of("127.0.0.1"))) {
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> fetcher.send("POST", server.uri("/hub"), new byte[] {1}, Map.of()));
            assertTrue(e.getMessage().contains("host localhost is not allowed"), e.getMessage());
        }
        assertEquals(0, server.requests("/internal"));
    }

    @Test
    void aConnectionFailureNamesTheRequestWithoutCredentials() {
        TestHttpServer gone = TestHttpServer.start();
        URI uri = URI.create("http://hub:hunter2@127.0.0.1:" + gone.port() + "/hub?access_token=hunter3");
        gone.close();
        try (HttpFetcher fetcher = fetcher(AllowedHosts.ANY)) {
            FetchException e = assertThrows(FetchException.class, () -> fetcher.send("POST", uri, new byte[1],
                    Map.of()));
            assertTrue(e.getMessage().startsWith("POST http://127.0.0.1:" + gone.port()
                                                 + "/hub?access_token=*** failed: "), e.getMessage());
            assertFalse(e.getMessage().contains("hunter"), e.getMessage());
            assertFalse(String.valueOf(e.getUri()).contains("hunter"), String.valueOf(e.getUri()));
        }
    }

    @Test
    void aTruncatedAnswerFailsNamingTheRequestAndStatus() {
        server.handle("/hub", TestHttpServer.truncated("only part".getBytes(StandardCharsets.UTF_8), 1000));
        try (HttpFetcher fetcher = fetcher(AllowedHosts.ANY)) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.send("GET", server.uri("/hub?token=hunter2"), null, Map.of()));
            assertTrue(e.getMessage().startsWith("GET " + server.uri("/hub?token=***")
                                                 + ": reading the answer failed: "), e.getMessage());
            assertEquals(200, e.getStatusCode());
            assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        }
    }
}
