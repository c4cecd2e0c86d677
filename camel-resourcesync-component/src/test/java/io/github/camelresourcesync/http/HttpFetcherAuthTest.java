package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.http.HttpFetcherDocumentTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

class HttpFetcherAuthTest {

    private static final String PASSWORD = "s3cr3t-Pa55";

    private TestHttpServer source;
    private TestHttpServer elsewhere;
    private RecordingListener listener;

    @BeforeEach
    void start() {
        source = TestHttpServer.start();
        elsewhere = TestHttpServer.start();
        listener = new RecordingListener();
    }

    @AfterEach
    void stop() {
        source.close();
        elsewhere.close();
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void basicCredentialsGoToTheSourceButNotToAnotherHost() throws IOException {
        source.serve("/doc.xml", "<urlset/>", "application/xml");
        source.redirect("/moved.xml", 302, "/doc.xml");
        source.redirect("/offsite.txt", 302, elsewhere.uri("/r.txt").toString());
        elsewhere.serve("/r.txt", "data", "text/plain");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().username("harvester").password(PASSWORD))) {
            try (DocumentResponse r = fetcher.fetchDocument(source.uri("/doc.xml"), null)) {
                read(r.body());
            }
            assertEquals(basic("harvester", PASSWORD), source.lastRequest("/doc.xml").header("Authorization"));

            source.clearRecorded();
            try (DocumentResponse r = fetcher.fetchDocument(source.uri("/moved.xml"), null)) {
                read(r.body());
            }
            assertEquals(basic("harvester", PASSWORD), source.lastRequest("/moved.xml").header("Authorization"));
            assertEquals(basic("harvester", PASSWORD), source.lastRequest("/doc.xml").header("Authorization"),
                    "same origin after the redirect");

            try (Content c = fetcher.fetchContent(source.uri("/offsite.txt"), List.of())) {
                assertEquals(4, c.length());
            }
            assertEquals(basic("harvester", PASSWORD), source.lastRequest("/offsite.txt").header("Authorization"));
            assertNull(elsewhere.lastRequest("/r.txt").header("Authorization"), "another port is another origin");
        }
    }

    @Test
    void bearerTokenGoesToTheSourceOnly() throws IOException {
        source.redirect("/offsite.txt", 307, elsewhere.uri("/r.txt").toString());
        elsewhere.serve("/r.txt", "data", "text/plain");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().bearerToken("tok-123").username("ignored"));
             Content c = fetcher.fetchContent(source.uri("/offsite.txt"), List.of())) {
            assertEquals(4, c.length());
        }
        assertEquals("Bearer tok-123", source.lastRequest("/offsite.txt").header("Authorization"));
        assertNull(elsewhere.lastRequest("/r.txt").header("Authorization"));
    }

    @Test
    void credentialsInTheUrlAreUsedButNeverShown() throws IOException {
        source.handle("/private.xml", exchange -> {
            boolean ok = basic("user", PASSWORD).equals(exchange.getRequestHeaders().getFirst("Authorization"));
            TestHttpServer.respond(exchange, ok ? 404 : 401, "nope");
        });
        URI uri = URI.create("http://user:" + PASSWORD + "@127.0.0.1:" + source.port() + "/private.xml");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().listener(listener))) {
            FetchException e = assertThrows(FetchException.class, () -> fetcher.fetchDocument(uri, null));
            assertEquals(404, e.getStatusCode(), "the URL's user-info authenticated the request");
            assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
            assertFalse(e.getUri().toString().contains(PASSWORD), e.getUri().toString());
            assertTrue(e.getMessage().contains("http://127.0.0.1:" + source.port() + "/private.xml"), e.getMessage());
        }
        listener.responses.forEach(r -> assertFalse(r.uri().toString().contains(PASSWORD)));
    }

    @Test
    void passwordAppearsInNoMessageNorLogLine() throws IOException {
        source.handle("/doc.xml", TestHttpServer.status(401));
        source.handle("/flaky.xml", TestHttpServer.status(503));
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        List<URI> uris = List.of(source.uri("/doc.xml"), source.uri("/flaky.xml"),
                URI.create("http://127.0.0.1:" + closedPort + "/x.xml"),
                URI.create("http://harvester:" + PASSWORD + "@127.0.0.1:" + closedPort + "/y.xml?access_token="
                        + PASSWORD));
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxRetries(1).username("harvester")
                .password(PASSWORD).listener(listener))) {
            for (URI uri : uris) {
                FetchException e = assertThrows(FetchException.class, () -> fetcher.fetchDocument(uri, null));
                assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
                assertFalse(String.valueOf(e.getCause()).contains(PASSWORD), String.valueOf(e.getCause()));
                if (e.getStatusCode() == 401) {
                    assertTrue(e.getMessage().contains("credentials were rejected"), e.getMessage());
                }
            }
        }
        listener.retries.forEach(r -> assertFalse(r.reason().contains(PASSWORD) || r.uri().toString()
                .contains(PASSWORD), r.toString()));
        // every attempt (the 401 once, the others twice: maxRetries 1) is told to the listener as a request, ended once, without secrets
        assertEquals(7, listener.requests.size(), listener.requests::toString);
        listener.requests.forEach(r -> assertFalse(r.toString().contains(PASSWORD), r.toString()));
        assertEquals(List.of(401, 503, 503, 0, 0, 0, 0), listener.requests.stream()
                .map(RecordingListener.Request::status).toList());
        listener.requests.stream().filter(r -> r.status() == 0)
                .forEach(r -> assertTrue(r.failure() != null && !r.failure().isBlank(), r.toString()));
        Path log = Path.of("target/camel-resourcesync-test.log");
        if (Files.exists(log)) {
            assertFalse(Files.readString(log).contains(PASSWORD), "the test log shows the password");
        }
    }
}
