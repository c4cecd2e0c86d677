package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import com.sun.net.httpserver.HttpHandler;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.INDEX;
import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The walk over a Resource List or a Resource List Index, without a harvester: entries depth first, each with the
 * document that listed it, the earliest snapshot time, the root's validators (none for an index), a 304 for a root
 * processed before, the nesting limit, the failure for a list of another capability, and a walker closed part-way
 * letting go of its connection.
 */
class ListWalkerTest {

    @RegisterExtension
    final FetchRig rig = new FetchRig(1);
    private TestHttpServer server;
    private final SyncProgress progress = new SyncProgress("test", 0);
    private DocumentLoader loader;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        loader = new DocumentLoader(rig.fetcher(), new SitemapReader(), progress);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void list(String path, String md, String... resources) {
        server.serveXml(path, listXml(md, resources));
    }

    private static String listXml(String md, String... resources) {
        StringBuilder xml = new StringBuilder(URLSET).append("  <rs:md ").append(md).append("/>\n");
        for (String r : resources) {
            xml.append("  <url><loc>{base}").append(r).append("</loc></url>\n");
        }
        return xml.append("</urlset>").toString();
    }

    private void index(String path, String md, String... lists) {
        StringBuilder xml = new StringBuilder(INDEX).append("  <rs:md ").append(md).append("/>\n");
        for (String l : lists) {
            xml.append("  <sitemap><loc>{base}").append(l).append("</loc></sitemap>\n");
        }
        server.serveXml(path, xml.append("</sitemapindex>").toString());
    }

    /** Every entry as "entry path @ path of the document that listed it". */
    private List<String> walk(ListWalker walker) throws Exception {
        List<String> seen = new ArrayList<>();
        for (Entry e = walker.next(); e != null; e = walker.next()) {
            assertEquals(walker.currentDocument(), walker.current().header().uri());
            seen.add(e.loc().getPath() + " @ " + walker.currentDocument().getPath());
        }
        return seen;
    }

    @Test
    void anIndexIsWalkedDepthFirstWithTheListOfEachEntryAndTheEarliestSnapshotTime() throws Exception {
        index("/index.xml", "capability=\"resourcelist\" at=\"2024-01-01T00:00:10Z\"", "/list-1.xml", "/list-2.xml");
        list("/list-1.xml", "capability=\"resourcelist\" at=\"2024-01-01T00:00:05Z\"", "/res/a", "/res/b");
        list("/list-2.xml", "capability=\"resourcelist\" at=\"2024-01-01T00:00:20Z\"", "/res/c");
        URI root = server.uri("/index.xml");
        try (ListWalker walker = new ListWalker(loader, root, Capability.RESOURCELIST, 2, false, progress)) {
            assertEquals(List.of("/res/a @ /list-1.xml", "/res/b @ /list-1.xml", "/res/c @ /list-2.xml"),
                    walk(walker));
            assertEquals(root, walker.currentDocument(), "every list read: the root again");
            assertEquals(root, walker.root());
            assertEquals("resourcelist", walker.capability());
            assertEquals(Instant.parse("2024-01-01T00:00:05Z"), walker.snapshotTime(), "the oldest list's at");
            // an index's lists change while it stays the same: its validators must never skip a baseline
            assertEquals(Validators.NONE, walker.rootValidators());
            assertFalse(walker.rootUnchanged());
        }
        assertEquals(5, progress.entries(), "two <sitemap> entries and three resources");
        assertEquals(3, progress.documents());
    }

    @Test
    void aListWithoutSnapshotTimeLeavesTheWalkWithout() throws Exception {
        index("/index.xml", "capability=\"resourcelist\" at=\"2024-01-01T00:00:10Z\"", "/list-1.xml");
        list("/list-1.xml", "capability=\"resourcelist\"", "/res/a");
        try (ListWalker walker = new ListWalker(loader, server.uri("/index.xml"), Capability.RESOURCELIST, 2, false, progress)) {
            assertEquals(List.of("/res/a @ /list-1.xml"), walk(walker));
            assertNull(walker.snapshotTime());
        }
    }

