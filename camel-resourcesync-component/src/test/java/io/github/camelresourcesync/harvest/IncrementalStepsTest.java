package io.github.camelresourcesync.harvest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.INDEX;
import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static io.github.camelresourcesync.testsupport.LiteralSource.digest;
import static io.github.camelresourcesync.testsupport.LiteralSource.fixity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Incremental passes over literal Change Lists and Change List Indexes: the order changes are delivered in, the resume
 * point after a baseline whose Resource List is {@code at} 00:00:10 (a change at the resume point is not delivered
 * again, a different change at that same second is), which lists of an index are read, when an index starts after the
 * resume point, and the fixity of the bodies fetched for changes. Served with ETags: an unchanged Change List costs
 * one 304, an index answering 304 still has its lists read. Also the entries counted, the log line on superseded
 * changes, and the connection of a Change List let go when a gap fails the pass.
 */
class IncrementalStepsTest {

    private LiteralSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new LiteralSource();
        source.capabilities("resourcelist", "changelist");
        source.xml("/resourcelist.xml", URLSET + """
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z" completed="2024-01-01T00:00:10Z"/>
                  <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod>
                    <rs:md %s/></url>
                </urlset>""".formatted(fixity("md5", "alpha")));
        source.text("/res/a.txt", "alpha");
        changeList("");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private void changeList(String urls) {
        source.xml("/changelist.xml", URLSET + """
                  <rs:md capability="changelist" from="2024-01-01T00:00:10Z"/>
                %s</urlset>""".formatted(urls));
    }

