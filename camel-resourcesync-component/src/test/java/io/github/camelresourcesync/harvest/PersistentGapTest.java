package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.TestSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Source whose Resource List is older than its Change Lists' start: a gap no baseline can close. The harvester
 * baselines once, then applies the Change Lists from the resume point (never re-baselining on every poll), reports the
 * gap once, and closes it with a baseline when the Source publishes a snapshot as new as its Change Lists.
 */
class PersistentGapTest {

    private TestSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<GapListener.Gap> opened = new ArrayList<>();
    private final List<String> closed = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    /** The Resource List stays as it is now (with a, b) while the Source goes on. */
    void freezeResourceList() throws Exception {
        String resourceList = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(source.uri("/resourcelist.xml")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        source.override("/resourcelist.xml", resourceList);
    }

    /** The Source drops its history and starts its Change List an hour later; then b is deleted and c created. */
    void laterChangeList() {
        source.tick(3600);
        source.compactChanges();
        source.delete("/res/b.txt");
        source.change("/res/c.txt", "charlie");
    }

    Harvester harvester() {
        Harvester h = rig.harvester(source.base(), new HarvestOptions(), store);
        h.gapListener(new GapListener() {
            @Override
            public void gapOpened(Gap gap) {
                opened.add(gap);
            }

            @Override
            public void gapClosed(String sourceKey) {
                closed.add(sourceKey);
            }
        });
        return h;
    }

    static List<String> poll(Harvester h) throws Exception {
        return Deliveries.poll(h, 0, Deliveries.CHANGE_AND_FILE);
    }

    @Test
    void theChangeListIsAppliedAfterTheBaselineAndTheGapReportedOnce() throws Exception {
        freezeResourceList();
        Harvester h = harvester();
        assertEquals(List.of("created res/a.txt", "created res/b.txt"), poll(h), "the baseline");
        laterChangeList();
        assertEquals(List.of("deleted res/b.txt", "created res/c.txt"), poll(h),
                "the Change List from the baseline's at: the deletion is delivered (it was never, re-baselining)");
        assertEquals(1, opened.size());
        GapListener.Gap gap = opened.get(0);
        URI capabilityList = source.uri("/capabilitylist.xml");
        assertEquals(capabilityList.toString(), gap.sourceKey());
        assertEquals(source.uri("/changelist.xml"), gap.changeList());
        assertTrue(gap.snapshot().isBefore(gap.listsStart()), gap.describe());
        assertEquals(gap.snapshot(), gap.resumeTime(), "the baseline's at");
        // what operators read: which list, and the three times that make it a gap
        assertEquals(source.uri("/changelist.xml") + " starts at " + gap.listsStart() + ", after the resume point "
                     + gap.resumeTime() + ", and the newest snapshot of the Source is as of " + gap.snapshot()
                     + ": changes in between are published nowhere and may be lost", gap.describe());

        int resourceListReads = source.requests("/resourcelist.xml");
        assertEquals(List.of(), poll(h));
        assertEquals(List.of(), poll(h));
        assertEquals(1, opened.size(), "reported once");
        assertEquals(List.of(), closed, "no baseline could close it yet");
        assertEquals(resourceListReads + 2, source.requests("/resourcelist.xml"),
                "one request per poll for the snapshot's time, no re-baseline");

        // the Source publishes a current Resource List: one baseline (nothing to deliver: a and c are current) closes
        source.clearOverride("/resourcelist.xml");
        source.compactChanges();
        assertEquals(List.of(), poll(h));
        assertTrue(store.source(capabilityList.toString()).baselineGeneration() >= 2, "a baseline ran");
        assertEquals(List.of(), poll(h));
        assertEquals(List.of(capabilityList.toString()), closed);
        source.change("/res/a.txt", "alpha 2");
        assertEquals(List.of("updated res/a.txt"), poll(h), "incremental again");
        assertEquals(1, opened.size());
    }

    @Test
    void aGapAResourceListCanCloseStillReBaselinesAtOnce() throws Exception {
        Harvester h = harvester();
        poll(h);
        source.delete("/res/a.txt");
        source.tick(60);
        source.compactChanges(); // Resource List and Change List both start now: the deletion is only in the list
        assertEquals(List.of("deleted res/a.txt"), poll(h));
        assertEquals(List.of(), opened, "no gap is left open");
        assertNotNull(store.source(source.uri("/capabilitylist.xml").toString()).resumeTime());
    }
}