    @Test
    void aListRootProcessedBeforeAnswers304AndIsNotWalked() throws Exception {
        list("/list.xml", "capability=\"resourcelist\" at=\"2024-01-01T00:00:10Z\"", "/res/a");
        URI root = server.uri("/list.xml");
        Validators validators;
        try (ListWalker walker = new ListWalker(loader, root, Capability.RESOURCELIST, 2, true, progress)) {
            validators = walker.rootValidators();
            assertTrue(validators.etag() != null, "a list root keeps its ETag: " + validators);
            assertEquals(List.of("/res/a @ /list.xml"), walk(walker));
        }
        loader.markProcessed(root, validators);
        try (ListWalker again = new ListWalker(loader, root, Capability.RESOURCELIST, 2, true, progress)) {
            assertTrue(again.rootUnchanged());
            assertNull(again.next());
            assertEquals(root, again.currentDocument());
        }
        assertEquals(validators.etag(), server.lastRequest("/list.xml").header("If-None-Match"));
        assertEquals(1, progress.documentsUnchanged());
    }

    @Test
    void indexesNestedDeeperThanTheLimitAreRefused() throws Exception {
        index("/index.xml", "capability=\"resourcelist\"", "/inner.xml");
        index("/inner.xml", "capability=\"resourcelist\"", "/list.xml");
        list("/list.xml", "capability=\"resourcelist\"", "/res/a");
        try (ListWalker walker = new ListWalker(loader, server.uri("/index.xml"), Capability.RESOURCELIST, 2, false, progress)) {
            DocumentException e = assertThrows(DocumentException.class, walker::next);
            assertTrue(e.getMessage().contains("indexes nest deeper than 2 levels at " + server.uri("/list.xml")),
                    e.getMessage());
            assertEquals(server.uri("/inner.xml"), e.getDocument());
        }
        try (ListWalker walker = new ListWalker(loader, server.uri("/index.xml"), Capability.RESOURCELIST, 3, false, progress)) {
            assertEquals(List.of("/res/a @ /list.xml"), walk(walker), "three levels are within a limit of 3");
        }
    }

    @Test
    void aListOfAnotherCapabilityInTheIndexFailsTheWalkAndOneWithoutCapabilityIsRead() throws Exception {
        index("/index.xml", "capability=\"resourcelist\"", "/list-1.xml", "/list-2.xml", "/list-3.xml");
        list("/list-1.xml", "", "/res/a");
        list("/list-2.xml", "capability=\"changelist\"", "/res/b");
        list("/list-3.xml", "capability=\"resourcelist\"", "/res/c");
        try (ListWalker walker = new ListWalker(loader, server.uri("/index.xml"), Capability.RESOURCELIST, 2, false,
                progress)) {
            assertEquals("/res/a", walker.next().loc().getPath(), "no capability: read as the index says");
            DocumentException e = assertThrows(DocumentException.class, walker::next);
            assertEquals("the document has rs:md capability=\"changelist\" where a resourcelist was expected"
                         + " (document " + server.uri("/list-2.xml") + ")", e.getMessage());
        }
    }

