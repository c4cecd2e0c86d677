package io.github.camelresourcesync.bridge.atompmh;

import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.harvest;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.specExample;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The five examples of the Atom-PMH 1.0 draft, served on loopback, harvested as the draft says a consumer should. */
class AtomPmhSpecExamplesTest {

    private static final String ALPHA = "urn:uuid:177d5415-c443-410f-a5b6-44bf8433594f";
    private static final String BETA = "urn:uuid:e7aca47e-76c5-4648-948b-583ffdaafa0d";
    private static final String GAMMA = "urn:uuid:fca64ec1-4984-4d34-8f02-f14a58ec5e78";
    private static final String DELTA = "urn:uuid:4cee3cd0-a7a7-42c8-a6ee-74df0bd04cc4";

    private TestHttpServer server;
    private HttpFetcher fetcher;
    private InMemoryStateStore store;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        fetcher = new HttpFetcher(AtomFeeds.fastConfig());
        store = new InMemoryStateStore();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.close();
    }

    private void serve(String path, String example) {
        server.serve(path, specExample(example, server.baseUri()), "application/atom+xml");
    }

    private AtomHarvester harvester(String path, AtomPmhOptions options) {
        return new AtomHarvester(server.uri(path), options.fetchContent(false), fetcher, store);
    }

    @Test
    void example1ArchivedFeedIsHarvestedWholeAndOldestFirst() throws Exception {
        serveExample1("/feed/archived");
        AtomFeeds.Harvest h = harvest(harvester("/feed/archived", new AtomPmhOptions()));
        assertEquals(List.of("created " + DELTA, "created " + GAMMA, "created " + BETA, "created " + ALPHA),
                h.changes());
        SyncEvent alpha = h.events.get(3);
        assertEquals(server.uri("/entry/0001"), alpha.location());
        assertEquals(Instant.parse("2012-11-01T07:00:00Z"), alpha.datetime());
        assertEquals("atom-pmh", alpha.capability());
        assertEquals("Alpha data collection", alpha.extraHeaders().get(AtomPmhEvents.ATOM_TITLE));
        assertEquals("application/atom+xml", alpha.mediaType());
        assertEquals("entry/0001@", alpha.fileName());
        assertEquals(server.uri("/feed/archived"), alpha.sourceDocument());
        // Gamma has two alternate links of one type: the first one is taken
        assertEquals(server.uri("/entry/0003.atom"), h.events.get(1).location());
        assertEquals(server.uri("/archived/2011/12/31"), h.events.get(0).sourceDocument());
    }

    private void serveExample1(String subscriptionPath) {
        serve(subscriptionPath, "ex1-subscription.xml");
        serve("/archived/2012/10/31", "ex1-archive-2012-10-31.xml");
        serve("/archived/2012/06/30", "ex1-archive-2012-06-30.xml");
        serve("/archived/2011/12/31", "ex1-archive-2011-12-31.xml");
    }

    @Test
    void example2DeletionEntryDeletesAndTheWalkStopsAtThePreviousHarvest() throws Exception {
        serveExample1("/feed/archived");
        AtomHarvester h = harvester("/feed/archived", new AtomPmhOptions());
        assertEquals(4, harvest(h).events.size());
        // the old subscription document becomes an archive, the new one carries the deletion entry
        serveExample1("/archived/2012/11/01");
        serve("/feed/archived", "ex2-subscription.xml");
        server.clearRecorded();
        AtomFeeds.Harvest second = harvest(h);
        assertEquals(List.of("deleted " + ALPHA), second.changes());
        assertEquals(server.uri("/entry/0001"), second.events.get(0).location());
        assertEquals(Instant.parse("2012-11-01T23:00:00Z"), second.events.get(0).datetime());
        // the walk stops at the first document entirely older than the previous harvest
        assertEquals(1, server.requests("/archived/2012/11/01"));
        assertEquals(1, server.requests("/archived/2012/10/31"));
        assertEquals(0, server.requests("/archived/2012/06/30"));
        assertEquals(List.of(), harvest(h).changes());
    }

    @Test
    void example3And4CompleteFeedDeletesByAbsence() throws Exception {
        serve("/feed/complete", "ex3-complete.xml");
        AtomHarvester h = harvester("/feed/complete", new AtomPmhOptions().mediaTypes(List.of("application/rdf+xml",
                "application/atom+xml")));
        AtomFeeds.Harvest first = harvest(h);
        assertEquals(List.of("created " + DELTA, "created " + GAMMA, "created " + BETA, "created " + ALPHA),
                first.changes());
        // the preferred format where there is one, else the next preference
        assertEquals(server.uri("/entry/0004.rdf"), first.events.get(0).location());
        assertEquals("application/rdf+xml", first.events.get(0).mediaType());
        assertEquals(server.uri("/entry/0003"), first.events.get(1).location());
        serve("/feed/complete", "ex4-complete.xml");
        AtomFeeds.Harvest second = harvest(h);
        assertEquals(List.of("deleted " + ALPHA), second.changes());
        assertEquals(server.uri("/entry/0001"), second.events.get(0).location());
        assertEquals(List.of(), harvest(h).changes());
    }

    @Test
    void example5UpdateTheNewestEntryWins() throws Exception {
        serve("/feed", "ex5-update.xml");
        AtomFeeds.Harvest h = harvest(harvester("/feed", new AtomPmhOptions()));
        assertEquals(List.of("created " + BETA), h.changes());
        assertEquals(Instant.parse("2012-11-02T07:30:00Z"), h.events.get(0).datetime());
    }
}
