package io.github.camelresourcesync.harvest;

import java.util.List;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Notified;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.TestSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A change delivered by push and then found in the Change List: the poll does not deliver it again, moves the resume
 * point past it (so later polls do not either) and forgets the record push kept of it, also when the list has a newer
 * change of that resource, which it delivers.
 */
class PushThenPollTest {

    private TestSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private Harvester harvester() {
        return rig.harvester(source.base(), new HarvestOptions(), store);
    }

    private static List<String> deliverAll(SyncRun run) throws Exception {
        return Deliveries.deliverAll(run, Deliveries.CHANGE_AND_FILE);
    }

    private static List<String> poll(Harvester h) throws Exception {
        try (SyncRun run = h.startRun(0)) {
            return deliverAll(run);
        }
    }

    private List<String> push(Harvester h, int lastChanges) throws Exception {
        try (SyncRun run = h.startRun(0, List.of(Notified.of(source, lastChanges)), false)) {
            return deliverAll(run);
        }
    }

    /** Records push keeps of the changes it delivered, until a poll's walk of the Change List passes them. */
    private long pushedRecords() {
        return store.resourceCount(PushedState.key(source.uri("/capabilitylist.xml").toString()));
    }

    @Test
    void aPushedChangeIsNotDeliveredAgainByThisPollNorByLaterOnes() throws Exception {
        Harvester h = harvester();
        assertEquals(List.of("created res/a.txt", "created res/b.txt"), poll(h));
        source.change("/res/c.txt", "charlie");
        assertEquals(List.of("created res/c.txt"), push(h, 1));
        assertEquals(1, pushedRecords());

        assertEquals(List.of(), poll(h), "listed now, but push delivered it");
        assertEquals(0, pushedRecords(), "the walk passed it: its record goes");
        assertEquals(List.of(), poll(h), "the resume point moved past it: not delivered once its record is gone");
        source.change("/res/d.txt", "delta");
        assertEquals(List.of("created res/d.txt"), poll(h));
    }

    @Test
    void aNewerListedChangeOfAPushedResourceIsDeliveredAndDropsTheRecord() throws Exception {
        Harvester h = harvester();
        poll(h);
        source.change("/res/a.txt", "alpha 2");
        assertEquals(List.of("updated res/a.txt"), push(h, 1));
        source.change("/res/a.txt", "alpha 3"); // one second later, not pushed
        assertEquals(List.of("updated res/a.txt"), poll(h), "the newer version comes by polling");
        assertEquals(0, pushedRecords(), "the delivered newer change passed the pushed one");
        assertEquals(List.of(), poll(h));
    }
}