    /** A walker stopped early (a poll limit) must not keep the connection its unread list streams over. */
    @Test
    void aWalkerClosedPartWayLetsGoOfItsConnection() throws Exception {
        String[] many = new String[10_000];
        for (int i = 0; i < many.length; i++) {
            many[i] = "/res/" + i;
        }
        list("/big.xml", "capability=\"resourcelist\"", many);
        list("/small.xml", "capability=\"resourcelist\"", "/res/a");
        try (HttpFetcher one = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                .maxConnections(1))) {
            DocumentLoader single = new DocumentLoader(one, new SitemapReader(), progress);
            try (ListWalker walker = new ListWalker(single, server.uri("/big.xml"), Capability.RESOURCELIST, 2, false, progress)) {
                assertEquals("/res/0", walker.next().loc().getPath());
            }
            List<String> next = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                try (ListWalker walker = new ListWalker(single, server.uri("/small.xml"), Capability.RESOURCELIST, 2, false, progress)) {
                    return walk(walker);
                }
            }, "the only connection is still held by the closed walker's list");
            assertEquals(List.of("/res/a @ /small.xml"), next);
        }
    }

    /**
     * A far Source: every list answers after a delay. The next lists of the index are requested while the current one
     * is read (requests overlap, at most {@link ListWalker#LISTS_AHEAD} ahead of the one being read), and the walk
     * returns the same entries in the same order, with the same counts, as one list after another would.
     */
    @Test
    void theNextListsOfAnIndexAreFetchedAheadAndTheWalkKeepsItsOrder() throws Exception {
        TestHttpServer.InFlight inFlight = new TestHttpServer.InFlight();
        String[] lists = new String[6];
        List<String> expectedWalk = new ArrayList<>();
        for (int l = 0; l < lists.length; l++) {
            lists[l] = "/list-" + l + ".xml";
            String[] resources = { "/res/" + l + "a", "/res/" + l + "b", "/res/" + l + "c" };
            for (String r : resources) {
                expectedWalk.add(r + " @ " + lists[l]);
            }
            HttpHandler list = TestHttpServer.Resource.of(listXml("capability=\"resourcelist\"", resources)
                    .replace("{base}", server.baseUri().toString())).contentType("application/xml");
            server.handle(lists[l], inFlight.waiting(300, list));
        }
        index("/index.xml", "capability=\"resourcelist\"", lists);
        try (ListWalker walker = new ListWalker(loader, server.uri("/index.xml"), Capability.RESOURCELIST, 2, false,
                progress)) {
            assertEquals(expectedWalk, walk(walker));
        }
        assertTrue(inFlight.most() > 1, "the lists' requests overlap");
        assertEquals(1 + ListWalker.LISTS_AHEAD, inFlight.most(),
                "the list being opened and the next " + ListWalker.LISTS_AHEAD + " lists are requested together, no more");
        for (String l : lists) {
            assertEquals(1, server.requests(l), l + " is requested once");
        }
        assertEquals(6 + 18, progress.entries(), "six <sitemap> entries and eighteen resources, as without fetching ahead");
        assertEquals(7, progress.documents());
    }

    /** A list that fails while fetched ahead fails the walk in its turn: after every entry of the lists before it. */
    @Test
    void aListThatFailsAheadFailsTheWalkInItsTurn() throws Exception {
        index("/index.xml", "capability=\"resourcelist\"", "/list-1.xml", "/missing.xml", "/list-3.xml");
        list("/list-1.xml", "capability=\"resourcelist\"", "/res/a", "/res/b");
        list("/list-3.xml", "capability=\"resourcelist\"", "/res/c");
        try (ListWalker walker = new ListWalker(loader, server.uri("/index.xml"), Capability.RESOURCELIST, 2, false,
                progress)) {
            assertEquals("/res/a", walker.next().loc().getPath());
            assertEquals("/res/b", walker.next().loc().getPath());
            FetchException e = assertThrows(FetchException.class, walker::next);
            assertEquals(404, e.getStatusCode(), e.getMessage());
            assertEquals(server.uri("/missing.xml"), e.getUri());
        }
        assertEquals(2, server.requests("/missing.xml"), "fetched ahead, and again in its turn");
    }

    /**
     * Lists fetched ahead wait as files above the spool threshold, not in the heap; a walker closed part-way deletes
     * them (once their fetch has ended) and holds no connection.
     */
    @Test
    void listsFetchedAheadWaitAsFilesDeletedWhenTheWalkerCloses(@org.junit.jupiter.api.io.TempDir java.nio.file.Path spool)
            throws Exception {
        String[] resources = new String[200];
        for (int i = 0; i < resources.length; i++) {
            resources[i] = "/res/" + i;
        }
        index("/index.xml", "capability=\"resourcelist\"", "/list-1.xml", "/list-2.xml", "/list-3.xml");
        for (int l = 1; l <= 3; l++) {
            list("/list-" + l + ".xml", "capability=\"resourcelist\"", resources);
        }
        list("/small.xml", "capability=\"resourcelist\"", "/res/a");
        try (HttpFetcher one = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                .maxConnections(1).spoolThreshold(1024).spoolDirectory(spool))) {
            DocumentLoader single = new DocumentLoader(one, new SitemapReader(), progress);
            try (ListWalker walker = new ListWalker(single, server.uri("/index.xml"), Capability.RESOURCELIST, 2, false,
                    progress)) {
                assertEquals("/res/0", walker.next().loc().getPath());
                assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                    while (spoolFiles(spool) < 2) {
                        Thread.sleep(10);
                    }
                }, "list-2 and list-3 wait in the spool directory");
            }
            // both fetches have ended (their files are whole): closing deletes them at once, not at a later GC
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                while (spoolFiles(spool) > 0) {
                    Thread.sleep(10);
                }
            }, "the closed walker's lists are deleted");
            List<String> next = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                try (ListWalker walker = new ListWalker(single, server.uri("/small.xml"), Capability.RESOURCELIST, 2,
                        false, progress)) {
                    return walk(walker);
                }
            }, "the only connection is still held");
            assertEquals(List.of("/res/a @ /small.xml"), next);
        }
    }

    private static long spoolFiles(java.nio.file.Path dir) throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".spool")).count();
        }
    }
}
