package io.github.camelresourcesync.harvest;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.digest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The resources of a Resource Dump as its manifests list them (what an audit of a dump-only Source reads), on a
 * loopback Source with real ZIP packages: published manifests are read without downloading packages, a package is
 * downloaded only for a body asked for (once for all its bodies), and such a body is checked against the manifest.
 */
class DumpManifestEntriesTest {

    private static final String KEY = "test";

    private DumpSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new DumpSource().lists(false).perPackage(2).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/c.txt", "charlie");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private HarvestContext context(boolean fetchContent) {
        return context(fetchContent, rig.fetcher());
    }

    private HarvestContext context(boolean fetchContent, HttpFetcher fetcher) {
        SyncProgress progress = new SyncProgress("test", 0);
        SitemapReader reader = new SitemapReader();
        return new HarvestContext(new HarvestOptions().fetchContent(fetchContent),
                new DocumentLoader(fetcher, reader, progress), new StateBuffer(store), store,
                new EventFactory(source.base()),
                new PackageLoader(fetcher, reader, DumpLimits.DEFAULTS, rig.pool()), progress);
    }

    private static String path(Entry e) {
        return e.loc().getPath();
    }

    private static SyncEvent event(HarvestContext ctx, DumpManifestEntries entries, Entry e) {
        return ctx.events().event(KEY, e, ChangeType.CREATED, entries.capability(), entries.currentDocument());
    }

    private static String text(CompletableFuture<Content> body) throws Exception {
        try (Content c = body.get(); InputStream in = c.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyResourceIsListedFromThePublishedManifestsWithoutDownloadingAPackage() throws Exception {
        HarvestContext ctx = context(false);
        List<String> listed = new ArrayList<>();
        List<String> documents = new ArrayList<>();
        try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
            assertEquals("resourcedump", entries.capability());
            for (Entry e = entries.next(); e != null; e = entries.next()) {
                listed.add(path(e));
                documents.add(entries.currentDocument().getPath());
                assertNull(entries.content(event(ctx, entries, e)), "fetchContent=false: no body");
            }
            assertEquals(source.now(), entries.snapshotTime());
        }
        assertEquals(List.of("/res/a.txt", "/res/b.txt", "/res/c.txt"), listed);
        assertEquals(List.of("/dumps/resource-0-manifest.xml", "/dumps/resource-0-manifest.xml",
                "/dumps/resource-1-manifest.xml"), documents);
        assertEquals(0, source.requests("/dumps/resource-0.zip") + source.requests("/dumps/resource-1.zip"));
    }

    @Test
    void withoutManifestLinksEachPackageIsDownloadedOnceToReadItsManifest() throws Exception {
        source.manifestLinks(false);
        HarvestContext ctx = context(true);
        List<String> bodies = new ArrayList<>();
        List<String> documents = new ArrayList<>();
        try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
            for (Entry e = entries.next(); e != null; e = entries.next()) {
                documents.add(entries.currentDocument().getPath());
                bodies.add(path(e) + " " + text(entries.content(event(ctx, entries, e))));
            }
        }
        assertEquals(List.of("/res/a.txt alpha", "/res/b.txt bravo", "/res/c.txt charlie"), bodies);
        assertEquals(List.of("/dumps/resource-0.zip", "/dumps/resource-0.zip", "/dumps/resource-1.zip"), documents);
        assertEquals(1, source.requests("/dumps/resource-0.zip"));
        assertEquals(1, source.requests("/dumps/resource-1.zip"));
    }

    @Test
    void aBodyAskedForDownloadsItsPackageOnceForAllItsResources() throws Exception {
        HarvestContext ctx = context(true);
        List<String> bodies = new ArrayList<>();
        try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
            for (Entry e = entries.next(); e != null; e = entries.next()) {
                if (!path(e).equals("/res/c.txt")) { // only the first package's resources need repair
                    bodies.add(path(e) + " " + text(entries.content(event(ctx, entries, e))));
                }
            }
        }
        assertEquals(List.of("/res/a.txt alpha", "/res/b.txt bravo"), bodies);
        assertEquals(1, source.requests("/dumps/resource-0.zip"));
        assertEquals(0, source.requests("/dumps/resource-1.zip"), "no body of it was asked for");
    }

    /** The published manifest lists a resource the package holds no bytes for: that body fails, the next is read. */
    @Test
    void aResourceThePackageHasNoBytesForFailsOnlyItsOwnBody() throws Exception {
        String origin = source.base().toString().replaceAll("/$", "");
        source.serveInstead("/dumps/resource-0-manifest.xml", ("""
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="resourcedump-manifest" at="2024-01-01T00:00:03Z"/>
                  <url><loc>%1$s/res/x.txt</loc><rs:md length="1" path="/resources/res/x.txt"/></url>
                  <url><loc>%1$s/res/a.txt</loc><rs:md hash="md5:%2$s" length="5" path="/resources/res/a.txt"/></url>
                  <url><loc>%1$s/res/b.txt</loc><rs:md hash="md5:%3$s" length="5" path="/resources/res/b.txt"/></url>
                </urlset>
                """).formatted(origin, digest("md5", "alpha"), digest("md5", "brave"))
                .getBytes(StandardCharsets.UTF_8));
        HarvestContext ctx = context(true);
        List<String> outcomes = new ArrayList<>();
        try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
            for (Entry e = entries.next(); e != null; e = entries.next()) {
                CompletableFuture<Content> body = entries.content(event(ctx, entries, e));
                if (body.isCompletedExceptionally() || path(e).equals("/res/b.txt")) {
                    ExecutionException failure = assertThrows(ExecutionException.class, body::get);
                    outcomes.add(path(e) + " failed: " + failure.getCause().getClass().getSimpleName() + ": "
                                 + failure.getCause().getMessage());
                } else {
                    outcomes.add(path(e) + " " + text(body));
                }
            }
        }
        assertEquals(4, outcomes.size(), outcomes.toString());
        assertTrue(outcomes.get(0).startsWith("/res/x.txt failed: DumpException: "), outcomes.get(0));
        assertTrue(outcomes.get(0).contains("the manifest " + origin + "/dumps/resource-0-manifest.xml lists "
                + origin + "/res/x.txt but the package's manifest.xml has no bytes for it"), outcomes.get(0));
        assertEquals("/res/a.txt alpha", outcomes.get(1));
        assertEquals("/res/b.txt failed: FixityException: md5 hash mismatch for " + origin + "/res/b.txt (listed in "
                + origin + "/dumps/resource-0-manifest.xml): expected " + digest("md5", "brave") + ", got "
                + digest("md5", "bravo"), outcomes.get(2));
        assertEquals("/res/c.txt charlie", outcomes.get(3));
    }

    /** An audit lists what the dump holds now: a Resource Dump processed before is read again, never skipped. */
    @Test
    void theResourceDumpIsReadEvenWhenProcessedAndUnchanged() throws Exception {
        HarvestContext ctx = context(false);
        Validators validators;
        try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
            while (entries.next() != null) {
                // read them all, as a complete pass does
            }
            validators = entries.rootValidators();
        }
        assertFalse(validators.isEmpty(), "the Resource Dump's ETag");
        ctx.loader().markProcessed(source.uri("/resourcedump.xml"), validators);
        List<String> listed = new ArrayList<>();
        try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
            assertFalse(entries.rootUnchanged());
            for (Entry e = entries.next(); e != null; e = entries.next()) {
                listed.add(path(e));
            }
        }
        assertEquals(List.of("/res/a.txt", "/res/b.txt", "/res/c.txt"), listed);
    }

    /** Packages downloaded to read their manifest.xml are deleted when the next is read, or when closed midway. */
    @Test
    void downloadedPackagesAreDeletedWhenDone(@TempDir Path spool) throws Exception {
        source.manifestLinks(false);
        try (HttpFetcher spooling = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                .spoolThreshold(0).spoolDirectory(spool))) {
            HarvestContext ctx = context(false, spooling);
            try (DumpManifestEntries entries = new DumpManifestEntries(ctx, source.uri("/resourcedump.xml"))) {
                assertEquals("/res/a.txt", path(entries.next()));
                assertEquals(1, spooled(spool));
                entries.next();
                assertEquals("/res/c.txt", path(entries.next()));
                assertEquals(1, spooled(spool), "the first package deleted, the second under way");
            }
            assertEquals(0, spooled(spool), "closed midway: the package under way deleted");
        }
    }

    private static long spooled(Path dir) {
        return SpoolFiles.in(dir).size();
    }
}
