package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.INDEX;
import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Baselines without Camel: an unchanged Resource List skipped with one 304, a changed one delivering only what
 * changed (and no deletions unless asked for), the sweep of what is no longer listed and its log line, the log line
 * of a fresh and of a continued baseline, the resume floor an interrupted baseline leaves behind, and the connection
 * of a baseline stopped part-way let go.
 */
class BaselineStepsTest {

    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    private record Ran(List<String> events, SyncProgress progress) {
    }

    private Harvester harvester(URI base, HarvestOptions options, HttpFetcher fetcher) {
        return new Harvester(base, options, fetcher, new SitemapReader(), store, rig.pool(),
                () -> new SyncProgress("test", 0));
    }

    /** Runs one pass of at most {@code max} events (0: no limit), delivering each; "change file" per event. */
    private static Ran run(Harvester h, long max) throws Exception {
        try (SyncRun run = h.startRun(max)) {
            return new Ran(Deliveries.deliverAll(run, Deliveries.CHANGE_AND_FILE), run.progress());
        }
    }

    @Test
    void anUnchangedResourceListCostsOne304AndIsNotWalkedAgain() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")) {
            Harvester h = harvester(source.base(), new HarvestOptions().mode(SyncMode.BASELINE).fetchContent(false),
                    rig.fetcher());
            assertEquals(2, run(h, 0).events().size());
            Ran again = run(h, 0);
            assertEquals(List.of(), again.events());
            assertEquals(1, again.progress().documentsUnchanged(), "asked with the ETag of the complete baseline");
            assertEquals(0, again.progress().unchangedResources(), "not walked");
        }
    }

    @Test
    void aChangedResourceListDeliversOnlyWhatChangedAndNoDeletionsUnlessAskedFor() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/c.txt", "charlie")) {
            Harvester h = harvester(source.base(), new HarvestOptions().mode(SyncMode.BASELINE).fetchContent(false),
                    rig.fetcher());
            assertEquals(3, run(h, 0).events().size());
            source.change("/res/a.txt", "alpha 2");
            source.delete("/res/b.txt");
            Ran again = run(h, 0);
            assertEquals(List.of("updated res/a.txt"), again.events());
            assertEquals(1, again.progress().unchangedResources(), "c.txt");
        }
    }

    @Test
    void theSweepReportsWhatIsNoLongerListedAndSaysSo() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")) {
            Harvester h = harvester(source.base(), new HarvestOptions().mode(SyncMode.BASELINE).emitDeletes(true)
                    .fetchContent(false), rig.fetcher());
            URI list = source.uri("/resourcelist.xml");
            try (LogCapture log = LogCapture.everything()) {
                assertEquals(2, run(h, 0).events().size());
                assertTrue(log.contains("baseline from " + list + " (generation 1)"), log.lines().toString());
                assertFalse(log.contains("resources are no longer listed"), "nothing vanished");
            }
            source.delete("/res/b.txt");
            try (LogCapture log = LogCapture.everything()) {
                assertEquals(List.of("deleted res/b.txt"), run(h, 0).events());
                assertTrue(log.contains("1 resources are no longer listed in " + list), log.lines().toString());
            }
        }
    }

    private static void indexedSource(LiteralSource source, int resources) {
        source.capabilities("resourcelist");
        source.xml("/resourcelist.xml", INDEX + """
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z"/>
                  <sitemap><loc>{base}/list-1.xml</loc></sitemap>
                </sitemapindex>""");
        StringBuilder list = new StringBuilder(URLSET)
                .append("  <rs:md capability=\"resourcelist\" at=\"2024-01-01T00:00:05Z\"/>\n");
        for (int i = 0; i < resources; i++) {
            list.append("  <url><loc>{base}/res/").append(i)
                    .append(".txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>\n");
        }
        source.xml("/list-1.xml", list.append("</urlset>").toString());
    }

    /**
     * Continued after an interruption, a baseline ends at its newest lists' time; a change to what was delivered
     * before from an older list would be lost unless the resume point stays at that older list's time.
     */
    @Test
    void anInterruptedBaselineLeavesTheResumePointAtTheOldestListItDeliveredFrom() throws Exception {
        try (LiteralSource source = new LiteralSource()) {
            indexedSource(source, 2);
            Harvester h = harvester(source.base(), new HarvestOptions().fetchContent(false), rig.fetcher());
            assertEquals(List.of("created res/0.txt"), run(h, 1).events());
            SourceState state = store.source(source.origin() + "/capabilitylist.xml");
            assertFalse(state.baselineComplete());
            assertEquals(Instant.parse("2024-01-01T00:00:05Z"), state.resumeTime(), "the list's at, not the index's");
            try (LogCapture log = LogCapture.everything()) {
                assertEquals(List.of("created res/1.txt"), run(h, 0).events());
                assertTrue(log.contains("(generation 2, continuing an interrupted one)"), log.lines().toString());
            }
        }
    }

    /** The floor is committed before the first event is handed out, whatever becomes of that event. */
    @Test
    void aBaselineStoppedAtItsFirstEventHasCommittedItsStart() throws Exception {
        try (LiteralSource source = new LiteralSource()) {
            indexedSource(source, 1);
            Harvester h = harvester(source.base(), new HarvestOptions().fetchContent(false), rig.fetcher());
            try (SyncRun run = h.startRun(0)) {
                PendingEvent p = run.next();
                while (p == null) {
                    run.flush();
                    p = run.next();
                }
                run.stop(p);
            }
            SourceState state = store.source(source.origin() + "/capabilitylist.xml");
            assertEquals(1, state.baselineGeneration());
            assertFalse(state.baselineComplete());
            assertEquals(Instant.parse("2024-01-01T00:00:10Z"), state.resumeTime(), "the index's at");
        }
    }

    /** A poll limit stops a baseline mid-list: the next poll must not wait forever for the list's connection. */
    @Test
    void aBaselineStoppedPartWayLetsGoOfItsConnection() throws Exception {
        try (LiteralSource source = new LiteralSource();
             HttpFetcher one = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                     .maxConnections(1))) {
            indexedSource(source, 10_000);
            Harvester h = harvester(source.base(), new HarvestOptions().fetchContent(false), one);
            assertEquals(List.of("created res/0.txt"), run(h, 1).events());
            Ran next = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(h, 1),
                    "the only connection is still held by the first poll's list");
            assertEquals(List.of("created res/1.txt"), next.events());
        }
    }
}
