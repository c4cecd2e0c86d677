package io.github.camelresourcesync.harvest;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.testsupport.Notified;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Destination logic without Camel: resume boundaries, gaps, and commits that never run ahead of delivery. */
class HarvesterTest {

    private TestSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(4);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base(), options, store);
    }

    /** Runs one pass, delivering everything; returns "change path" per event. */
    private static List<String> runAll(Harvester h, long maxEvents) throws Exception {
        try (SyncRun run = h.startRun(maxEvents)) {
            return deliverAll(run);
        }
    }

    private static List<String> deliverAll(SyncRun run) throws Exception {
        return Deliveries.deliverAll(run, Deliveries.CHANGE_AND_FILE);
    }

    private SourceState state() {
        return store.source(source.uri("/capabilitylist.xml").toString());
    }

    @Test
    void changesSharingOneTimestampAreNeitherRepeatedNorSkipped() throws Exception {
        Harvester h = harvester(new HarvestOptions());
        assertEquals(2, runAll(h, 0).size());
        source.freezeClock(true);
        source.change("/res/c.txt", "charlie");
        source.change("/res/d.txt", "delta");
        source.change("/res/e.txt", "echo");
        source.freezeClock(false);

        assertEquals(List.of("created res/c.txt", "created res/d.txt"), runAll(h, 2));
        assertEquals(2, state().resumeEventIds().size(), "both ids at the shared time are remembered");
        assertEquals(List.of("created res/e.txt"), runAll(h, 0));
        assertEquals(List.of(), runAll(h, 0));
    }

    @Test
    void gapFailsWhenAskedTo() throws Exception {
        Harvester h = harvester(new HarvestOptions().gapPolicy(GapPolicy.FAIL));
        runAll(h, 0);
        source.change("/res/a.txt", "alpha 2");
        runAll(h, 0);
        source.tick(60);
        source.compactChanges(); // the Source drops its old changes: the Change List now starts after the resume point
        source.change("/res/b.txt", "bravo 2");
        GapException e = assertThrows(GapException.class, () -> h.startRun(0).next());
        assertTrue(e.getMessage().contains("/changelist.xml") && e.getMessage().contains("gapPolicy"), e.getMessage());
    }

    @Test
    void gapRebaselinesWithDeletesByDefault() throws Exception {
        Harvester h = harvester(new HarvestOptions());
        runAll(h, 0);
        source.change("/res/a.txt", "alpha 2");
        runAll(h, 0);
        source.delete("/res/b.txt");
        source.change("/res/c.txt", "charlie");
        source.tick(60);
        source.compactChanges();
        List<String> events = runAll(h, 0);
        assertEquals(List.of("created res/c.txt", "deleted res/b.txt"), events);
        assertEquals(List.of(), runAll(h, 0), "after the re-baseline, incremental from the new Resource List's at");
    }

    /** A re-baseline closing a gap reports deletions even when a poll limit spreads it over several polls. */
    @Test
    void aGapReBaselineSpreadOverPollsStillReportsDeletions() throws Exception {
        Harvester h = harvester(new HarvestOptions()); // emitDeletes=false: only the gap asks for deletions
        runAll(h, 0);
        source.delete("/res/a.txt");
        source.change("/res/b.txt", "bravo 2");
        source.change("/res/c.txt", "charlie");
        source.tick(60);
        source.compactChanges(); // the deletion of a.txt is no longer listed anywhere
        List<String> events = new ArrayList<>();
        for (int poll = 0; poll < 6; poll++) {
            events.addAll(runAll(h, 1));
        }
        assertEquals(List.of("updated res/b.txt", "created res/c.txt", "deleted res/a.txt"), events);
        assertTrue(state().baselineComplete());
    }

    /** Two versions of one resource within one second: a pass that read the first still delivers the second. */
    @Test
    void aSecondChangeInTheSameSecondIsNotTakenForTheFirst() throws Exception {
        Harvester h = harvester(new HarvestOptions());
        runAll(h, 0);
        source.freezeClock(true);
        source.change("/res/a.txt", "alpha 2");
        source.change("/res/b.txt", "bravo 2");
        assertEquals(List.of("updated res/a.txt", "updated res/b.txt"), runAll(h, 0));
        source.change("/res/a.txt", "alpha 3");
        source.delete("/res/b.txt");
        assertEquals(List.of("updated res/a.txt", "deleted res/b.txt"), runAll(h, 0));
        assertEquals(List.of(), runAll(h, 0), "each version once");
    }

    /** An index can stay the same while its lists change: its 304 must not skip a repeated baseline. */
    @Test
    void aRepeatedBaselineOverAnUnchangedIndexStillSeesChangedLists() throws Exception {
        source.resourceListParts(2);
        Harvester h = harvester(new HarvestOptions().mode(SyncMode.BASELINE));
        assertEquals(2, runAll(h, 0).size());
        source.change("/res/a.txt", "alpha 2"); // resourcelist-index.xml is the same, one of its lists is not
        assertEquals(List.of("updated res/a.txt"), runAll(h, 0));
        assertEquals(List.of(), runAll(h, 0));
    }

    /**
     * The lists of an index are fetched ahead of their turn: a baseline stopped part-way continues where it stopped,
     * in the order of an uninterrupted one, every resource once, and completes.
     */
    @Test
    void aBaselineOfAnIndexStoppedPartWayContinuesInOrderWithListsFetchedAhead() throws Exception {
        for (int i = 0; i < 12; i++) {
            source.put(String.format("/res/r%02d.txt", i), "resource " + i);
        }
        source.resourceListParts(6);
        List<String> uninterrupted = runAll(rig.harvester(source.base(), new HarvestOptions(),
                new InMemoryStateStore()), 0);
        assertEquals(14, uninterrupted.size());
        Harvester h = harvester(new HarvestOptions());
        List<String> delivered = new ArrayList<>(runAll(h, 5));
        assertEquals(5, delivered.size(), "stopped after five events");
        delivered.addAll(runAll(h, 0));
        assertEquals(uninterrupted, delivered, "the same events in the same order, none twice");
        assertTrue(state().baselineComplete());
        assertEquals(List.of(), runAll(h, 0));
    }

    /** Push waits for the first baseline: a resource it delivered earlier would be one the baseline cannot sweep. */
    @Test
    void changesPushedBeforeTheFirstBaselineAreLeftToIt() throws Exception {
        Harvester h = harvester(new HarvestOptions());
        source.change("/res/c.txt", "charlie");
        try (SyncRun push = h.startRun(0, List.of(Notified.of(source, 1)), false)) {
            assertEquals(List.of(), deliverAll(push));
        }
        source.delete("/res/c.txt");
        source.tick(60);
        source.compactChanges(); // nothing lists c.txt any more, nor its deletion
        assertEquals(List.of("created res/a.txt", "created res/b.txt"), runAll(h, 0));
        source.change("/res/d.txt", "delta");
        try (SyncRun push = h.startRun(0, List.of(Notified.of(source, 1)), false)) {
            assertEquals(List.of("created res/d.txt"), deliverAll(push), "after the baseline, push delivers");
        }
    }

    /** The state keeps the version a baseline delivered: it once kept the old one, so every baseline repeated it. */
    @Test
    void aBaselineRemembersTheVersionItDeliveredForAnUpdate() throws Exception {
        Harvester h = harvester(new HarvestOptions().mode(SyncMode.BASELINE));
        assertEquals(List.of("created res/a.txt", "created res/b.txt"), runAll(h, 0));
        source.change("/res/a.txt", "alpha 2");
        assertEquals(List.of("updated res/a.txt"), runAll(h, 0));
        source.change("/res/b.txt", "bravo 2");
        assertEquals(List.of("updated res/b.txt"), runAll(h, 0), "a.txt was delivered in its new version already");
    }

    /** Found by the crash soak: a deletion between an interrupted baseline and its continuation was lost. */
    @Test
    void continuedBaselineReportsWhatWasDeletedSinceTheInterruptedRun() throws Exception {
        source.put("/res/c.txt", "charlie");
        Harvester h = harvester(new HarvestOptions().emitDeletes(true));
        assertEquals(List.of("created res/a.txt"), runAll(h, 1), "interrupted after one event");
        source.delete("/res/a.txt");
        source.tick(1);
        source.compactChanges(); // the Source re-snapshots its Resource List: the deletion is before its at
        assertEquals(List.of("created res/b.txt", "created res/c.txt", "deleted res/a.txt"), runAll(h, 0));
        assertTrue(state().baselineComplete());
        assertEquals(List.of(), runAll(h, 0));
    }

    @Test
    void aFailedDeliveryKeepsTheResumePointBeforeIt() throws Exception {
        Harvester h = harvester(new HarvestOptions().fetchParallelism(4));
        runAll(h, 0);
        for (int i = 0; i < 10; i++) {
            source.change("/res/n" + i + ".txt", "new " + i);
        }
        List<String> delivered = new ArrayList<>();
        try (SyncRun run = h.startRun(0)) {
            for (int i = 0; i < 10; i++) {
                PendingEvent p = run.next();
                if (i == 6) {
                    run.stop(p); // the route failed on the 7th: 8th to 10th were prefetched, must not commit
                    break;
                }
                delivered.add(p.event().fileName());
                run.delivered(p);
            }
            run.flush();
        }
        assertEquals(6, delivered.size());
        List<String> rest = runAll(h, 0);
        assertEquals(List.of("created res/n6.txt", "created res/n7.txt", "created res/n8.txt", "created res/n9.txt"),
                rest, "the next pass starts at the failed event");
    }

    @Test
    void aChangeWithoutAnyTimeIsNotDeliveredAgainAndAgain() throws Exception {
        Harvester h = harvester(new HarvestOptions().fetchContent(false).mode(SyncMode.INCREMENTAL));
        String list = """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="changelist" from="2024-01-01T00:00:00Z"/>
                  <url><loc>/res/a.txt</loc><rs:md change="updated" datetime="2024-01-02T00:00:00Z"/></url>
                  <url><loc>/res/b.txt</loc><rs:md change="updated"/></url>
                  %s
                </urlset>""";
        source.override("/changelist.xml", list.formatted(""));
        assertEquals(List.of("updated res/a.txt", "updated res/b.txt"), runAll(h, 0));
        source.override("/changelist.xml", list.formatted(
                "<url><loc>/res/c.txt</loc><rs:md change=\"created\" datetime=\"2024-01-03T00:00:00Z\"/></url>"));
        assertEquals(List.of("created res/c.txt"), runAll(h, 0), "b.txt took a.txt's time and is not repeated");
    }

    @Test
    void aGapIsPassedOverWithAWarningWhenAskedTo() throws Exception {
        Harvester h = harvester(new HarvestOptions().gapPolicy(GapPolicy.IGNORE));
        runAll(h, 0);
        source.delete("/res/a.txt");
        source.tick(60);
        source.compactChanges();
        source.change("/res/b.txt", "bravo 2");
        try (LogCapture log = LogCapture.open()) {
            assertEquals(List.of("updated res/b.txt"), runAll(h, 0), "no re-baseline: the deletion of a.txt is lost");
            assertTrue(log.contains("WARN", source.uri("/changelist.xml") + " starts at ",
                    "changes in between are lost (gapPolicy=ignore)"), () -> String.join("\n", log.lines()));
        }
    }

    /**
     * A gap no snapshot covers stays open while the Change List is applied; a later gap that the Source's current
     * Resource List covers re-baselines, and that baseline closes the open gap too.
     */
    @Test
    void anOpenGapIsClosedByTheReBaselineOfALaterGap() throws Exception {
        List<String> opened = new ArrayList<>();
        List<String> closed = new ArrayList<>();
        Harvester h = harvester(new HarvestOptions());
        h.gapListener(new GapListener() {
            @Override
            public void gapOpened(Gap gap) {
                opened.add(gap.sourceKey());
            }

            @Override
            public void gapClosed(String sourceKey) {
                closed.add(sourceKey);
            }
        });
        String key = source.uri("/capabilitylist.xml").toString();
        // the Resource List stays as it is now, while the Change List starts an hour later
        source.override("/resourcelist.xml", HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(source.uri("/resourcelist.xml")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals(List.of("created res/a.txt", "created res/b.txt"), runAll(h, 0));
        source.tick(3600);
        source.compactChanges();
        source.change("/res/c.txt", "charlie");
        assertEquals(List.of("created res/c.txt"), runAll(h, 0));
        assertEquals(List.of(key), opened);

        source.change("/res/d.txt", "delta");
        assertEquals(List.of("created res/d.txt"), runAll(h, 0), "the gap is open; the Change List is applied");

        // the Source drops its history again, and now publishes a current Resource List
        source.change("/res/e.txt", "echo");
        source.tick(3600);
        source.clearOverride("/resourcelist.xml");
        source.compactChanges();
        assertEquals(List.of("created res/e.txt"), runAll(h, 0), "the re-baseline");
        assertEquals(List.of(), closed, "closed once that baseline is committed");
        assertEquals(List.of(), runAll(h, 0));
        assertEquals(List.of(key), closed);
        assertEquals(List.of(key), opened, "the later gap was closed at once, never reported");
    }
}
