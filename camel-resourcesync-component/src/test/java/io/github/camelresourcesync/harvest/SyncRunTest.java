package io.github.camelresourcesync.harvest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.dump.DumpPackage;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a sync run hands out the steps of its parts: how far it reads and fetches ahead of delivery, barriers, parts
 * with nothing to do, events whose resource is gone, {@code nextIfReady} while a fetch is under way, an interrupted
 * wait, the counters and summary of the run, and when it writes committed state (at a flush, when 5,000 changes are
 * pending, never early by {@code flushIfDue}). Some tests drive a run over steps listed here (each step a resource on a
 * loopback server); the others run a {@link Harvester} over a {@link TestSource}.
 */
class SyncRunTest {

    private static final String KEY = "https://example.org/capabilitylist.xml";

    @RegisterExtension
    final FetchRig rig = new FetchRig(4);
    private final TestHttpServer server = TestHttpServer.start();
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final StateBuffer buffer = new StateBuffer(store);
    private final SyncProgress progress = new SyncProgress("test", 0);
    private final CountDownLatch release = new CountDownLatch(1);
    private TestSource source;

    @AfterEach
    void stop() {
        release.countDown();
        server.close();
        if (source != null) {
            source.close();
        }
    }

    /** The steps of one part, as a list document would yield them; remembers how many were read and the closing. */
    private static final class Listing implements StepSource {
        private final Deque<Step> steps = new ArrayDeque<>();
        int pulled;
        boolean closed;

        Listing(Step... steps) {
            this.steps.addAll(List.of(steps));
        }

