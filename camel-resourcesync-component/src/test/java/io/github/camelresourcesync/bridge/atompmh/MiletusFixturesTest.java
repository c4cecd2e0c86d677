package io.github.camelresourcesync.bridge.atompmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Fixtures;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.harvest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Miletus feeds and recorded responses of a real 2012 research-data Atom feed (shared fixtures; skipped when
 * absent): plain, complete and out-of-order feeds, representations served as {@code charset=atom}.
 */
class MiletusFixturesTest {

    private static final String ORIGIN = "http://dataspace.uq.edu.au";

    private Path dir;
    private TestHttpServer server;
    private HttpFetcher fetcher;
    private InMemoryStateStore store;

    @BeforeEach
    void start() throws Exception {
        dir = Fixtures.fixturesDir("atom/miletus");
        server = TestHttpServer.start();
        fetcher = new HttpFetcher(AtomFeeds.fastConfig());
        store = new InMemoryStateStore();
        serveRecorded("dataspace_rdcatom_feed_entries_out_of_order_complete_feed.yml");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            fetcher.close();
            server.close();
        }
    }

    /** Serves each recorded response at its path, with the recorded status and content type. */
    @SuppressWarnings("unchecked")
    private void serveRecorded(String recording) throws Exception {
        Map<String, Object> yml = (Map<String, Object>) new Load(LoadSettings.builder().build())
                .loadFromString(Files.readString(dir.resolve(recording)));
        for (Object o : (List<Object>) yml.get("http_interactions")) {
            Map<String, Object> interaction = (Map<String, Object>) o;
            String uri = (String) ((Map<String, Object>) interaction.get("request")).get("uri");
            Map<String, Object> response = (Map<String, Object>) interaction.get("response");
            Map<String, Object> headers = (Map<String, Object>) response.get("headers");
            String contentType = ((List<String>) headers.get("Content-Type")).get(0);
            String body = (String) ((Map<String, Object>) response.get("body")).get("string");
            String path = java.net.URI.create(uri.replace(ORIGIN, "")).getPath();
            server.serve(path, body, contentType);
        }
    }

    private void serveFeed(String file) throws Exception {
        server.serve("/feed", Files.readString(dir.resolve(file)).replace(ORIGIN, server.baseUri().toString()),
                "application/atom+xml; charset=atom");
    }

    private AtomHarvester harvester() {
        return new AtomHarvester(server.uri("/feed"), new AtomPmhOptions(), fetcher, store);
    }

    @Test
    void plainFeedNeverDeletesByAbsence() throws Exception {
        serveFeed("atom-feed-test-1a.xml");
        AtomHarvester h = harvester();
        AtomFeeds.Harvest first = harvest(h);
        assertEquals(List.of("created http://example.test/1", "created http://example.test/2",
                "created http://example.test/3"), first.changes());
        // the recorded representations, served as "charset=atom", arrive as bodies
        first.bodies.forEach(b -> assertTrue(b.contains("<entry"), b));
        assertEquals(server.uri("/collections/1r?repr=application/atom+xml;type=entry"),
                first.events.get(0).location());
        serveFeed("atom-feed-test-1b.xml");
        assertEquals(List.of(), harvest(h).changes());
    }

    @Test
    void completeFeedDeletesWhatItNoLongerLists() throws Exception {
        serveFeed("atom-feed-test-complete-1a.xml");
        AtomHarvester h = harvester();
        assertEquals(3, harvest(h).events.size());
        serveFeed("atom-feed-test-complete-1b.xml");
        AtomFeeds.Harvest second = harvest(h);
        assertEquals(List.of("deleted http://example.test/3"), second.changes());
        assertEquals(server.uri("/agents/17?repr=application/atom+xml;type=entry"), second.events.get(0).location());
    }

    @Test
    void outOfOrderCompleteFeedWithHistoricalEntries() throws Exception {
        serveFeed("atom-feed-test-complete-2.xml");
        AtomFeeds.Harvest h = harvest(harvester());
        assertEquals(List.of("created http://example.test/1", "created http://example.test/2",
                "created http://example.test/3"), h.changes());
        assertEquals(Instant.parse("2012-09-05T06:13:26Z"), h.events.get(2).datetime());
    }
}
