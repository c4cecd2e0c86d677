package io.github.camelresourcesync.harvest;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a harvester plans for Sources that offer only part of the capabilities: a Change List only (incremental from
 * the start, and a gap it cannot re-baseline from reported and passed over), a Resource List only (a baseline on every
 * poll), only archived snapshots (the newest archived Resource List, unless a dump is preferred), and which list a
 * list run (the audit's) walks.
 */
class HarvesterPlanTest {

    private static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                     + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";

    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();
    private LiteralSource source;

    @BeforeEach
    void start() throws Exception {
        source = new LiteralSource();
    }

    @AfterEach
    void stop() {
        source.close();
    }

    /** Publishes a Capability List advertising each {@code capability=path} pair. */
    private void capabilities(String... capabilityAndPath) {
        StringBuilder xml = new StringBuilder("<urlset " + NS + "><rs:md capability=\"capabilitylist\"/>");
        for (String c : capabilityAndPath) {
            String[] cp = c.split("=");
            xml.append("<url><loc>{base}").append(cp[1]).append("</loc><rs:md capability=\"").append(cp[0])
                    .append("\"/></url>");
        }
        source.xml("/capabilitylist.xml", xml.append("</urlset>").toString());
    }

    private void changeList(String from, String... createdAt) {
        StringBuilder xml = new StringBuilder("<urlset " + NS + "><rs:md capability=\"changelist\" from=\"" + from
                                              + "\"/>");
        for (String c : createdAt) {
            String[] pt = c.split("@");
            xml.append("<url><loc>{base}").append(pt[0]).append("</loc><rs:md change=\"created\" datetime=\"")
                    .append(pt[1]).append("\"/></url>");
        }
        source.xml("/changelist.xml", xml.append("</urlset>").toString());
    }

    /** A Resource List at {@code at} listing {@code path@lastmod} entries. */
    private void resourceList(String path, String at, String... resources) {
        StringBuilder xml = new StringBuilder("<urlset " + NS + "><rs:md capability=\"resourcelist\" at=\"" + at
                                              + "\"/>");
        for (String r : resources) {
            String[] pt = r.split("@");
            xml.append("<url><loc>{base}").append(pt[0]).append("</loc><lastmod>").append(pt[1])
                    .append("</lastmod></url>");
        }
        source.xml(path, xml.append("</urlset>").toString());
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base().resolve("capabilitylist.xml"), options.fetchContent(false), store);
    }

    /** "change fileName from sourceDocument" of each event of one poll. */
    private static List<String> poll(Harvester h) throws Exception {
        return Deliveries.poll(h, 0, e -> e.change() + " " + e.fileName() + " from " + e.sourceDocument());
    }

    private String from(String path) {
        return " from " + source.origin() + path;
    }

    /** Auto mode cannot baseline such a Source; it syncs from the Change List, and past a gap with a warning. */
    @Test
    void aSourceWithOnlyAChangeListIsSyncedIncrementallyAndAGapIsPassedOver() throws Exception {
        capabilities("changelist=/changelist.xml");
        changeList("2024-01-01T00:00:00Z", "/res/a.txt@2024-01-01T00:00:01Z");
        Harvester h = harvester(new HarvestOptions());
        assertEquals(List.of("created res/a.txt" + from("/changelist.xml")), poll(h));

        // the Source drops its history: its Change List now starts a day after what was delivered
        changeList("2024-01-02T00:00:00Z", "/res/b.txt@2024-01-02T00:00:01Z");
        try (LogCapture log = LogCapture.open()) {
            assertEquals(List.of("created res/b.txt" + from("/changelist.xml")), poll(h));
            assertTrue(log.contains("WARN", source.origin() + "/changelist.xml starts at 2024-01-02T00:00:00Z, after"
                    + " the resume point 2024-01-01T00:00:01Z, and there is no Resource List or Resource Dump to"
                    + " re-baseline from; changes in between are lost"), () -> String.join("\n", log.lines()));
        }
    }

    /** With nothing to increment from, each auto poll is a baseline again, delivering what is new. */
    @Test
    void aSourceWithOnlyAResourceListIsBaselinedOnEveryPoll() throws Exception {
        capabilities("resourcelist=/resourcelist.xml");
        resourceList("/resourcelist.xml", "2024-01-01T00:00:00Z", "/res/a.txt@2024-01-01T00:00:00Z");
        Harvester h = harvester(new HarvestOptions());
        assertEquals(List.of("created res/a.txt" + from("/resourcelist.xml")), poll(h));
        resourceList("/resourcelist.xml", "2024-01-02T00:00:00Z", "/res/a.txt@2024-01-01T00:00:00Z",
                "/res/b.txt@2024-01-02T00:00:00Z");
        assertEquals(List.of("created res/b.txt" + from("/resourcelist.xml")), poll(h));
        assertEquals(List.of(), poll(h));
    }

    private void archivedResourceLists() {
        source.xml("/resourcelist-archive.xml", "<urlset " + NS + "><rs:md capability=\"resourcelist-archive\"/>"
                + "<url><loc>{base}/rl-2.xml</loc><lastmod>2024-01-02T00:00:00Z</lastmod></url>"
                + "<url><loc>{base}/rl-1.xml</loc><lastmod>2024-01-01T00:00:00Z</lastmod></url></urlset>");
        resourceList("/rl-1.xml", "2024-01-01T00:00:00Z", "/res/a.txt@2024-01-01T00:00:00Z");
        resourceList("/rl-2.xml", "2024-01-02T00:00:00Z", "/res/a.txt@2024-01-01T00:00:00Z",
                "/res/b.txt@2024-01-02T00:00:00Z");
    }

    /** Only archived Resource Lists: the newest is the baseline, also when dumps are preferred (none is offered). */
    @Test
    void aSourceWithOnlyArchivedResourceListsIsBaselinedFromTheNewest() throws Exception {
        capabilities("resourcelist-archive=/resourcelist-archive.xml");
        archivedResourceLists();
        Harvester h = harvester(new HarvestOptions().preferDumps(true));
        try (LogCapture log = LogCapture.everything()) {
            assertEquals(List.of("created res/a.txt" + from("/rl-2.xml"), "created res/b.txt" + from("/rl-2.xml")),
                    poll(h));
            assertTrue(log.contains("INFO", "no current Resource List is advertised; using the newest archived one, "
                                            + source.origin() + "/rl-2.xml"), () -> String.join("\n", log.lines()));
        }
    }

    /** An archived Resource Dump is there too, but dumps are not preferred: the archived Resource List is read. */
    @Test
    void anArchivedResourceListIsPreferredToAnArchivedDumpUnlessDumpsArePreferred() throws Exception {
        capabilities("resourcedump-archive=/resourcedump-archive.xml",
                "resourcelist-archive=/resourcelist-archive.xml");
        archivedResourceLists();
        // the dump it lists is never fetched (it is not even served)
        source.xml("/resourcedump-archive.xml", "<urlset " + NS + "><rs:md capability=\"resourcedump-archive\"/>"
                + "<url><loc>{base}/rd-1.xml</loc><lastmod>2024-01-02T00:00:00Z</lastmod></url></urlset>");
        try (LogCapture log = LogCapture.everything()) {
            assertEquals(List.of("created res/a.txt" + from("/rl-2.xml"), "created res/b.txt" + from("/rl-2.xml")),
                    poll(harvester(new HarvestOptions())));
            assertTrue(log.contains("INFO", "no current Resource Dump is advertised; using the newest archived one, "
                                            + source.origin() + "/rd-1.xml"), () -> String.join("\n", log.lines()));
        }
        assertEquals(0, source.requests("/rd-1.xml"));
    }

    /** The list a list run walks for each followed Capability List, and how it opens its entries. */
    private static List<Harvester.Listed> listRun(Harvester h) throws Exception {
        List<Harvester.Listed> listed = new ArrayList<>();
        try (SyncRun run = h.startListRun(lists -> {
            listed.addAll(lists.sources());
            return List.of();
        })) {
            assertNull(run.next(), "the planner made no parts");
        }
        return listed;
    }

    @Test
    void aListRunWalksTheResourceListUnlessDumpsArePreferredOrOnlyADumpIsOffered() throws Exception {
        try (DumpSource dumps = new DumpSource().put("/res/a.txt", "alpha")) {
            Harvester lists = rig.harvester(dumps.base(), new HarvestOptions(), store);
            assertEquals(List.of(dumps.uri("/resourcelist.xml")), listRun(lists).stream().map(Harvester.Listed::list)
                    .toList());

            Harvester preferring = rig.harvester(dumps.base(), new HarvestOptions().preferDumps(true), store);
            List<Harvester.Listed> listed = listRun(preferring);
            assertEquals(List.of(dumps.uri("/resourcedump.xml")), listed.stream().map(Harvester.Listed::list)
                    .toList());
            // the dump's entries come from its manifests
            try (BaselineEntries entries = listed.get(0).opener().open(false)) {
                Entry a = entries.next();
                assertEquals(dumps.uri("/res/a.txt"), a.loc());
                assertEquals("resourcedump", entries.capability());
                assertNull(entries.next());
            }

            dumps.lists(false);
            Harvester onlyDumps = rig.harvester(dumps.base(), new HarvestOptions(), store);
            assertEquals(List.of(dumps.uri("/resourcedump.xml")), listRun(onlyDumps).stream()
                    .map(Harvester.Listed::list).toList());
        }
        try (TestSource plain = new TestSource().put("/res/a.txt", "alpha")) {
            Harvester h = rig.harvester(plain.base(), new HarvestOptions().preferDumps(true), store);
            assertEquals(List.of(plain.uri("/resourcelist.xml")), listRun(h).stream().map(Harvester.Listed::list)
                    .toList(), "no dump to prefer");
        }
    }

    /**
     * A gap is decided by the snapshot time of the document the re-baseline would read: the Resource List, or the
     * Resource Dump when dumps are preferred. The other one is never asked for.
     */
    @Test
    void aGapReadsTheSnapshotTimeOfTheDocumentTheReBaselineReads() throws Exception {
        for (boolean preferDumps : new boolean[] {false, true}) {
            try (DumpSource dumps = new DumpSource().archives(false).put("/res/a.txt", "alpha")) {
                Harvester h = rig.harvester(dumps.base(), new HarvestOptions().preferDumps(preferDumps),
                        new InMemoryStateStore());
                assertEquals(List.of("created res/a.txt"), changes(h));
                dumps.change("/res/b.txt", "bravo");
                dumps.rotate(); // into archives the Capability List does not advertise: a gap
                dumps.change("/res/c.txt", "charlie");
                assertEquals(List.of("created res/b.txt", "created res/c.txt"), changes(h), "the re-baseline");
                assertEquals(0, dumps.requests(preferDumps ? "/resourcelist.xml" : "/resourcedump.xml"),
                        "preferDumps=" + preferDumps);
            }
        }
    }

    private static List<String> changes(Harvester h) throws Exception {
        return poll(h).stream().map(e -> e.substring(0, e.indexOf(" from "))).toList();
    }
}
