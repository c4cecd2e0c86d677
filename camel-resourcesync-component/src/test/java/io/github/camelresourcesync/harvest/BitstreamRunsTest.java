package io.github.camelresourcesync.harvest;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.dump.DumpPackage;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs of bitstream reads on a real package: when runs start (a wait, timed or not, a cancel, a read from another
 * package, a run full by entries or by bytes), and what each member gets.
 */
class BitstreamRunsTest {

    private static final URI PKG = URI.create("http://example.org/dump/part1.zip");
    private static final int N = 6;

    @TempDir
    Path tmp;

    private HttpFetcher fetcher;
    private ThreadPoolExecutor pool;
    private PackageLoader.Opened opened;
    private List<Bitstream> bitstreams;

    @BeforeEach
    void open() throws Exception {
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY));
        pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        Object[] files = new Object[2 * N];
        for (int i = 0; i < N; i++) {
            files[2 * i] = "res/r" + i;
            files[2 * i + 1] = body(i);
        }
        opened = openPackage(PKG, files);
        bitstreams = opened.dump().bitstreams();
    }

    /** A package of the files given (name, then content), each listed as http://example.org/ plus its name. */
    private PackageLoader.Opened openPackage(URI uri, Object... files) throws Exception {
        StringBuilder manifest = new StringBuilder("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>");
        Object[] all = Arrays.copyOf(files, files.length + 2);
        for (int i = 0; i < files.length; i += 2) {
            String name = (String) files[i];
            manifest.append("<url><loc>http://example.org/").append(name.substring(name.lastIndexOf('/') + 1))
                    .append("</loc><rs:md path=\"/").append(name).append("\"/></url>");
        }
        all[files.length] = "manifest.xml";
        all[files.length + 1] = manifest.append("</urlset>").toString();
        Path file = Files.createTempFile(tmp, "pkg", ".zip");
        Files.write(file, Zips.zip(Zips.entries(all)));
        DumpPackage dump = DumpPackage.open(file, uri, uri.resolve("manifest.xml"), new SitemapReader(),
                DumpLimits.DEFAULTS);
        Content download = fetcher.receive(new ByteArrayInputStream(new byte[0]), uri, Set.of("md5"), -1, null);
        return new PackageLoader.Opened(dump, download, null);
    }

    @AfterEach
    void close() throws Exception {
        opened.close();
        pool.shutdown();
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        fetcher.close();
    }

    private static String body(int i) {
        return "body number " + i;
    }

    private static SyncEvent event(int i, String md5) {
        return event("r" + i, md5, body(i).length());
    }

    private static SyncEvent event(String name, String md5, long length) {
        URI loc = URI.create("http://example.org/" + name);
        return new SyncEvent("k", loc, ChangeType.CREATED, null, null, Hashes.of(Map.of("md5", md5)), length,
                "text/plain", "resourcedump", PKG, null, "id-" + name, name, null, null);
    }

    private static String md5(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    private CompletableFuture<Content> read(BitstreamRuns runs, int i) throws Exception {
        return runs.read(opened, bitstreams.get(i), event(i, md5(body(i))));
    }

    private static String text(CompletableFuture<Content> f) throws Exception {
        try (Content c = f.get(60, TimeUnit.SECONDS); var in = c.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Runs over a package loader with the default limits, as the harvester makes them. */
    private BitstreamRuns runs() {
        return new BitstreamRuns(new PackageLoader(fetcher, new SitemapReader(), DumpLimits.DEFAULTS, pool));
    }

    @Test
    void aRunStartsWhenWaitedForAndLaterReadsBeginANewOne() throws Exception {
        BitstreamRuns runs = runs();
        CompletableFuture<Content> f0 = read(runs, 0);
        CompletableFuture<Content> f1 = read(runs, 1);
        assertTrue(((BitstreamRuns.Member) f0).opensRun());
        assertFalse(((BitstreamRuns.Member) f1).opensRun());
        assertEquals(0, pool.getTaskCount(), "a partial run waits to fill up until someone waits for it");
        assertFalse(f0.isDone());
        assertEquals(body(0), text(f0));
        // the run was started by the wait: the next read starts another, which is read as well
        CompletableFuture<Content> f2 = read(runs, 2);
        assertTrue(((BitstreamRuns.Member) f2).opensRun());
        assertEquals(body(2), text(f2));
        assertEquals(body(1), text(f1));
    }

    @Test
    void aBadEntryFailsItsOwnFutureOnlyAndCancelledMembersAreSkipped() throws Exception {
        BitstreamRuns runs = runs();
        CompletableFuture<Content> f0 = read(runs, 0);
        CompletableFuture<Content> bad = runs.read(opened, bitstreams.get(1), event(1, md5("something else")));
        CompletableFuture<Content> f2 = read(runs, 2);
        CompletableFuture<Content> cancelled = read(runs, 3);
        assertTrue(cancelled.cancel(false));
        assertEquals(body(0), text(f0));
        ExecutionException e = assertThrows(ExecutionException.class, bad::get);
        assertTrue(e.getCause() instanceof FixityException, String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("md5 hash mismatch for http://example.org/r1 (listed in " + PKG),
                e.getCause().getMessage());
        assertEquals(body(2), text(f2));
        assertThrows(CancellationException.class, cancelled::get);
    }

    @Test
    void aFullRunStartsByItself() throws Exception {
        BitstreamRuns runs = runs();
        List<CompletableFuture<Content>> futures = new java.util.ArrayList<>();
        for (int i = 0; i < BitstreamRuns.MAX_ENTRIES; i++) {
            futures.add(read(runs, i % N));
        }
        // nobody waits: the full run completes on its own
        CompletableFuture.allOf(futures.get(futures.size() - 1)).get(60, TimeUnit.SECONDS);
        for (int i = 0; i < futures.size(); i++) {
            assertEquals(body(i % N), text(futures.get(i)));
        }
    }

    @Test
    void anUntimedWaitStartsTheRunAsATimedOneDoes() throws Exception {
        BitstreamRuns runs = runs();
        CompletableFuture<Content> f0 = read(runs, 0);
        CompletableFuture<Content> f1 = read(runs, 1);
        // a wait that does not start the run would never return: the timeout is only a safety net
        Content c0 = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> f0.get());
        assertEquals(body(0), new String(c0.openStream().readAllBytes(), StandardCharsets.UTF_8));
        CompletableFuture<Content> f2 = read(runs, 2);
        assertTrue(((BitstreamRuns.Member) f2).opensRun());
        Content c2 = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> f2.join());
        assertEquals(body(2), new String(c2.openStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(body(1), text(f1));
    }

    @Test
    void cancellingAMemberStartsItsRunAndAMemberAlreadyReadCannotBeCancelled() throws Exception {
        BitstreamRuns runs = runs();
        CompletableFuture<Content> f0 = read(runs, 0);
        CompletableFuture<Content> f1 = read(runs, 1);
        assertTrue(f1.cancel(false));
        assertEquals(1, pool.getTaskCount(), "the cancel handed the run to the pool");
        assertEquals(body(0), text(f0));
        assertFalse(f0.cancel(false), "already read");
        assertFalse(f0.isCancelled());
    }

    @Test
    void aReadFromAnotherPackageHandsTheRunGatheredToThePool() throws Exception {
        BitstreamRuns runs = runs();
        URI uri2 = URI.create("http://example.org/dump/part2.zip");
        PackageLoader.Opened other = openPackage(uri2, "res/r0", "another body");
        try {
            CompletableFuture<Content> f0 = read(runs, 0);
            CompletableFuture<Content> g0 = runs.read(other, other.dump().bitstreams().get(0),
                    event("r0", md5("another body"), "another body".length()));
            assertEquals(1, pool.getTaskCount(), "the first package's run went to the pool");
            assertTrue(((BitstreamRuns.Member) g0).opensRun());
            assertEquals("another body", text(g0), "read from its own package");
            assertEquals(body(0), text(f0));
        } finally {
            other.close();
        }
    }

    @Test
    void aBitstreamOfMaxBytesMakesARunOfItsOwn() throws Exception {
        BitstreamRuns runs = runs();
        // seeded random letters: a run of one letter would trip the package's compression-ratio limit
        Random random = new Random(42);
        StringBuilder letters = new StringBuilder();
        for (int i = 0; i < BitstreamRuns.MAX_BYTES; i++) {
            letters.append((char) ('a' + random.nextInt(26)));
        }
        String big = letters.toString();
        PackageLoader.Opened large = openPackage(URI.create("http://example.org/dump/large.zip"), "res/big", big,
                "res/small", "small");
        try {
            List<Bitstream> bs = large.dump().bitstreams();
            CompletableFuture<Content> f = runs.read(large, bs.get(0), event("big", md5(big), big.length()));
            assertEquals(1, pool.getTaskCount(), "full at exactly MAX_BYTES: started without anyone waiting");
            CompletableFuture<Content> g = runs.read(large, bs.get(1), event("small", md5("small"), 5));
            assertTrue(((BitstreamRuns.Member) g).opensRun(), "the next read begins a new run");
            assertEquals(big, text(f));
            assertEquals("small", text(g));
        } finally {
            large.close();
        }
    }
}
