package io.github.camelresourcesync.bridge.metashare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.testsupport.MetashareNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The META-SHARE bridge without Camel, against the protocol-faithful node emulator: each poll diffs the inventory
 * against the state, fetches only what changed, verifies each record against its checksum, and turns additions,
 * updates, soft and hard deletions into sync events, each delivered once.
 */
class MetashareHarvesterTest {

    private static final String XML = MetashareClientTest.XML;

    private MetashareNode node;
    private MetashareClient client;
    private ExecutorService pool;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private MetashareHarvester harvester;
    /** the progress of the last run started */
    private SyncProgress progress;

    @BeforeEach
    void start() {
        node = MetashareNode.start("harvester", MetashareClientTest.PASSWORD);
        client = new MetashareClient(node.baseUri(), "harvester", MetashareClientTest.PASSWORD,
                new HttpFetcher(MetashareClient.policy(new FetcherConfig().allowedHosts(AllowedHosts.ANY))), 0);
        pool = Executors.newFixedThreadPool(2);
        harvester = new MetashareHarvester(client, store, "mirror", new FetchAheadRun.Fetching(pool, 2, null),
                () -> progress = new SyncProgress("test", 0));
    }

    @AfterEach
    void stop() throws Exception {
        pool.shutdownNow();
        client.close();
        node.close();
    }

    /** One poll, every event delivered: "change id" per event, in the order handed out. */
    private List<String> poll() throws IOException {
        return poll(0);
    }

