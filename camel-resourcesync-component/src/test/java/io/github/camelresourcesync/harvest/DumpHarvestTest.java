package io.github.camelresourcesync.harvest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.dump.DumpException;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Resource Dumps, Change Dumps and archives through the Destination logic, with real packages on loopback. */
class DumpHarvestTest {

    private DumpSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new DumpSource().perPackage(2).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/c.txt", "charlie").put("/res/d.txt", "delta").put("/res/e.txt", "echo");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base(), options, store);
    }

    /** One delivered or failed event as a test sees it. */
    private record Seen(SyncEvent event, String body, Exception failure) {
        @Override
        public String toString() {
            return failure != null ? "FAILED " + event.fileName() : event.change() + " " + event.fileName()
                    + (body == null ? "" : "=" + body);
        }
    }

    /** Runs one pass: delivers what succeeds, gives up what fails (breakOnFirstError=false). */
    private static List<Seen> runAll(Harvester h) throws Exception {
        List<Seen> seen = new ArrayList<>();
        try (SyncRun run = h.startRun(0)) {
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p == null) {
                    run.flush();
                    continue;
                }
                if (p.failed()) {
                    seen.add(new Seen(p.event(), null, p.failure()));
                    run.givenUp(p);
                    continue;
                }
                SyncEvent e = p.event();
                String body = null;
                if (e.content() != null) {
                    try (var in = e.content().openStream()) {
                        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                    e.content().close();
                }
                seen.add(new Seen(e, body, null));
                run.delivered(p);
            }
        }
        return seen;
    }

    private static List<String> describe(List<Seen> seen) {
        return seen.stream().map(Seen::toString).toList();
    }

    private SourceState state() {
        return store.source(source.uri("/capabilitylist.xml").toString());
    }

    @Test
    void baselineFromSeveralPackagesThenChangeDumpInManifestOrder() throws Exception {
        Harvester h = harvester(new HarvestOptions().preferDumps(true));
        List<Seen> baseline = runAll(h);
        assertEquals(List.of("created res/a.txt=alpha", "created res/b.txt=bravo", "created res/c.txt=charlie",
                "created res/d.txt=delta", "created res/e.txt=echo"), describe(baseline));
        assertEquals("resourcedump", baseline.get(0).event().capability());
        assertEquals(source.uri("/dumps/resource-0.zip"), baseline.get(0).event().sourceDocument());
        assertEquals(3, countPackageRequests("/dumps/resource-"), "five resources in packages of two");
        assertEquals(0, source.requests("/res/a.txt"), "no individual GETs");

        source.change("/res/f.txt", "foxtrot");
        source.change("/res/a.txt", "alpha 2");
        source.delete("/res/b.txt");
        source.change("/res/a.txt", "alpha 3");
        List<Seen> changes = runAll(h);
        assertEquals(List.of("created res/f.txt=foxtrot", "updated res/a.txt=alpha 2", "deleted res/b.txt",
                "updated res/a.txt=alpha 3"), describe(changes));
        assertEquals("changedump", changes.get(0).event().capability());
        assertEquals(null, changes.get(2).event().content(), "a deletion carries no body");
        assertEquals(changes.get(3).event().datetime(), state().resumeTime());
        assertEquals(List.of(), describe(runAll(h)), "nothing new: nothing repeated");
        assertEquals(0, source.requests("/changelist.xml"), "dumps preferred: the Change List is not read");
    }

    private int countPackageRequests(String prefix) {
        int n = 0;
        for (int i = 0; i < 10; i++) {
            n += source.requests(prefix + i + ".zip");
        }
        return n;
    }

    @Test
    void manifestIndexInsideThePackage() throws Exception {
        source.manifestIndex(true).perPackage(5);
        List<Seen> seen = runAll(harvester(new HarvestOptions().preferDumps(true)));
        assertEquals(5, seen.size(), describe(seen).toString());
        assertTrue(seen.stream().allMatch(s -> s.failure() == null && s.body() != null));
    }

    @Test
    void withoutPreferDumpsListsAreUsedAndDumpsOnlyWhenTheSourceHasNothingElse() throws Exception {
        runAll(harvester(new HarvestOptions()));
        assertEquals(0, source.requests("/resourcedump.xml"));
        assertEquals(1, source.requests("/res/a.txt"));

        try (DumpSource only = new DumpSource().lists(false).put("/res/x.txt", "x-ray")) {
            Harvester h = new Harvester(only.base(), new HarvestOptions(), rig.fetcher(), new SitemapReader(),
                    new InMemoryStateStore(), rig.pool(), () -> new SyncProgress("only", 0));
            assertEquals(List.of("created res/x.txt=x-ray"), describe(runAll(h)));
            only.change("/res/x.txt", "x-ray 2");
            assertEquals(List.of("updated res/x.txt=x-ray 2"), describe(runAll(h)));
            assertEquals(0, only.requests("/res/x.txt"));
        }
    }

    @Test
    void onlyAnArchivedResourceDumpServesTheBaseline() throws Exception {
        source.lists(false).snapshotArchivedOnly(true);
        Harvester h = harvester(new HarvestOptions());
        assertEquals(5, runAll(h).size());
        assertEquals(1, source.requests("/resourcedump-archive.xml"));
        source.change("/res/a.txt", "alpha 2");
        assertEquals(List.of("updated res/a.txt=alpha 2"), describe(runAll(h)));
    }

    @Test
    void anEntryFailingItsHashFailsThatEventOnly() throws Exception {
        Harvester h = harvester(new HarvestOptions().preferDumps(true));
        runAll(h);
        source.change("/res/f.txt", "foxtrot");
        source.change("/res/g.txt", "golf");
        // same names and sizes as the Source's own package, but one bitstream altered
        String ts = Long.toString(state().resumeTime().getEpochSecond() + 1);
        String manifest = manifestOf("/dumps/change-0-0.zip");
        byte[] bad = Zips.zip(Zips.entries("manifest.xml", manifest, "changes/" + ts + "/res/f.txt", "FOXTROT",
                "changes/" + (Long.parseLong(ts) + 1) + "/res/g.txt", "golf"));
        source.replacePackage("/dumps/change-0-0.zip", bad);
        List<Seen> seen = runAll(h);
        assertEquals(List.of("FAILED res/f.txt", "created res/g.txt=golf"), describe(seen));
        assertTrue(seen.get(0).failure() instanceof FixityException, String.valueOf(seen.get(0).failure()));
        assertTrue(seen.get(0).failure().getMessage().contains("hash mismatch for " + source.uri("/res/f.txt")),
                seen.get(0).failure().getMessage());
    }

    @Test
    void badBitstreamsInsideRunsOfReadsFailOnlyTheirOwnEvents() throws Exception {
        // bodies are read in runs of consecutive entries (BitstreamRuns): 150 entries make three runs, and the
        // altered entries sit in the middle of the first and at the start of the second
        source.close();
        source = new DumpSource().perPackage(200);
        java.util.Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            String path = String.format("/res/r%03d.txt", i);
            String body = "body of resource " + i;
            source.put(path, body);
            boolean bad = i == 30 || i == BitstreamRuns.MAX_ENTRIES;
            files.put("resources" + path, (bad ? body.toUpperCase() : body).getBytes(StandardCharsets.UTF_8));
            expected.add(bad ? "FAILED " + path.substring(1) : "created " + path.substring(1) + "=" + body);
        }
        String manifest = manifestOf("/dumps/resource-0.zip");
        files.put("manifest.xml", manifest.getBytes(StandardCharsets.UTF_8));
        source.replacePackage("/dumps/resource-0.zip", Zips.zip(files));

        List<Seen> seen = runAll(harvester(new HarvestOptions().preferDumps(true).fetchParallelism(2)));

        assertEquals(expected, describe(seen));
        for (int i : new int[] {30, BitstreamRuns.MAX_ENTRIES}) {
            Exception failure = seen.get(i).failure();
            assertTrue(failure instanceof FixityException, String.valueOf(failure));
            String loc = source.uri(String.format("/res/r%03d.txt", i)).toString();
            assertTrue(failure.getMessage().contains("hash mismatch for " + loc + " (listed in "
                                                     + source.uri("/dumps/resource-0.zip")), failure.getMessage());
        }
    }

    /** The manifest the Source would put in a package, read from the package it serves. */
    private String manifestOf(String packagePath) throws Exception {
        byte[] zip = rig.fetcher().fetchContent(source.uri(packagePath), List.of()).openStream().readAllBytes();
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
            for (var e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                if (e.getName().equals("manifest.xml")) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        throw new AssertionError("no manifest in " + packagePath);
    }

    @Test
    void aPackageFailingItsOwnHashEmitsNothingAndKeepsTheResumePoint() throws Exception {
        Harvester h = harvester(new HarvestOptions().preferDumps(true));
        runAll(h);
        SourceState before = state();
        source.change("/res/f.txt", "foxtrot");
        source.serveInstead("/dumps/change-0-0.zip", Zips.zip(Zips.entries("manifest.xml", "<x/>")));
        FixityException e = assertThrows(FixityException.class, () -> runAll(h));
        assertTrue(e.getMessage().contains("/dumps/change-0-0.zip") && e.getMessage().contains("/changedump.xml"),
                e.getMessage());
        assertEquals(before.resumeTime(), state().resumeTime());
    }

    @Test
    void hostilePackagesAreRefusedWholeNamingThePackage() throws Exception {
        String manifest = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                          + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"><rs:md capability=\"resourcedump-manifest\"/>"
                          + "<url><loc>" + source.uri("/res/a.txt") + "</loc><rs:md path=\"/resources/a.txt\"/></url>"
                          + "</urlset>";
        byte[] zeros = new byte[20 * 1024 * 1024];
        List<byte[]> hostile = List.of(
                Zips.zip(Zips.entries("manifest.xml", manifest, "resources/a.txt", "a", "../../evil.txt", "pwned")),
                Zips.zip(Zips.entries("manifest.xml", manifest, "resources/a.txt", "a", "/etc/evil", "pwned")),
                Zips.zip(Zips.entries("manifest.xml", manifest, "resources/a.txt", "a", "..\\evil.txt", "pwned")),
                Zips.zip(Zips.entries("manifest.xml", manifest, "resources/a.txt", "a", "C:/evil.txt", "pwned")),
                Zips.markSymlink(Zips.zip(Zips.entries("manifest.xml", manifest, "resources/a.txt", "/etc/passwd")),
                        "resources/a.txt"),
                Zips.zip(Zips.entries("manifest.xml", manifest.replace("/resources/a.txt", "/../a.txt"),
                        "resources/a.txt", "a")),
                Zips.zip(Zips.entries("manifest.xml", manifest, "resources/a.txt", "a", "bomb", zeros)));
        List<String> expected = List.of("escape the package", "escape the package", "escape the package",
                "escape the package", "symbolic link", "escape the package", "compression ratio");
        for (int i = 0; i < hostile.size(); i++) {
            InMemoryStateStore fresh = new InMemoryStateStore();
            source.replacePackage("/dumps/resource-0.zip", hostile.get(i));
            Harvester h = new Harvester(source.base(), new HarvestOptions().preferDumps(true), rig.fetcher(),
                    new SitemapReader(), fresh, rig.pool(), () -> new SyncProgress("hostile", 0));
            List<String> emitted = new ArrayList<>();
            DumpException e = assertThrows(DumpException.class, () -> {
                try (SyncRun run = h.startRun(0)) {
                    for (PendingEvent p = run.next(); p != null; p = run.next()) {
                        emitted.add(p.event().fileName());
                        run.delivered(p);
                    }
                }
            });
            assertTrue(e.getMessage().contains(source.uri("/dumps/resource-0.zip").toString())
                       && e.getMessage().contains(expected.get(i)), i + ": " + e.getMessage());
            assertEquals(List.of(), emitted, "nothing from package " + i);
            SourceState s = fresh.source(source.uri("/capabilitylist.xml").toString());
            assertFalse(s.baselineComplete());
            // at most the baseline's floor (the dump's own time, written before any event): never past it
            assertTrue(s.resumeTime() == null || !s.resumeTime().isAfter(source.now()),
                    "resume point " + s.resumeTime());
            assertEquals(0, fresh.resourceCount(source.uri("/capabilitylist.xml").toString()));
        }
    }

    @Test
    void sizeAndEntryLimitsAreConfigurable() throws Exception {
        Harvester tooMany = harvester(new HarvestOptions().preferDumps(true).dumpLimits(new DumpLimits(2, 1L << 30,
                100)));
        DumpException e = assertThrows(DumpException.class, () -> runAll(tooMany));
        assertTrue(e.getMessage().contains("maxDumpEntries"), e.getMessage());
        Harvester tooBig = harvester(new HarvestOptions().preferDumps(true).dumpLimits(new DumpLimits(10, 100, 100)));
        e = assertThrows(DumpException.class, () -> runAll(tooBig));
        assertTrue(e.getMessage().contains("maxDumpSize"), e.getMessage());
    }

    @Test
    void patchLinksWithAPathInThePackageAreOnTheEvent() throws Exception {
        Harvester h = harvester(new HarvestOptions().preferDumps(true));
        runAll(h);
        String loc = source.uri("/res/a.txt").toString();
        String t = state().resumeTime().plusSeconds(5).toString();
        String manifest = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                          + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                          + "<rs:md capability=\"changedump-manifest\"/><url><loc>" + loc + "</loc>"
                          + "<rs:md change=\"updated\" datetime=\"" + t + "\" path=\"/changes/a.txt\"/>"
                          + "<rs:ln rel=\"http://www.openarchives.org/rs/terms/patch\" href=\"" + loc + "?patch\""
                          + " path=\"/changes/a.diff\" type=\"text/x-diff\"/></url></urlset>";
        source.change("/res/a.txt", "alpha 2"); // makes the Change Dump list one package
        source.replacePackage("/dumps/change-0-0.zip", Zips.zip(Zips.entries("manifest.xml", manifest,
                "changes/a.txt", "alpha 2", "changes/a.diff", "-alpha\n+alpha 2\n")));
        List<Seen> seen = runAll(h);
        assertEquals(List.of("updated res/a.txt=alpha 2"), describe(seen));
        Link patch = Link.first(seen.get(0).event().links(), "http://www.openarchives.org/rs/terms/patch");
        assertNotNull(patch);
        assertEquals("/changes/a.diff", patch.path());

        source.replacePackage("/dumps/change-0-0.zip", Zips.zip(Zips.entries("manifest.xml",
                manifest.replace("/changes/a.diff", "/../a.diff").replace(t, state().resumeTime().plusSeconds(9)
                        .toString()), "changes/a.txt", "alpha 2", "a.diff", "x")));
        DumpException e = assertThrows(DumpException.class, () -> runAll(h));
        assertTrue(e.getMessage().contains("rs:ln"), e.getMessage());
    }

    @Test
    void offlineAcrossThreeRotationsCatchesUpFromTheChangeListArchive() throws Exception {
        Harvester h = harvester(new HarvestOptions().gapPolicy(GapPolicy.FAIL));
        assertEquals(5, runAll(h).size());
        // the destination is stopped; the Source changes and rotates its Change List three times
        source.change("/res/a.txt", "alpha 2");
        source.rotate();
        source.delete("/res/b.txt");
        source.change("/res/f.txt", "foxtrot");
        source.rotate();
        source.change("/res/a.txt", "alpha 3");
        source.rotate();
        source.change("/res/g.txt", "golf");
        List<Seen> seen = runAll(h);
        // replayed like one long Change List: a.txt changed twice comes once, with its newest bytes
        assertEquals(List.of("deleted res/b.txt", "created res/f.txt=foxtrot", "updated res/a.txt=alpha 3",
                "created res/g.txt=golf"), describe(seen));
        assertEquals(1, source.requests("/archive/changelist-0.xml"));
        assertEquals(1, source.requests("/archive/changelist-2.xml"));
        assertEquals(1, source.requests("/resourcelist.xml"), "no second baseline");
        assertEquals(List.of(), describe(runAll(h)));
    }

    @Test
    void offlineAcrossRotationsCatchesUpFromTheChangeDumpArchive() throws Exception {
        Harvester h = harvester(new HarvestOptions().preferDumps(true).gapPolicy(GapPolicy.FAIL));
        runAll(h);
        source.change("/res/a.txt", "alpha 2");
        source.rotate();
        source.delete("/res/b.txt");
        source.rotate();
        source.change("/res/a.txt", "alpha 3");
        source.rotate();
        source.change("/res/g.txt", "golf");
        assertEquals(List.of("updated res/a.txt=alpha 2", "deleted res/b.txt", "updated res/a.txt=alpha 3",
                "created res/g.txt=golf"), describe(runAll(h)));
        assertEquals(1, source.requests("/resourcedump.xml"), "no second baseline");
    }

    @Test
    void withoutAnArchiveCoveringTheGapTheGapPolicyApplies() throws Exception {
        source.archives(false);
        Harvester h = harvester(new HarvestOptions().gapPolicy(GapPolicy.FAIL));
        runAll(h);
        source.change("/res/a.txt", "alpha 2");
        source.rotate();
        source.change("/res/g.txt", "golf");
        assertThrows(GapException.class, () -> runAll(h));
    }
}
