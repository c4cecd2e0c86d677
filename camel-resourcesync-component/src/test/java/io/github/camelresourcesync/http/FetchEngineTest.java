package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

/** Fetchers with the same connection settings share one pool; the pool goes when its last fetcher or the engine does. */
class FetchEngineTest {

    private TestHttpServer server;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        server.serve("/r.txt", "resource", "text/plain");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String fetch(HttpFetcher fetcher) throws IOException {
        try (Content c = fetcher.fetchContent(server.uri("/r.txt"), List.of())) {
            return new String(c.bytesIfInMemory(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void fetchersShareAPoolPerConnectionSettingsUntilTheLastIsClosed() throws IOException {
        try (FetchEngine engine = new FetchEngine()) {
            HttpFetcher a = engine.open(TestConfigs.fast());
            HttpFetcher b = engine.open(TestConfigs.fast().allowedHosts(AllowedHosts.of("127.0.0.1")));
            assertEquals(1, engine.pools(), "allowed hosts are policy, not a connection setting");
            HttpFetcher slow = engine.open(TestConfigs.fast().readTimeout(Duration.ofSeconds(30)));
            assertEquals(2, engine.pools());

            assertEquals("resource", fetch(a));
            assertEquals("resource", fetch(b));
            assertEquals("resource", fetch(slow));

            a.close();
            assertEquals(2, engine.pools(), "b still uses the shared pool");
            assertEquals("resource", fetch(b));
            b.close();
            assertEquals(1, engine.pools());
            slow.close();
            assertEquals(0, engine.pools());
        }
    }

    @Test
    void closingTheEngineClosesEveryPool() throws IOException {
        FetchEngine engine = new FetchEngine();
        HttpFetcher a = engine.open(TestConfigs.fast());
        HttpFetcher b = engine.open(TestConfigs.fast().connectTimeout(Duration.ofSeconds(9)));
        assertEquals("resource", fetch(a));
        engine.close();
        assertEquals(0, engine.pools());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fetch(a));
        assertEquals("Connection pool shut down", e.getMessage());
        assertThrows(IllegalStateException.class, () -> fetch(b));
        a.close();
        b.close();
        assertEquals(0, engine.pools());
        assertEquals(1, server.requests("/r.txt"), "no request after the engine closed");
    }
}
