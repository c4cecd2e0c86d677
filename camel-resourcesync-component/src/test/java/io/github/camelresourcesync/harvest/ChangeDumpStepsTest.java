package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Incremental passes from Change Dumps after a baseline from the Resource Dump (at 00:00:03), on a loopback Source
 * with real packages: the order changes are delivered in (packages oldest first whatever order the Change Dump lists
 * them in, changes in a package by time, a change without a time taking the one before it), which packages are
 * downloaded again (none closed before the resume point, none of a Change Dump processed and unchanged), an empty
 * Change Dump, the entries counted, gaps naming the Change Dump (an archive listing the current Change Dump does not
 * close one), and that no package or body is left on disk, also when a run stops midway.
 */
class ChangeDumpStepsTest {

    private static final String RESUME = "2024-01-01T00:00:03Z";

    @TempDir
    Path spool;

    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private DumpSource source;
    private HttpFetcher fetcher;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<SyncProgress> progress = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        // everything received is spooled into the test's directory, so what is left behind can be seen
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY).spoolThreshold(0)
                .spoolDirectory(spool));
        source = new DumpSource().lists(false).perPackage(2).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/c.txt", "charlie");
    }

    @AfterEach
    void stop() {
        source.close();
        fetcher.close();
    }

    private Harvester harvester(HarvestOptions options) {
        return new Harvester(source.base(), options.preferDumps(true), fetcher, new SitemapReader(), store,
                rig.pool(), () -> {
                    SyncProgress p = new SyncProgress("test", 0);
                    progress.add(p);
                    return p;
                });
    }

    /** A harvester whose baseline (from the Resource Dump, at 00:00:03) is done. */
    private Harvester baselined(HarvestOptions options) throws Exception {
        Harvester h = harvester(options);
        assertEquals(3, runAll(h, 0).size());
        assertEquals(RESUME, state());
        return h;
    }

    private String state() {
        return String.valueOf(store.source(source.uri("/capabilitylist.xml").toString()).resumeTime());
    }

    /** Delivers what the run hands out, as "change path@datetime=body", closing each body. */
    private static List<String> runAll(Harvester h, long maxEvents) throws Exception {
        return Deliveries.poll(h, maxEvents, e -> {
            String body = "";
            if (e.content() != null) {
                try (var in = e.content().openStream()) {
                    body = "=" + new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                e.content().close();
            }
            return e.change() + " " + e.location().getPath() + "@" + e.datetime() + body;
        });
    }

    /**
     * Nothing left in the spool directory. A package is deleted by whichever ends last, the consumer's last read or
     * the pool task reading its bitstreams, so "nothing left" holds a moment after the run returns, not at once.
     */
    private void assertNothingLeft(String why) {
        await(why).atMost(Duration.ofSeconds(60)).until(() -> spooled() == 0);
    }

    private long spooled() throws IOException {
        return SpoolFiles.in(spool).size();
    }

    private static String change(String loc, String change, String datetime, String path) {
        return "  <url><loc>" + loc + "</loc><rs:md change=\"" + change + "\""
               + (datetime == null ? "" : " datetime=\"" + datetime + "\"") + " path=\"" + path + "\"/></url>\n";
    }

    private String res(String path) {
        return source.uri(path).toString();
    }

    private static String manifest(String changes) {
        return URLSET + "  <rs:md capability=\"changedump-manifest\"/>\n" + changes + "</urlset>";
    }

    @Test
    void changesInAPackageComeInTimeOrderAndOneWithoutATimeTakesTheOneBeforeIt() throws Exception {
        Harvester h = baselined(new HarvestOptions());
        source.change("/res/a.txt", "alpha 2"); // the Change Dump now lists one package, served as written below
        source.replacePackage("/dumps/change-0-0.zip", Zips.zip(Zips.entries("manifest.xml", manifest(
                change(res("/res/c.txt"), "updated", "2024-01-01T00:00:30Z", "/c3")
                + change(res("/res/a.txt"), "updated", "2024-01-01T00:00:10Z", "/a1")
                + change(res("/res/b.txt"), "updated", null, "/b1")
                + change(res("/res/d.txt"), "created", "2024-01-01T00:00:20Z", "/d2")),
                "c3", "charlie 3", "a1", "alpha 1", "b1", "bravo 1", "d2", "delta 2")));
        assertEquals(List.of("updated /res/a.txt@2024-01-01T00:00:10Z=alpha 1",
                "updated /res/b.txt@2024-01-01T00:00:10Z=bravo 1",
                "created /res/d.txt@2024-01-01T00:00:20Z=delta 2",
                "updated /res/c.txt@2024-01-01T00:00:30Z=charlie 3"), runAll(h, 0));
        assertNothingLeft("package and bodies deleted");
    }

    @Test
    void packagesListedNewestFirstAreReadOldestFirstAndAProcessedChangeDumpIsNotReadAgain() throws Exception {
        Harvester h = baselined(new HarvestOptions().gapPolicy(GapPolicy.FAIL));
        // the header's from is later than the first package's: the packages say what the Change Dump covers
        source.serveInstead("/changedump.xml", (URLSET + """
                  <rs:md capability="changedump" from="2024-01-01T00:00:30Z"/>
                  <url><loc>%1$s/dumps/p2.zip</loc><rs:md from="2024-01-01T00:00:20Z"/></url>
                  <url><loc>%1$s/dumps/p1.zip</loc>
                    <rs:md from="2024-01-01T00:00:03Z" until="2024-01-01T00:00:20Z"/></url>
                </urlset>""").formatted(source.base().toString().replaceAll("/$", ""))
                .getBytes(StandardCharsets.UTF_8));
        source.serveInstead("/dumps/p1.zip", Zips.zip(Zips.entries("manifest.xml", manifest(
                change(res("/res/a.txt"), "updated", "2024-01-01T00:00:10Z", "/a")), "a", "alpha 1")));
        source.serveInstead("/dumps/p2.zip", Zips.zip(Zips.entries("manifest.xml", manifest(
                change(res("/res/b.txt"), "updated", "2024-01-01T00:00:25Z", "/b")), "b", "bravo 1")));
        assertEquals(List.of("updated /res/a.txt@2024-01-01T00:00:10Z=alpha 1",
                "updated /res/b.txt@2024-01-01T00:00:25Z=bravo 1"), runAll(h, 0));
        assertEquals(List.of(), runAll(h, 0));
        assertEquals(1, source.requests("/dumps/p2.zip"), "the Change Dump answered 304: not read again");
        assertEquals(1, source.requests("/dumps/p1.zip"));
        assertEquals(2, source.requests("/changedump.xml"));
        assertNothingLeft("every package deleted");
    }

    @Test
    void packagesClosedBeforeTheResumePointAreNotDownloadedAgain() throws Exception {
        Harvester h = baselined(new HarvestOptions());
        source.change("/res/a.txt", "alpha 2");
        source.change("/res/b.txt", "bravo 2");
        source.change("/res/c.txt", "charlie 2");
        assertEquals(3, runAll(h, 0).size());
        // two package entries, then the three bitstreams of both packages
        assertEquals(5, progress.get(progress.size() - 1).entries());
        source.change("/res/d.txt", "delta");
        assertEquals(List.of("created /res/d.txt@2024-01-01T00:00:07Z=delta"), runAll(h, 0));
        // the first package closed at 00:00:05, before the resume point (00:00:06); the second holds c and d:
        // two package entries and two bitstreams
        assertEquals(4, progress.get(progress.size() - 1).entries());
        assertEquals(1, source.requests("/dumps/change-0-0.zip"));
        assertEquals(2, source.requests("/dumps/change-0-1.zip"));
        assertNothingLeft("every package deleted");
    }

    @Test
    void aChangeDumpWithoutPackagesDeliversNothing() throws Exception {
        Harvester h = baselined(new HarvestOptions().gapPolicy(GapPolicy.FAIL));
        assertEquals(List.of(), runAll(h, 0));
        assertEquals(RESUME, state());
    }

    @Test
    void aRunStoppedMidwayLeavesNoPackageOnDisk() throws Exception {
        source.perPackage(1);
        Harvester h = baselined(new HarvestOptions());
        source.change("/res/a.txt", "alpha 2");
        source.change("/res/b.txt", "bravo 2");
        source.change("/res/c.txt", "charlie 2");
        assertEquals(List.of("updated /res/a.txt@2024-01-01T00:00:04Z=alpha 2"), runAll(h, 1));
        // packages opened ahead are still downloading when the run stops: each is deleted as its download ends
        assertNothingLeft("the packages under way deleted after the run stopped");
        assertEquals(List.of("updated /res/b.txt@2024-01-01T00:00:05Z=bravo 2",
                "updated /res/c.txt@2024-01-01T00:00:06Z=charlie 2"), runAll(h, 0));
        assertNothingLeft("each package deleted once read");
    }

    @Test
    void aGapNamesTheChangeDumpAndAnArchiveListingTheChangeDumpItselfDoesNotCloseIt() throws Exception {
        Harvester h = baselined(new HarvestOptions().gapPolicy(GapPolicy.FAIL));
        source.change("/res/a.txt", "alpha 2");
        source.rotate();
        source.change("/res/b.txt", "bravo 2");
        // the archive lists only the current Change Dump, as if it went back to before the resume point
        source.serveInstead("/changedump-archive.xml", (URLSET + """
                  <rs:md capability="changedump-archive"/>
                  <url><loc>%s</loc><rs:md capability="changedump" from="2024-01-01T00:00:01Z"/></url>
                </urlset>""").formatted(res("/changedump.xml")).getBytes(StandardCharsets.UTF_8));
        GapException e = assertThrows(GapException.class, () -> runAll(h, 0));
        assertTrue(e.getMessage().contains(res("/changedump.xml") + " starts at 2024-01-01T00:00:05Z"),
                e.getMessage());
        assertEquals(RESUME, state());
    }
}
