package io.github.camelresourcesync.harvest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpException;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.dump.DumpPackage;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.digest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The temporary files of dump packages and of the bitstreams read from them: a package's file and its download stay
 * while a read (or a run of reads) is under way and are deleted when the last one ends after the package was closed;
 * a failed package check or bitstream check leaves nothing behind; packages opened ahead and no longer wanted are
 * released; and failures of a package opened ahead reach the reader as they happened. Everything received is spooled
 * (threshold 0) into a directory of the test's own, so what is left behind can be seen.
 */
class PackageLoaderTest {

    private static final URI PKG = URI.create("http://example.org/dump/part1.zip");
    private static final int N = 3;

    @TempDir
    Path tmp;

    private Path spool;
    private Path file;
    private HttpFetcher fetcher;
    private PackageLoader.Opened opened;
    private List<Bitstream> bitstreams;
    /** tasks handed to the "pool", run when the test says so */
    private final List<Runnable> tasks = new ArrayList<>();

    @BeforeEach
    void open() throws Exception {
        spool = Files.createDirectory(tmp.resolve("spool"));
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY).spoolThreshold(0)
                .spoolDirectory(spool));
        StringBuilder manifest = new StringBuilder("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>");
        Object[] files = new Object[2 * N + 2];
        for (int i = 0; i < N; i++) {
            manifest.append("<url><loc>http://example.org/r").append(i).append("</loc><rs:md path=\"/res/r").append(i)
                    .append("\"/></url>");
            files[2 * i] = "res/r" + i;
            files[2 * i + 1] = body(i);
        }
        files[2 * N] = "manifest.xml";
        files[2 * N + 1] = manifest.append("</urlset>").toString();
        file = tmp.resolve("package.zip");
        Files.write(file, Zips.zip(Zips.entries(files)));
        DumpPackage dump = DumpPackage.open(file, PKG, PKG.resolve("manifest.xml"), new SitemapReader(),
                DumpLimits.DEFAULTS);
        // the package's download, spooled as a real one is; the package file plays the copy made of it
        Content download = fetcher.receive(new ByteArrayInputStream(new byte[] {1, 2, 3}), PKG, Set.of("md5"), -1,
                null);
        opened = new PackageLoader.Opened(dump, download, file);
        bitstreams = dump.bitstreams();
        assertEquals(1, spooled(), "the download is spooled");
    }

    @AfterEach
    void close() {
        opened.close();
        fetcher.close();
    }

    private static String body(int i) {
        return "body number " + i;
    }

    private static SyncEvent event(int i, String md5) {
        URI loc = URI.create("http://example.org/r" + i);
        return new SyncEvent("k", loc, ChangeType.CREATED, null, null, Hashes.of(Map.of("md5", md5)),
                (long) body(i).length(), "text/plain", "resourcedump", PKG, null, "id" + i, "r" + i, null, null);
    }

    private static SyncEvent event(int i) {
        return event(i, digest("md5", body(i)));
    }

    private PackageLoader loader(Executor pool) {
        return new PackageLoader(fetcher, new SitemapReader(), DumpLimits.DEFAULTS, pool);
    }

    private void runTasks() {
        while (!tasks.isEmpty()) {
            tasks.remove(0).run();
        }
    }

    private long spooled() throws IOException {
        return SpoolFiles.in(spool).size();
    }

    /** Package file and download both still there. */
    private boolean held() throws IOException {
        return Files.exists(file) && spooled() >= 1;
    }

    /** Package file and every spooled file deleted. */
    private boolean released() throws IOException {
        return !Files.exists(file) && spooled() == 0;
    }

    private static String text(CompletableFuture<Content> f) throws Exception {
        try (Content c = f.get(); InputStream in = c.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void closingAPackageNobodyReadsDeletesItsFilesAtOnce() throws Exception {
        opened.close();
        assertTrue(released());
        opened.close(); // closing twice is harmless
        assertTrue(released());
    }

    @Test
    void aPackageStaysUntilItsLastReaderReleasesIt() throws Exception {
        opened.retain();
        opened.release();
        assertTrue(held(), "not closed: a reader leaving does not release it");
        opened.retain();
        opened.retain();
        opened.close();
        assertTrue(held(), "two readers under way");
        opened.release();
        assertTrue(held(), "one reader under way");
        opened.release();
        assertTrue(released());
    }

    @Test
    void aReadHoldsThePackageUntilItIsDone() throws Exception {
        CompletableFuture<Content> f = loader(tasks::add).read(opened, bitstreams.get(1), event(1));
        opened.close();
        assertTrue(held(), "the read has not run yet");
        runTasks();
        assertFalse(Files.exists(file), "read done: the package is deleted");
        assertEquals(body(1), text(f));
        assertEquals(0, spooled(), "the body's own spooled copy is deleted when closed");
    }

    @Test
    void aBitstreamFailingItsHashLeavesNoSpooledBody() throws Exception {
        CompletableFuture<Content> f = loader(Runnable::run).read(opened, bitstreams.get(0), event(0, digest("md5",
                "something else")));
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        assertInstanceOf(FixityException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("md5 hash mismatch for http://example.org/r0 (listed in " + PKG),
                e.getCause().getMessage());
        opened.close();
        assertTrue(released(), "the received body was deleted with the failure");
    }

    @Test
    void membersOfARunGetContentTheyCanReadAndTheRunReleasesThePackage() throws Exception {
        BitstreamRuns runs = new BitstreamRuns(loader(tasks::add));
        CompletableFuture<Content> f0 = runs.read(opened, bitstreams.get(0), event(0));
        CompletableFuture<Content> bad = runs.read(opened, bitstreams.get(1), event(1, digest("md5", "other")));
        CompletableFuture<Content> f2 = runs.read(opened, bitstreams.get(2), event(2));
        runs.flush();
        opened.close();
        assertTrue(held(), "the run has not been read yet");
        runTasks();
        assertFalse(Files.exists(file), "run done: the package is deleted");
        assertEquals(body(0), text(f0));
        assertInstanceOf(FixityException.class, assertThrows(ExecutionException.class, bad::get).getCause());
        assertEquals(body(2), text(f2));
        assertEquals(0, spooled());
    }

    @Test
    void aRunThePoolRefusesFailsItsMembersAndReleasesThePackage() throws Exception {
        ExecutorService down = Executors.newSingleThreadExecutor();
        down.shutdown();
        BitstreamRuns runs = new BitstreamRuns(loader(down));
        CompletableFuture<Content> f0 = runs.read(opened, bitstreams.get(0), event(0));
        CompletableFuture<Content> f1 = runs.read(opened, bitstreams.get(1), event(1));
        opened.close();
        runs.flush();
        for (CompletableFuture<Content> f : List.of(f0, f1)) {
            assertTrue(f.isCompletedExceptionally(), "nothing will read it: failed at once");
            assertInstanceOf(RejectedExecutionException.class, assertThrows(ExecutionException.class, f::get)
                    .getCause());
        }
        assertTrue(released());
    }

    @Test
    void discardReleasesAPackageOpenedAheadAndIgnoresNoneOrAFailedOne() throws Exception {
        PackageLoader.discard(null);
        PackageLoader.discard(CompletableFuture.failedFuture(new IOException("download failed")));
        assertTrue(held());
        PackageLoader.discard(CompletableFuture.completedFuture(opened));
        assertTrue(released());
    }

    @Test
    void awaitRethrowsTheFailureOfAPackageOpenedAheadAsItHappened() {
        IllegalStateException unchecked = new IllegalStateException("broken");
        assertSame(unchecked, assertThrows(IllegalStateException.class,
                () -> PackageLoader.await(CompletableFuture.failedFuture(unchecked))));
        DumpException checked = new DumpException(PKG, "bad");
        assertSame(checked, assertThrows(DumpException.class,
                () -> PackageLoader.await(CompletableFuture.failedFuture(checked))));
    }

    @Test
    void awaitInterruptedFailsAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        IOException e = assertThrows(IOException.class, () -> PackageLoader.await(new CompletableFuture<>()));
        assertEquals("Interrupted while opening a dump package", e.getMessage());
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller (and cleared here)");
    }

    @Test
    void aPackageHoldingAManifestOfTheOtherDumpKindIsRefusedNamingBoth() throws Exception {
        try (LiteralSource source = new LiteralSource()) {
            String manifest = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                              + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                              + "<rs:md capability=\"changedump-manifest\"/>"
                              + "<url><loc>http://example.org/a.txt</loc><rs:md path=\"/a.txt\"/></url></urlset>";
            source.bytes("/dumps/p.zip", Zips.zip(Zips.entries("manifest.xml", manifest, "a.txt", "alpha")),
                    "application/zip");
            URI uri = source.base().resolve("/dumps/p.zip");
            Entry entry = new Entry(uri, null, Metadata.EMPTY, List.of(), false);
            opened.close();
            DumpException e = assertThrows(DumpException.class,
                    () -> loader(Runnable::run).open(entry, source.base().resolve("/resourcedump.xml"),
                            Capability.RESOURCEDUMP_MANIFEST));
            assertTrue(e.getMessage().contains(uri.toString()) && e.getMessage().contains("changedump-manifest")
                       && e.getMessage().contains("resourcedump-manifest was expected"), e.getMessage());
            assertEquals(0, spooled(), "the refused download was deleted");
        }
    }

    @Test
    void aPackageFailingItsChecksLeavesNoDownloadBehind() throws Exception {
        try (LiteralSource source = new LiteralSource()) {
            String manifest = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                              + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                              + "<rs:md capability=\"resourcedump-manifest\"/></urlset>";
            source.bytes("/dumps/evil.zip", Zips.zip(Zips.entries("manifest.xml", manifest, "../../evil.txt", "x")),
                    "application/zip");
            URI uri = source.base().resolve("/dumps/evil.zip");
            Entry entry = new Entry(uri, null, Metadata.EMPTY, List.of(), false);
            opened.close();
            DumpException e = assertThrows(DumpException.class,
                    () -> loader(Runnable::run).open(entry, source.base().resolve("/resourcedump.xml"),
                            Capability.RESOURCEDUMP_MANIFEST));
            assertTrue(e.getMessage().contains(uri.toString()) && e.getMessage().contains("escape the package"),
                    e.getMessage());
            assertEquals(1, source.requests("/dumps/evil.zip"));
            assertEquals(0, spooled(), "the refused download was deleted");
        }
    }
}
