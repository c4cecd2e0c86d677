package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packages of a Resource Dump as a baseline reads them, on a loopback Source with one resource per package: two
 * packages are opened ahead of the one being read, a package is deleted (and its last run of reads started) as soon
 * as the next one is read, closing midway releases the packages under way and ahead, and a Resource Dump processed
 * before and unchanged since is skipped without downloading a package. Packages are opened on the calling thread and
 * spooled into the test's own directory, so what is downloaded and what is left behind can be counted.
 */
class ResourceDumpEntriesTest {

    private static final String KEY = "test";

    @TempDir
    Path spool;

    private DumpSource source;
    private HttpFetcher fetcher;
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY).spoolThreshold(0)
                .spoolDirectory(spool));
        source = new DumpSource().lists(false).perPackage(1).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/c.txt", "charlie").put("/res/d.txt", "delta").put("/res/e.txt", "echo");
    }

    @AfterEach
    void stop() {
        source.close();
        fetcher.close();
    }

    /** Packages opened and bitstreams read on the calling thread: what is under way is exactly what was started. */
    private HarvestContext context() {
        SyncProgress progress = new SyncProgress("test", 0);
        SitemapReader reader = new SitemapReader();
        return new HarvestContext(new HarvestOptions().fetchContent(true),
                new DocumentLoader(fetcher, reader, progress), new StateBuffer(store), store,
                new EventFactory(source.base()), new PackageLoader(fetcher, reader, DumpLimits.DEFAULTS, Runnable::run),
                progress);
    }

    private URI dump() {
        return source.uri("/resourcedump.xml");
    }

    private int[] packageRequests() {
        int[] n = new int[5];
        for (int i = 0; i < n.length; i++) {
            n[i] = source.requests("/dumps/resource-" + i + ".zip");
        }
        return n;
    }

    private long spooled() throws IOException {
        return SpoolFiles.in(spool).size();
    }

    private static String text(CompletableFuture<Content> body) throws Exception {
        try (Content c = body.get(); InputStream in = c.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void twoPackagesAreOpenedAheadOfTheOneBeingRead() throws Exception {
        try (ResourceDumpEntries entries = new ResourceDumpEntries(context(), dump(), false)) {
            assertEquals("/res/a.txt", entries.next().loc().getPath());
            assertEquals("[1, 1, 1, 0, 0]", Arrays.toString(packageRequests()));
            assertEquals("/res/b.txt", entries.next().loc().getPath());
            assertEquals("[1, 1, 1, 1, 0]", Arrays.toString(packageRequests()));
        }
    }

    @Test
    void aPackageIsDeletedAndItsLastRunReadWhenTheNextOneIsRead() throws Exception {
        HarvestContext ctx = context();
        try (ResourceDumpEntries entries = new ResourceDumpEntries(ctx, dump(), false)) {
            Entry a = entries.next();
            CompletableFuture<Content> body = entries.content(ctx.events().event(KEY, a, ChangeType.CREATED,
                    entries.capability(), entries.currentDocument()));
            assertFalse(body.isDone(), "a partial run waits for more reads");
            assertEquals(3, spooled(), "the package being read and two ahead");
            entries.next();
            assertTrue(body.isDone(), "its package is done: the run was read without anyone waiting");
            assertEquals("alpha", text(body));
            assertEquals(3, spooled(), "the first package (and the body read from it) deleted, the fourth opened");
        }
        assertEquals(0, spooled(), "closed midway: the package being read and those ahead are deleted");
    }

    @Test
    void anUnchangedResourceDumpIsSkippedWithoutDownloadingAPackage() throws Exception {
        HarvestContext ctx = context();
        Validators validators;
        try (ResourceDumpEntries entries = new ResourceDumpEntries(ctx, dump(), false)) {
            int n = 0;
            while (entries.next() != null) {
                n++;
            }
            assertEquals(5, n);
            assertFalse(entries.rootUnchanged());
            validators = entries.rootValidators();
        }
        assertFalse(validators.isEmpty(), "the Resource Dump's ETag, for the next conditional request");
        ctx.loader().markProcessed(dump(), validators);
        try (ResourceDumpEntries again = new ResourceDumpEntries(ctx, dump(), true)) {
            assertTrue(again.rootUnchanged());
            assertNull(again.next());
        }
        assertEquals(2, source.requests("/resourcedump.xml"));
        assertEquals("[1, 1, 1, 1, 1]", Arrays.toString(packageRequests()));
    }
}
