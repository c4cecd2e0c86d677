package io.github.camelresourcesync.harvest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.testsupport.Notified;
import io.github.camelresourcesync.testsupport.HarvestModel;
import io.github.camelresourcesync.testsupport.ModelSeeds;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random histories of a Source (creates, updates, deletes, changes sharing a second, Change Lists dropped) interleaved
 * with harvests of random sizes, some of them crashing (state written after the crash point is lost), checked against
 * the one thing a destination needs: once the harvester has caught up, its mirror equals the Source, and catching up
 * takes a bounded number of polls. A failing seed prints the history that broke it.
 */
class HarvesterModelTest {

    private static final int[] LIMITS = {0, 1, 2, 3, 5, 8};
    /** {@code -Dresourcesync.model.crashes=false} leaves crashes out, to tell their effects from others. */
    private static final boolean CRASHES = !"false".equals(System.getProperty("resourcesync.model.crashes"));
    /** {@code -Dresourcesync.model.push=false} leaves change notifications out. */
    private static final boolean PUSH = !"false".equals(System.getProperty("resourcesync.model.push"));

    private final HarvestModel model = new HarvestModel(HarvesterModelTest::version);
    /** resources delivered by a poll that crashed: their state may not have been written */
    private boolean listsDroppedAfterCrash;
    private HttpFetcher fetcher;
    private ExecutorService pool;

    @BeforeEach
    void start() {
        // one request per host: a document that held its place while its entries wait for places stalled the run
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                .maxRequestsPerHost(1));
        pool = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
        fetcher.close();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource(ModelSeeds.SEEDS)
    void theMirrorEqualsTheSourceOnceCaughtUp(long seed) throws Exception {
        Random random = new Random(seed);
        try (TestSource source = new TestSource()) {
            int parts = 1 + random.nextInt(2);
            int perList = random.nextBoolean() ? 0 : 2 + random.nextInt(3);
            TestSource.Style style = random.nextInt(4) == 0 ? TestSource.Style.V1_0 : TestSource.Style.V1_1;
            boolean gzip = random.nextInt(4) == 0;
            source.resourceListParts(parts).changesPerList(perList).style(style).gzip(gzip);
            // mode=baseline compares the whole Resource List every poll: it learns of deletions only by sweeping
            SyncMode mode = random.nextInt(5) == 0 ? SyncMode.BASELINE : SyncMode.AUTO;
            boolean emitDeletes = mode == SyncMode.BASELINE || random.nextBoolean();
            boolean fetchContent = random.nextInt(4) == 0;
            model.log("seed " + seed + ": mode=" + mode + " resourceListParts=" + parts + " changesPerList="
                        + perList + " style=" + style + " gzip=" + gzip + " emitDeletes=" + emitDeletes
                        + " fetchContent=" + fetchContent);
            int next = 0;
            for (; next < 5 + random.nextInt(20); next++) {
                source.put(path(next), "v0 " + next);
            }
            Harvester h = new Harvester(source.base(), new HarvestOptions().fetchContent(fetchContent).mode(mode)
                    .emitDeletes(emitDeletes), fetcher, new SitemapReader(), model.store(), pool,
                    () -> new SyncProgress("model", 0));
            int limit = LIMITS[random.nextInt(LIMITS.length)];
            for (int step = 0; step < 40; step++) {
                int op = random.nextInt(100);
                List<String> listed = new ArrayList<>(source.snapshot().keySet());
                if (op < 30 && !listed.isEmpty()) {
                    String p = listed.get(random.nextInt(listed.size()));
                    source.change(p, "v" + step + " " + p);
                    model.log("update " + p);
                } else if (op < 40) {
                    source.change(path(next), "v" + step + " new " + next);
                    model.log("create " + path(next++));
                } else if (op < 50 && !listed.isEmpty()) {
                    String p = listed.get(random.nextInt(listed.size()));
                    source.delete(p);
                    model.log("delete " + p);
                } else if (op < 55 && !listed.isEmpty()) {
                    // the first shares its second with the change before (which a harvest may have seen already)
                    source.freezeClock(true);
                    List<String> burst = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        String p = listed.get(random.nextInt(listed.size()));
                        if (random.nextInt(4) == 0 && source.snapshot().containsKey(p)) {
                            source.delete(p);
                            burst.add("delete " + p);
                        } else {
                            source.change(p, "v" + step + "." + i + " " + p);
                            burst.add("update " + p);
                        }
                    }
                    source.freezeClock(false);
                    source.tick(1);
                    model.log("in one second: " + burst);
                } else if (op >= 60 && op < 70 && PUSH) {
                    // a change notification of the newest changes, possibly late; a push-only pass or with listing
                    int k = 1 + random.nextInt(3);
                    boolean listing = random.nextBoolean();
                    model.poll("push of the last " + k + " changes" + (listing ? " with listing" : ""),
                            h.startRun(limit, notification(source, k), listing), -1);
                } else if (op < 60) {
                    source.tick(60);
                    source.compactChanges();
                    listsDroppedAfterCrash |= model.crashed();
                    model.log("Resource List re-snapshot, Change Lists dropped");
                } else {
                    int crashAfter = random.nextInt(5) == 0 && CRASHES ? random.nextInt(6) : -1;
                    model.poll("harvest limit=" + limit, h.startRun(limit), crashAfter);
                }
            }
            model.catchUp(() -> h.startRun(limit));
            Map<String, String> expected = new HashMap<>();
            source.snapshot().forEach((p, content) -> expected.put(source.uri(p).toString(), md5(content)));
            // a resource delivered just before a crash is not in the state; deleted while no Change List says so
            // (the Source dropped them, or mode=baseline reads none), no baseline knows the destination has it
            model.assertMirrors(expected, listsDroppedAfterCrash || mode == SyncMode.BASELINE);
        }
    }

    /** The mirror keeps the md5 of the bytes delivered, else (fetchContent=false) of what the event says. */
    private static String version(SyncEvent e) throws Exception {
        if (e.content() != null) {
            return md5(HarvestModel.text(e));
        }
        String md5 = e.fixity().get("md5");
        assertTrue(md5 != null, () -> "no md5 on " + e);
        return md5;
    }

    private static List<NotifiedChanges> notification(TestSource source, int k) throws Exception {
        NotifiedChanges n = Notified.of(source, k);
        return n.changes().isEmpty() ? List.of() : List.of(n);
    }

    private static String path(int n) {
        return "/res/r" + n + ".txt";
    }

    private static String md5(String content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
