package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.http.HttpFetcherDocumentTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

class HttpFetcherRedirectTest {

    private TestHttpServer server;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void followsAChainOfEveryRedirectStatusAndReportsTheFinalUri() throws IOException {
        server.redirect("/a", 301, "/b");
        server.redirect("/b", 302, server.uri("/c").toString());
        server.redirect("/c", 303, "/d");
        server.redirect("/d", 307, "e");
        server.redirect("/e", 308, "/final.xml");
        server.serve("/final.xml", "<urlset/>", "application/xml");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             DocumentResponse r = fetcher.fetchDocument(server.uri("/a"), null)) {
            assertEquals(server.uri("/final.xml"), r.uri());
            assertEquals("<urlset/>", read(r.body()));
        }
        for (String path : List.of("/a", "/b", "/c", "/d", "/e", "/final.xml")) {
            assertEquals(1, server.requests(path), path);
        }
    }

    @Test
    void contentFollowsRedirectsToo() throws IOException {
        server.redirect("/r.txt", 302, "/real.txt");
        server.serve("/real.txt", "hello", "text/plain");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(server.uri("/r.txt"), List.of())) {
            assertEquals(5, c.length());
        }
    }

    @Test
    void tooManyRedirectsNameTheUrlAndTheLimit() {
        for (int i = 0; i < 10; i++) {
            server.redirect("/r" + i, 302, "/r" + (i + 1));
        }
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxRedirects(3))) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/r0"), null));
            assertEquals("GET " + server.uri("/r0") + " was redirected more than 3 times (maxRedirects)",
                    e.getMessage());
        }
        assertEquals(0, server.requests("/r5"), "not retried, not followed further");
        assertEquals(1, server.requests("/r0"));
    }

    @Test
    void aRedirectLoopEndsAtTheLimit() {
        server.redirect("/loop", 302, "/loop");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxRedirects(4))) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/loop"), null));
            assertTrue(e.getMessage().contains("more than 4 times"), e.getMessage());
        }
    }

    @Test
    void noRedirectsFollowedWhenDisabled() {
        server.redirect("/a", 301, "/b");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().maxRedirects(0))) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/a"), null));
            assertEquals(301, e.getStatusCode());
            assertEquals("GET " + server.uri("/a") + " returned 301 Moved Permanently", e.getMessage());
        }
        assertEquals(0, server.requests("/b"));
    }

    @Test
    void errorsAfterARedirectNameBothUrls() {
        server.redirect("/old.txt", 301, "/new.txt");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast())) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(server.uri("/old.txt"), List.of()));
            assertEquals(404, e.getStatusCode());
            assertEquals("GET " + server.uri("/old.txt") + " (redirected to " + server.uri("/new.txt")
                    + ") returned 404 Not Found", e.getMessage());
        }
    }
}