    private static String change(String path, String change, int second, String extra) {
        return "  <url><loc>{base}" + path + "</loc><rs:md change=\"" + change + "\" datetime=\"2024-01-01T00:00:"
               + (second < 10 ? "0" : "") + second + "Z\" " + extra + "/></url>\n";
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base(), options, store);
    }

    /** A harvester whose baseline (of a.txt, at 00:00:10) is done: the resume point is 00:00:10. */
    private Harvester baselined(HarvestOptions options) throws Exception {
        Harvester h = harvester(options);
        assertEquals(List.of("created /res/a.txt"), runAll(h));
        return h;
    }

    /** Runs one pass, delivering everything; "change path" per event, failures as "failed path: message". */
    private static List<String> runAll(Harvester h) throws Exception {
        return runAll(h, new SyncProgress[1]);
    }

    /** {@link #runAll(Harvester)}, handing out the run's counters in {@code progress[0]}. */
    private static List<String> runAll(Harvester h, SyncProgress[] progress) throws Exception {
        List<String> seen = new ArrayList<>();
        try (SyncRun run = h.startRun(0)) {
            progress[0] = run.progress();
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p == null) {
                    run.flush();
                    continue;
                }
                SyncEvent e = p.event();
                if (p.failed()) {
                    seen.add("failed " + e.location().getPath() + ": " + p.failure().getMessage());
                    run.stop(p);
                    break;
                }
                seen.add(e.change() + " " + e.location().getPath());
                run.delivered(p);
            }
            run.flush();
        }
        return seen;
    }

    @Test
    void changesOfAListNotInTimeOrderAreDeliveredOldestFirst() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        changeList(change("/res/c.txt", "created", 30, "") + change("/res/a.txt", "updated", 20, "")
                   + change("/res/b.txt", "created", 25, ""));
        assertEquals(List.of("updated /res/a.txt", "created /res/b.txt", "created /res/c.txt"), runAll(h));
        assertEquals(List.of(), runAll(h), "nothing again");
    }

    @Test
    void aDeletionInTheSecondOfAnUpdateAlreadyDeliveredIsStillDelivered() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        String update = change("/res/a.txt", "updated", 20, "");
        changeList(update);
        assertEquals(List.of("updated /res/a.txt"), runAll(h));
        changeList(update + change("/res/a.txt", "deleted", 20, ""));
        assertEquals(List.of("deleted /res/a.txt"), runAll(h), "the update at the resume point is not repeated");
        assertEquals(List.of(), runAll(h));
    }

    /** Versions told apart only by a hash the harvester does not rank (sha-384) are still two changes. */
    @Test
    void twoVersionsInOneSecondWithAnUnrankedHashAreBothDelivered() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        String first = change("/res/a.txt", "updated", 20, "hash=\"sha-384:aaaa\"");
        changeList(first);
        assertEquals(List.of("updated /res/a.txt"), runAll(h));
        changeList(first + change("/res/a.txt", "updated", 20, "hash=\"sha-384:bbbb\""));
        assertEquals(List.of("updated /res/a.txt"), runAll(h), "the second version, at the resume time");
        assertEquals(List.of(), runAll(h));
    }

    @Test
    void aChangeBeforeTheResumePointIsNotDelivered() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        changeList(change("/res/b.txt", "created", 5, "") + change("/res/c.txt", "created", 10, "")
                   + change("/res/d.txt", "created", 11, ""));
        assertEquals(List.of("created /res/c.txt", "created /res/d.txt"), runAll(h),
                "a change at the resume time not delivered yet is new; one before it is not");
    }

    /** The lists of an index may be listed newest first: the oldest one's from decides whether there is a gap. */
    @Test
    void anIndexListingItsListsNewestFirstHasNoGap() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false).gapPolicy(GapPolicy.FAIL));
        source.xml("/changelist.xml", INDEX + """
                  <rs:md capability="changelist"/>
                  <sitemap><loc>{base}/cl-2.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:30Z"/></sitemap>
                  <sitemap><loc>{base}/cl-1.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:05Z"
                    until="2024-01-01T00:00:30Z"/></sitemap>
                </sitemapindex>""");
        source.xml("/cl-1.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:05Z\""
                + " until=\"2024-01-01T00:00:30Z\"/>\n" + change("/res/b.txt", "created", 20, "") + "</urlset>");
        source.xml("/cl-2.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:30Z\"/>\n"
                + change("/res/c.txt", "created", 40, "") + "</urlset>");
        assertEquals(List.of("created /res/b.txt", "created /res/c.txt"), runAll(h));
    }

    /** An index without its own from still starts where its oldest list starts: after the resume point, a gap. */
    @Test
    void anIndexWhoseOldestListStartsAfterTheResumePointIsAGap() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false).gapPolicy(GapPolicy.FAIL));
        source.xml("/changelist.xml", INDEX + """
                  <rs:md capability="changelist"/>
                  <sitemap><loc>{base}/cl-1.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:20Z"/></sitemap>
                </sitemapindex>""");
        source.xml("/cl-1.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:20Z\"/>\n"
                + change("/res/c.txt", "created", 40, "") + "</urlset>");
        GapException e = assertThrows(GapException.class, () -> runAll(h));
        assertTrue(e.getMessage().contains("/changelist.xml"), e.getMessage());
    }

    /** A list closed before the resume point holds nothing new and is not even fetched; one closed after it is read. */
    @Test
    void listsClosedBeforeTheResumePointAreNotRead() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        source.xml("/changelist.xml", INDEX + """
                  <rs:md capability="changelist"/>
                  <sitemap><loc>{base}/cl-0.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:00Z"
                    until="2024-01-01T00:00:05Z"/></sitemap>
                  <sitemap><loc>{base}/cl-1.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:05Z"
                    until="2024-01-01T00:00:30Z"/></sitemap>
                  <sitemap><loc>{base}/cl-2.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:30Z"/></sitemap>
                </sitemapindex>""");
        source.xml("/cl-0.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:00Z\""
                + " until=\"2024-01-01T00:00:05Z\"/>\n" + change("/res/z.txt", "created", 3, "") + "</urlset>");
        source.xml("/cl-1.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:05Z\""
                + " until=\"2024-01-01T00:00:30Z\"/>\n" + change("/res/b.txt", "created", 20, "") + "</urlset>");
        source.xml("/cl-2.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:30Z\"/>\n"
                + change("/res/c.txt", "created", 40, "") + "</urlset>");
        assertEquals(List.of("created /res/b.txt", "created /res/c.txt"), runAll(h));
        assertEquals(0, source.requests("/cl-0.xml"), "closed at 00:00:05, before the resume point");
    }

    /** Without a published hash the body's md5 is computed, so the destination's state still records a version. */
    @Test
    void aBodyWithoutPublishedHashGetsItsMd5Computed() throws Exception {
        Harvester h = baselined(new HarvestOptions());
        source.text("/res/b.txt", "bravo");
        changeList(change("/res/b.txt", "created", 20, ""));
        try (SyncRun run = h.startRun(0)) {
            PendingEvent next = run.next();
            while (next == null) {
                run.flush();
                next = run.next();
            }
            PendingEvent p = next;
            assertTrue(!p.failed(), () -> "failed: " + p.failure());
            assertEquals(digest("md5", "bravo"), p.event().fixity().get("md5"));
            run.delivered(p);
            run.flush();
        }
    }

    @Test
    void aBodyLongerThanPublishedFailsWithoutBeingReadToTheEnd() throws Exception {
        Harvester h = baselined(new HarvestOptions());
        source.text("/res/b.txt", "bravo, and then a great deal more than five bytes");
        changeList(change("/res/b.txt", "created", 20, fixity("md5", "bravo")));
        List<String> events = runAll(h);
        assertEquals(1, events.size(), events.toString());
        String expected = "failed /res/b.txt: Length mismatch for " + source.origin() + "/res/b.txt (listed in "
                          + source.origin() + "/changelist.xml): expected 5 bytes, got more";
        assertTrue(events.get(0).startsWith(expected), events.get(0));
    }

    /** The failure a route's error handler gets names the resource, for a destination to report or repair it. */
    @Test
    void aFixityFailureNamesTheResource() throws Exception {
        Harvester h = baselined(new HarvestOptions());
        source.text("/res/b.txt", "bravX");
        changeList(change("/res/b.txt", "created", 20, fixity("md5", "bravo")));
        try (SyncRun run = h.startRun(0)) {
            PendingEvent next = run.next();
            while (next == null) {
                run.flush();
                next = run.next();
            }
            assertTrue(next.failed(), "the damaged body is not delivered");
            FixityException e = assertInstanceOf(FixityException.class, next.failure());
            assertEquals(source.base().resolve("/res/b.txt"), e.getLocation());
            run.stop(next);
        }
    }

    @Test
    void aBodyMatchingOneHashButNotAnotherIsNotDelivered() throws Exception {
        Harvester h = baselined(new HarvestOptions());
        source.text("/res/b.txt", "bravo");
        changeList(change("/res/b.txt", "created", 20, "hash=\"md5:" + digest("md5", "bravo") + " sha-256:"
                + digest("sha-256", "brave") + "\" length=\"5\""));
        assertEquals(List.of("failed /res/b.txt: sha-256 hash mismatch for " + source.origin() + "/res/b.txt (listed in "
                + source.origin() + "/changelist.xml): expected " + digest("sha-256", "brave") + ", got "
                + digest("sha-256", "bravo")), runAll(h));
        source.text("/res/b.txt", "brave");
        // md5 now fails: still nothing delivered
        assertTrue(runAll(h).get(0).startsWith("failed /res/b.txt: md5 hash mismatch"));
    }

    /** The entries of an index and of its lists are counted, as the run's summary reports them. */
    @Test
    void theEntriesOfAnIndexAndOfItsListsAreCounted() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        source.xml("/changelist.xml", INDEX + """
                  <rs:md capability="changelist"/>
                  <sitemap><loc>{base}/cl-1.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:05Z"/>
                  </sitemap>
                </sitemapindex>""");
        source.xml("/cl-1.xml", URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:05Z\"/>\n"
                + change("/res/b.txt", "created", 20, "") + change("/res/c.txt", "created", 30, "") + "</urlset>");
        SyncProgress[] progress = new SyncProgress[1];
        assertEquals(List.of("created /res/b.txt", "created /res/c.txt"), runAll(h, progress));
        assertEquals(3, progress[0].entries(), "one <sitemap>, two changes");
    }

    /**
     * Superseded changes (and ones delivered already) are dropped with a debug line giving their number; a change
     * before the resume point is not even collected, so it is not counted.
     */
    @Test
    void supersededChangesAreCountedInTheLog() throws Exception {
        Harvester h = baselined(new HarvestOptions().fetchContent(false));
        String first = change("/res/b.txt", "created", 5, "") + change("/res/c.txt", "created", 20, "")
                       + change("/res/d.txt", "created", 30, "");
        changeList(first);
        try (LogCapture log = LogCapture.everything()) {
            assertEquals(List.of("created /res/c.txt", "created /res/d.txt"), runAll(h));
            assertFalse(log.contains("changes superseded"), log.lines().toString());
        }
        changeList(first + change("/res/a.txt", "updated", 35, "") + change("/res/a.txt", "updated", 40, ""));
        try (LogCapture log = LogCapture.everything()) {
            assertEquals(List.of("updated /res/a.txt"), runAll(h));
            assertTrue(log.contains("2 changes superseded by later changes of the same resources or delivered already"),
                    log.lines().toString());
        }
    }

    /** A Source served with ETags: well-known URI, Capability List and Resource List as in {@link #start()}. */
    private static void etagged(TestHttpServer server) {
        server.serveXml("/.well-known/resourcesync", URLSET + """
                  <rs:md capability="description"/>
                  <url><loc>{base}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>
                </urlset>""");
        server.serveXml("/capabilitylist.xml", URLSET + """
                  <rs:md capability="capabilitylist"/>
                  <url><loc>{base}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
                  <url><loc>{base}/changelist.xml</loc><rs:md capability="changelist"/></url>
                </urlset>""");
        server.serveXml("/resourcelist.xml", URLSET + """
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z" completed="2024-01-01T00:00:10Z"/>
                  <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>
                </urlset>""");
    }

    private Harvester harvester(TestHttpServer server) {
        return rig.harvester(server.uri("/"), new HarvestOptions().fetchContent(false), store);
    }

    @Test
    void aChangeListReadCompletelyIsAskedForConditionallyAndCostsOne304() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            etagged(server);
            server.serveXml("/changelist.xml", URLSET + "  <rs:md capability=\"changelist\""
                    + " from=\"2024-01-01T00:00:10Z\"/>\n" + change("/res/b.txt", "created", 20, "") + "</urlset>");
            Harvester h = harvester(server);
            assertEquals(List.of("created /res/a.txt"), runAll(h));
            assertEquals(List.of("created /res/b.txt"), runAll(h));
            SyncProgress[] progress = new SyncProgress[1];
            assertEquals(List.of(), runAll(h, progress));
            assertEquals(1, progress[0].documentsUnchanged());
            assertEquals(0, progress[0].documents());
        }
    }

    @Test
    void anIndexAnswering304StillHasItsListsRead() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            etagged(server);
            server.serveXml("/changelist.xml", INDEX + """
                      <rs:md capability="changelist"/>
                      <sitemap><loc>{base}/cl-1.xml</loc><rs:md capability="changelist" from="2024-01-01T00:00:05Z"/>
                      </sitemap>
                    </sitemapindex>""");
            String head = URLSET + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:05Z\"/>\n";
            server.serveXml("/cl-1.xml", head + change("/res/b.txt", "created", 20, "") + "</urlset>");
            Harvester h = harvester(server);
            assertEquals(List.of("created /res/a.txt"), runAll(h));
            assertEquals(List.of("created /res/b.txt"), runAll(h));
            server.serveXml("/cl-1.xml", head + change("/res/b.txt", "created", 20, "")
                    + change("/res/c.txt", "created", 30, "") + "</urlset>");
            SyncProgress[] progress = new SyncProgress[1];
            assertEquals(List.of("created /res/c.txt"), runAll(h, progress));
            assertEquals(1, progress[0].documentsUnchanged(), "the index");
        }
    }

    /** The Change List is open when a gap fails the pass: the next poll must still get the only connection. */
    @Test
    void aGapFailingThePassLetsGoOfTheChangeListsConnection() throws Exception {
        try (HttpFetcher one = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                .maxConnections(1))) {
            Harvester h = new Harvester(source.base(), new HarvestOptions().fetchContent(false)
                    .gapPolicy(GapPolicy.FAIL), one, new SitemapReader(), store, rig.pool(),
                    () -> new SyncProgress("test", 0));
            assertEquals(List.of("created /res/a.txt"), runAll(h));
            StringBuilder many = new StringBuilder();
            for (int i = 0; i < 10_000; i++) {
                many.append("  <url><loc>{base}/res/").append(i).append(".txt</loc>")
                        .append("<rs:md change=\"created\" datetime=\"2024-01-01T00:01:00Z\"/></url>\n");
            }
            source.xml("/changelist.xml", URLSET
                    + "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:30Z\"/>\n" + many + "</urlset>");
            assertThrows(GapException.class, () -> runAll(h));
            GapException again = assertTimeoutPreemptively(Duration.ofSeconds(60),
                    () -> assertThrows(GapException.class, () -> runAll(h)),
                    "the only connection is still held by the Change List of the failed pass");
            assertTrue(again.getMessage().contains("/changelist.xml"), again.getMessage());
        }
    }
}
