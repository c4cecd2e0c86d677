package io.github.camelresourcesync.harvest;

import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which changes of several change notifications push delivers, after a baseline of a.txt and b.txt: the newest change
 * per resource (of two in one second, the one notified last), oldest first whatever order the notifications came in;
 * a pushed deletion removes the resource's state.
 */
class NotificationStepsTest {

    private TestSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();
    private Harvester harvester;
    /** after the baseline's resume point */
    private Instant t;

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        harvester = rig.harvester(source.base(), new HarvestOptions(), store);
        try (SyncRun run = harvester.startRun(0)) {
            assertEquals(2, deliverAll(run).size(), "the baseline");
        }
        t = source.tick(10);
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private Entry change(String path, String change, Instant datetime) {
        return new Entry(source.uri(path), null, new Metadata(null, null, null, null, null, datetime, null, change,
                null, null, null, null, null), null, false);
    }

    private NotifiedChanges notification(Entry... changes) {
        return new NotifiedChanges(source.changeTopic(), List.of(changes));
    }

    /** "change path @datetime" per event. */
    private static List<String> deliverAll(SyncRun run) throws Exception {
        return Deliveries.deliverAll(run, e -> e.change() + " " + e.fileName() + " @" + e.datetime());
    }

    private List<String> push(NotifiedChanges... notified) throws Exception {
        try (SyncRun run = harvester.startRun(0, List.of(notified), false)) {
            return deliverAll(run);
        }
    }

    @Test
    void theNewestChangePerResourceComesOutOldestFirst() throws Exception {
        Instant t1 = t.plusSeconds(1);
        Instant t2 = t.plusSeconds(2);
        Instant t3 = t.plusSeconds(3);
        // b is notified first but changed last; a's second notification has its newer change
        assertEquals(List.of("updated res/a.txt @" + t2, "updated res/b.txt @" + t3),
                push(notification(change("/res/b.txt", "updated", t3), change("/res/a.txt", "updated", t1)),
                        notification(change("/res/a.txt", "updated", t2))));
    }

    @Test
    void ofTwoChangesInOneSecondTheOneNotifiedLastWinsAndAPushedDeletionRemovesTheState() throws Exception {
        String key = source.uri("/capabilitylist.xml").toString();
        String a = source.uri("/res/a.txt").toString();
        assertTrue(store.resource(key, a).isPresent());
        source.delete("/res/a.txt"); // a deletion is delivered only when the Source confirms it (404)
        Instant t1 = t.plusSeconds(1);
        assertEquals(List.of("deleted res/a.txt @" + t1),
                push(notification(change("/res/a.txt", "updated", t1)),
                        notification(change("/res/a.txt", "deleted", t1))));
        assertTrue(store.resource(key, a).isEmpty(), "the destination no longer has a.txt");
        assertTrue(store.resource(key, source.uri("/res/b.txt").toString()).isPresent());
    }

    @Test
    void closingDropsTheStepsNotHandedOut() throws Exception {
        DiscoveredSource discovered = harvester.sources().get(0);
        SyncProgress progress = new SyncProgress("test", 0);
        SitemapReader reader = new SitemapReader();
        HarvestOptions options = new HarvestOptions();
        HarvestContext ctx = new HarvestContext(options, new DocumentLoader(rig.fetcher(), reader, progress),
                new StateBuffer(store), store, new EventFactory(source.uri("/")),
                new PackageLoader(rig.fetcher(), reader, options.dumpLimits(), rig.pool()), progress);
        NotificationSteps steps = new NotificationSteps(discovered,
                List.of(notification(change("/res/a.txt", "updated", t.plusSeconds(1)),
                        change("/res/b.txt", "updated", t.plusSeconds(2)))), ctx,
                new NotifiedDeletions(rig.fetcher()));
        assertNotNull(steps.next());
        steps.close();
        assertNull(steps.next());
    }
}