        @Override
        public Step next() {
            Step s = steps.poll();
            if (s != null) {
                pulled++;
            }
            return s;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private SyncRun run(HarvestOptions options, SyncRun.Part... parts) {
        SitemapReader reader = new SitemapReader();
        HarvestContext ctx = new HarvestContext(options, new DocumentLoader(rig.fetcher(), reader, progress), buffer,
                store, new EventFactory(server.uri("/")),
                new PackageLoader(rig.fetcher(), reader, options.dumpLimits(), rig.pool()), progress);
        return new SyncRun(List.of(parts), ctx, rig.fetcher(),
                new FetchAheadRun.Fetching(rig.pool(), options.fetchParallelism(), options.fetchWaitLimit()), 0, null);
    }

    /** A created resource served at {@code path}; delivering it records its state. */
    private Step resource(String path, String body) {
        server.serve(path, body, "text/plain");
        return listed(path);
    }

    private Step listed(String path) {
        Instant t = Instant.parse("2024-01-01T00:00:00Z");
        Entry e = new Entry(server.uri(path), t, new Metadata(null, null, null, null, null, t, null, "created", null,
                null, null, null, null), null, false);
        return Step.event(new EventFactory(server.uri("/")).event(KEY, e, ChangeType.CREATED, "changelist",
                server.uri("/changelist.xml")), (b, ev) -> b.upsert(KEY, EventFactory.stateAfter(ev, 0)),
                Step.Effect.NONE);
    }

    /** A resource whose answer waits until the test releases it. */
    private Step held(String path) {
        server.handle(path, exchange -> {
            try {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            TestHttpServer.respond(exchange, 200, "held");
        });
        return listed(path);
    }

    private static String body(PendingEvent p) throws IOException {
        return new String(p.event().content().openStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void readsAheadTwiceTheFetchParallelismWhenFetchingAndOneStepWhenNot() throws Exception {
        Step[] steps = new Step[10];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = resource("/r" + i + ".txt", "body " + i);
        }
        Listing listing = new Listing(steps);
        try (SyncRun run = run(new HarvestOptions().fetchParallelism(2), () -> listing)) {
            PendingEvent first = run.next();
            assertEquals("body 0", body(first));
            assertEquals(4, listing.pulled, "four fetches under way: two running, two waiting fetched or queued");
            run.delivered(first);
            assertEquals("body 1", body(run.next()));
            assertEquals(5, listing.pulled, "one more as one was handed out");
        }

        Listing metadataOnly = new Listing(resource("/m0.txt", "m0"), resource("/m1.txt", "m1"));
        try (SyncRun run = run(new HarvestOptions().fetchParallelism(2).fetchContent(false), () -> metadataOnly)) {
            assertNull(run.next().event().content());
            assertEquals(1, metadataOnly.pulled, "nothing to fetch: nothing read ahead");
            run.next();
            assertEquals(2, metadataOnly.pulled);
        }
        assertEquals(0, server.requests("/m0.txt") + server.requests("/m1.txt"));
    }

    /** A run of bitstreams is read by one pool task: it takes one place in the window, whatever its length. */
    @Test
    void aRunOfDumpBitstreamsTakesOnePlaceInTheWindow(@TempDir Path tmp) throws Exception {
        int n = BitstreamRuns.MAX_ENTRIES + 2;
        URI pkg = server.uri("/dump/part1.zip");
        StringBuilder manifest = new StringBuilder("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>");
        Object[] files = new Object[2 * n + 2];
        for (int i = 0; i < n; i++) {
            manifest.append("<url><loc>").append(server.uri("/r" + i)).append("</loc><rs:md path=\"/res/r")
                    .append(i).append("\"/></url>");
            files[2 * i] = "res/r" + i;
            files[2 * i + 1] = "body " + i;
        }
        files[2 * n] = "manifest.xml";
        files[2 * n + 1] = manifest.append("</urlset>").toString();
        Path file = Files.createTempFile(tmp, "pkg", ".zip");
        Files.write(file, Zips.zip(Zips.entries(files)));
        SitemapReader reader = new SitemapReader();
        DumpPackage dump = DumpPackage.open(file, pkg, pkg.resolve("manifest.xml"), reader, DumpLimits.DEFAULTS);
        BitstreamRuns runs = new BitstreamRuns(new PackageLoader(rig.fetcher(), reader, DumpLimits.DEFAULTS,
                rig.pool()));
        try (PackageLoader.Opened opened = new PackageLoader.Opened(dump, rig.fetcher().receive(
                new ByteArrayInputStream(new byte[0]), pkg, Set.of("md5"), -1, null), null)) {
            Listing listing = new Listing();
            for (Bitstream b : dump.bitstreams()) {
                SyncEvent event = new SyncEvent(KEY, b.entry().loc(), ChangeType.CREATED, null, null, null, null, null,
                        "resourcedump", pkg, null, b.entry().loc().toString(), b.entry().loc().getPath(), null, null);
                listing.steps.add(Step.event(event, Step.Effect.NONE, Step.Effect.NONE, runs.read(opened, b, event)));
            }
            try (SyncRun run = run(new HarvestOptions().fetchParallelism(1), () -> listing)) {
                assertEquals("body 0", body(run.next()));
                assertEquals(BitstreamRuns.MAX_ENTRIES + 1, listing.pulled,
                        "a window of two: the first run whole and the first bitstream of the next");
            }
        }
    }

    /** Notifications of a Capability List all delivered already leave a barrier right before the next part's. */
    @Test
    void aBarrierRightAfterAnotherDoesNotEndTheBatch() throws Exception {
        Listing listing = new Listing(Step.barrier(), Step.barrier(), resource("/a.txt", "alpha"));
        try (SyncRun run = run(new HarvestOptions(), () -> listing)) {
            PendingEvent p = run.next();
            assertNotNull(p, "both barriers passed: nothing before them waits to be reported");
            assertEquals("alpha", body(p));
        }
    }

    @Test
    void aPartWithNothingToDoIsSkippedAndEachPartIsClosedWhenTheRunIsPastIt() throws Exception {
        Listing first = new Listing(resource("/a.txt", "alpha"));
        Listing second = new Listing(resource("/b.txt", "bravo"), resource("/c.txt", "charlie"));
        List<String> seen = new ArrayList<>();
        SyncRun run = run(new HarvestOptions().fetchContent(false), () -> first, () -> null, () -> second);
        try (run) {
            seen.add(run.next().event().fileName());
            assertFalse(first.closed, "its end is not read yet");
            seen.add(run.next().event().fileName());
            assertTrue(first.closed, "the run moved on to the next part");
            assertFalse(second.closed);
        }
        assertEquals(List.of("a.txt", "b.txt"), seen);
        assertTrue(second.closed, "closing the run releases the part it was in");
    }

    @Test
    void aClosedRunHandsOutNothingPrefetched() throws Exception {
        Listing listing = new Listing(resource("/a.txt", "alpha"), resource("/b.txt", "bravo"));
        SyncRun run = run(new HarvestOptions(), () -> listing);
        run.delivered(run.next());
        assertTrue(run.hasMore(), "b.txt is prefetched");
        run.close();
        assertFalse(run.hasMore(), "its prefetched event was dropped with the run");
    }

    @Test
    void nextIfReadyReturnsNothingWhileTheFirstFetchIsUnderWay() throws Exception {
        // the wait limit only bounds a test that would otherwise wait for the held answer
        Listing listing = new Listing(held("/held.txt"));
        try (SyncRun run = run(new HarvestOptions().fetchWaitLimit(Duration.ofSeconds(20)), () -> listing)) {
            assertNull(run.nextIfReady(), "the fetch is under way");
            assertEquals(1, listing.pulled, "the fetch was started");
            release.countDown();
            assertEquals("held", body(run.next()));
        }

        Listing metadataOnly = new Listing(resource("/a.txt", "alpha"));
        try (SyncRun run = run(new HarvestOptions().fetchContent(false), () -> metadataOnly)) {
            PendingEvent p = run.nextIfReady();
            assertNotNull(p, "nothing to fetch: ready at once");
            assertEquals("a.txt", p.event().fileName());
        }
    }

    @Test
    void anInterruptedWaitForContentFailsTheCallAndKeepsTheInterrupt() throws Exception {
        Listing listing = new Listing(held("/held.txt"));
        try (SyncRun run = run(new HarvestOptions(), () -> listing)) {
            Thread.currentThread().interrupt();
            IOException e = assertThrows(IOException.class, run::next);
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller's thread");
            assertEquals("Interrupted while fetching " + server.uri("/held.txt"), e.getMessage());
        }
    }

    @Test
    void flushIfDueRightAfterAFlushKeepsTheChangesAndAFlushWritesThem() throws Exception {
        Listing listing = new Listing(resource("/a.txt", "alpha"), resource("/b.txt", "bravo"),
                resource("/c.txt", "charlie"), resource("/d.txt", "delta"), resource("/e.txt", "echo"));
        try (SyncRun run = run(new HarvestOptions().fetchContent(false), () -> listing)) {
            // due 250 ms after the flush: only a machine stalled that long between two calls makes it due, so a
            // stalled attempt is repeated with the next resource instead of being judged
            for (PendingEvent p = run.next(); ; p = run.next()) {
                assertNotNull(p, "every attempt stalled for 200 ms between two calls");
                long flushed = System.nanoTime();
                run.flush();
                long stored = store.resourceCount(KEY);
                run.delivered(p);
                run.flushIfDue();
                if (System.nanoTime() - flushed < TimeUnit.MILLISECONDS.toNanos(200)) {
                    assertEquals(1, buffer.pending(), "not due yet: held in memory");
                    assertEquals(stored, store.resourceCount(KEY));
                    run.flush();
                    assertEquals(0, buffer.pending());
                    assertEquals(stored + 1, store.resourceCount(KEY));
                    return;
                }
            }
        }
    }

    @Test
    void fiveThousandPendingChangesAreHandedToTheStoreWithoutWaitingForAFlush() throws Exception {
        Listing listing = new Listing();
        for (int i = 0; i < 5_000; i++) {
            listing.steps.add(listed("/n" + i + ".txt"));
        }
        try (SyncRun run = run(new HarvestOptions().fetchContent(false), () -> listing)) {
            for (int i = 0; i < 4_999; i++) {
                run.delivered(run.next());
            }
            assertEquals(4_999, buffer.pending(), "below the threshold: held");
            run.delivered(run.next());
            assertEquals(0, buffer.pending(), "the 5,000th change: all of them handed to the writer");
        }
        assertEquals(5_000, store.resourceCount(KEY));
    }

    // ---- over a Source -------------------------------------------------------------------------------------------

    private Harvester harvester() throws IOException {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        return rig.harvester(source.base(), new HarvestOptions(), store);
    }

    /** Delivers everything; fails instead of spinning when the run never ends. */
    private static List<String> deliverAll(SyncRun run) throws Exception {
        List<String> seen = new ArrayList<>();
        int batches = 0;
        while (run.hasMore()) {
            PendingEvent p = run.next();
            if (p == null) {
                assertTrue(++batches < 100, "the run does not end");
                run.flush();
                continue;
            }
            assertFalse(p.failed(), () -> "unexpected failure " + p.failure());
            seen.add(p.event().change() + " " + p.event().fileName());
            run.delivered(p);
        }
        return seen;
    }

    @Test
    void aResourceGoneSinceItWasListedIsSkippedCountedAndLoggedAndTheRunCompletes() throws Exception {
        Harvester h = harvester();
        source.fail("/res/b.txt", 404, 1);
        String key = source.uri("/capabilitylist.xml").toString();
        try (LogCapture log = LogCapture.open(); SyncRun run = h.startRun(0)) {
            assertEquals(List.of("created res/a.txt"), deliverAll(run));
            assertEquals(1, run.progress().goneCount());
            assertTrue(log.contains(source.uri("/res/b.txt").toString(), "answers 404", "skipped"), log.lines()
                    .toString());
        }
        assertTrue(store.source(key).baselineComplete(), "the gone resource held up nothing after it");
        assertTrue(store.resource(key, source.uri("/res/a.txt").toString()).isPresent());
        assertTrue(store.resource(key, source.uri("/res/b.txt").toString()).isEmpty());
    }

    @Test
    void theRunCountsWhatItFetchedDeliveredAndFailedAndLogsASummaryWhenClosed() throws Exception {
        Harvester h = harvester();
        source.change("/res/c.txt", "charlie");
        try (LogCapture log = LogCapture.everything()) {
            try (SyncRun run = h.startRun(0)) {
                PendingEvent a = run.next();
                run.delivered(a);
                run.delivered(run.next());
                run.stop(run.next());
                assertEquals(2, run.progress().events());
                assertEquals("alpha".length() + "bravo".length() + "charlie".length(), run.progress().bytes());
                assertEquals(1, run.progress().failedCount());
                assertFalse(log.contains("sync done"), "not before the run is closed");
            }
            assertTrue(log.contains("test: sync done:", "2 events", "1 failed"), log.lines().toString());
        }
    }
}