    /** One poll of at most {@code maxEvents} events (0: no limit), each delivered. */
    private List<String> poll(long maxEvents) throws IOException {
        List<String> seen = new ArrayList<>();
        try (EventRun run = harvester.startRun(maxEvents)) {
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p == null) {
                    run.flush();
                    continue;
                }
                assertTrue(!p.failed(), () -> "unexpected failure " + p.failure());
                seen.add(p.event().change().value() + " " + MetashareHarvester.idOf(p.event().location().toString()));
                run.delivered(p);
            }
            run.flush();
        }
        return seen;
    }

    private ResourceState state(String id) {
        return store.resource(harvester.sourceKey(), node.recordUri(id).toString()).orElse(null);
    }

    @Test
    void additionsUpdatesAndDeletionsEachComeOnceAndUnchangedRecordsAreNotFetched() throws Exception {
        String a = node.add(XML);
        String b = node.add(XML.replace("Base", "Corpus"));
        assertEquals("mirror:metashare:" + node.baseUri().toString().replaceAll("/$", ""), harvester.sourceKey());
        assertEquals(List.of("created " + a, "created " + b), poll());
        assertEquals(1, progress.documents(), "the inventory");
        assertEquals(2, progress.entries());
        assertTrue(progress.bytes() > 2L * XML.length(), "metadata.xml and storage-global.json of both: "
                                                          + progress.bytes());
        assertEquals("md5:" + node.checksum(a), state(a).hash().toString());
        assertEquals(XML.getBytes(StandardCharsets.US_ASCII).length, state(a).length());

        int requests = node.requests().size();
        assertEquals(List.of(), poll(), "nothing changed");
        assertEquals(2, progress.unchangedResources());
        assertTrue(node.requests().stream().skip(requests).noneMatch(r -> r.contains(a) || r.contains(b)),
                "unchanged records are not fetched: " + node.requests().subList(requests, node.requests().size()));

        node.update(a, XML.replace("Base", "Banque"));
        assertEquals(List.of("updated " + a), poll());
        node.softDelete(b);
        assertEquals(List.of("deleted " + b), poll());
        assertEquals(MetashareHarvester.TOMBSTONE, state(b).generation(), "a soft deletion stays as a tombstone");
        assertEquals(List.of(), poll(), "the tombstone is neither fetched nor deleted again");
        node.hardDelete(b);
        assertEquals(List.of(), poll(), "a tombstone that leaves the inventory was delivered already");
        assertEquals(null, state(b), "and is forgotten");
        node.hardDelete(a);
        assertEquals(List.of("deleted " + a), poll());
        assertEquals(null, state(a));
    }

    @Test
    void aRecordSoftDeletedBeforeItWasEverSeenIsRememberedNotDelivered() throws Exception {
        String a = node.add(XML);
        node.softDelete(a);
        assertEquals(List.of(), poll(), "nothing downstream to delete");
        assertEquals(MetashareHarvester.TOMBSTONE, state(a).generation());
        int requests = node.requests().size();
        assertEquals(List.of(), poll());
        assertTrue(node.requests().stream().skip(requests).noneMatch(r -> r.contains(a)), "not fetched again");
    }

    @Test
    void aRecordThatDoesNotMatchItsChecksumFailsAndIsTriedAgain() throws Exception {
        String a = node.add(XML);
        node.tamper(a, XML.replace("Base", "Fake"));
        try (EventRun run = harvester.startRun(0)) {
            PendingEvent p = run.next();
            assertNotNull(p);
            assertTrue(p.failed());
            assertTrue(p.failure().getMessage().contains("does not match its inventory checksum"),
                    p.failure().getMessage());
            run.givenUp(p);
        }
        assertEquals(null, state(a), "nothing committed for it");
        node.untamper(a);
        assertEquals(List.of("created " + a), poll(), "tried again next poll");
    }

    @Test
    void theEventCarriesTheRecordItsBodyAndTheNodesChecksum() throws Exception {
        String a = node.add(XML);
        try (EventRun run = harvester.startRun(0)) {
            PendingEvent p = run.next();
            SyncEvent ev = p.event();
            assertEquals(node.recordUri(a), ev.location());
            assertEquals(MetashareRun.CAPABILITY, ev.capability());
            assertEquals(MetashareRun.MEDIA_TYPE, ev.mediaType());
            try (var in = ev.content().openStream()) {
                assertArrayEquals(XML.getBytes(StandardCharsets.US_ASCII), in.readAllBytes());
            }
            assertEquals(node.checksum(a), ev.extraHeaders().get(StorageGlobal.HEADER_CHECKSUM));
            assertTrue(ev.hash().digests().containsKey("sha-256"), "the body's digests, not the node's checksum");
            assertNotNull(ev.datetime());
            assertEquals(a, ev.extraHeaders().get(StorageGlobal.HEADER_IDENTIFIER));
            assertEquals(1L, ev.extraHeaders().get(StorageGlobal.HEADER_REVISION));
            assertEquals(false, ev.extraHeaders().get(StorageGlobal.HEADER_DELETED));
            assertEquals("p", ev.extraHeaders().get(StorageGlobal.HEADER_PUBLICATION_STATUS));
            assertEquals(ev.datetime(), ev.extraHeaders().get(StorageGlobal.HEADER_MODIFIED));
            assertNotNull(ev.extraHeaders().get(StorageGlobal.HEADER_CREATED));
            assertEquals(node.baseUri().toString(), ev.extraHeaders().get(StorageGlobal.HEADER_SOURCE_URL));
            assertEquals("3.0", ev.extraHeaders().get(StorageGlobal.HEADER_VERSION));
            run.delivered(p);
            run.flush();
        }
    }

    @Test
    void aPollOfAtMostOneEventLeavesTheRestForTheNext() throws Exception {
        String a = node.add(XML);
        String b = node.add(XML.replace("Base", "Corpus"));
        assertEquals(List.of("created " + a), poll(1));
        assertEquals(List.of("created " + b), poll());
    }

    @Test
    void aRecordListedButGoneIsSkippedAndAGarbledOneFails() throws Exception {
        String unknown = MetashareNode.unknownId();
        node.inventoryJson("{\"" + unknown + "\":\"" + "0".repeat(32) + "\"}");
        assertEquals(List.of(), poll(), "404 for a listed record: skipped, the next inventory says what became of it");
        assertEquals(null, store.resource(harvester.sourceKey(), node.recordUri(unknown).toString()).orElse(null));
        node.inventoryJson(null);
        String a = node.add(XML);
        node.garble(a, true);
        try (EventRun run = harvester.startRun(0)) {
            PendingEvent p = null;
            while (p == null && run.hasMore()) {
                p = run.next(); // null while the fetch ahead is under way
            }
            assertNotNull(p, "a garbled record is an event that failed, not nothing");
            assertTrue(p.failed());
            assertTrue(p.failure().getMessage().contains("is not a ZIP package"), p.failure().getMessage());
            run.givenUp(p);
        }
        assertEquals(null, state(a), "nothing committed for it");
    }

    @Test
    void invalidatingAfterAFailedPollLogsInAfresh() throws Exception {
        node.add(XML);
        poll();
        assertEquals(1, node.logins());
        assertEquals(List.of(), poll());
        assertEquals(1, node.logins(), "the session is kept between polls");
        harvester.invalidate();
        assertEquals(List.of(), poll());
        assertEquals(2, node.logins(), "after invalidate the next poll logs in again");
    }
}
