package io.github.camelresourcesync;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.publish.PublishedDocsAccess;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.ClientChecks;
import io.github.camelresourcesync.testsupport.DirectoryServer;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bridge round trip: a legacy source (the META-SHARE node emulator, a multi-document archived Atom-PMH feed) is
 * harvested by its bridge into {@code resourcesync-publish:}, the directory is served by a plain static file server,
 * and a {@code resourcesync:} consumer with its own state mirrors the published Source. The mirror must equal the
 * origin byte for byte after the first harvest, after updates and after each kind of deletion; the harvester checks
 * every body against the published md5 and sha-256 (re-checked here), follows the 1.1 Change Lists (each change
 * with {@code datetime}) after its baseline, and every published document passes {@code SitemapStructure}.
 */
class BridgeRoundTripTest {

    private static final String USER = "harvester";
    private static final String PASSWORD = "pw-roundtrip";

    @TempDir
    Path tmp;

    private CamelContext context;
    /** The harvester of the published Source: what it received, and what did not verify. */
    private final ClientChecks client = new ClientChecks();
    /** What the bridge emitted (for failure messages). */
    private final List<String> bridged = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
    }

    private void start(String bridgeUri, DirectoryServer server, String publishOptions) throws Exception {
        context = TestContexts.withStateIn(tmp.resolve("state"));
        context.getRegistry().bind("bridgeState", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(bridgeUri).routeId("bridge")
                        .process(e -> bridged.add(e.getIn().getHeader(ResourceSyncConstants.CHANGE) + " "
                                                  + e.getIn().getHeader(ResourceSyncConstants.LOCATION)))
                        .to("resourcesync-publish:" + tmp.resolve("site") + "?baseUrl=" + server.base()
                            + publishOptions);
                from("resourcesync:" + server.base() + "?delay=100&initialDelay=0&stateId=published")
                        .routeId("harvest-published")
                        .process(client)
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
    }

    /** Every file of the mirror, byte for byte (ISO-8859-1 keeps each byte as one char). */
    private Map<String, String> mirror() throws IOException {
        Path mirror = tmp.resolve("mirror");
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(mirror)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(mirror)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                if (!p.getFileName().toString().startsWith(".rsync-")) {
                    files.put(mirror.relativize(p).toString().replace('\\', '/'),
                            Files.readString(p, StandardCharsets.ISO_8859_1));
                }
            }
        } catch (UncheckedIOException | NoSuchFileException e) {
            throw new AssertionError("mirror changed while being compared", e);
        }
        return files;
    }

    private void awaitMirror(Map<String, String> expected) {
        await().atMost(60, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS)
                .untilAsserted(() -> assertEquals(expected, mirror(), () -> "bridged " + bridged + ", harvested "
                                                                           + client.received() + ", problems " + client.problems()));
    }

    private void assertPublishedSourceValid() throws IOException {
        assertTrue(PublishedDocsAccess.assertAllValid(tmp.resolve("site")) >= 4, "documents were published");
        assertTrue(client.problems().isEmpty(), () -> "problems: " + client.problems());
    }

    // ------------------------------------------------------------------------------------------------ META-SHARE

    private static String record(String name) {
        return "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo xmlns=\"http://www.ilsp.gr/META-XMLSchema\">"
               + "<identificationInfo><resourceName lang=\"en\">" + name + "</resourceName></identificationInfo>"
               + "</resourceInfo>";
    }

    /**
     * The node's live records where the mirror of the published Source keeps them: their stored copies, published
     * under {@code resources/} and the publisher's name, and mirrored under the mirror's name of that location.
     */
    private static Map<String, String> expected(MetashareNode node, List<String> live, URI published)
            throws URISyntaxException {
        Map<String, String> out = new TreeMap<>();
        for (String id : live) {
            URI stored = published.resolve(new URI(null, null,
                    "resources/" + SyncEvents.fileName(node.recordUri(id), null), null));
            out.put(SyncEvents.fileName(stored, published), new String(node.servedXml(id), StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    @Test
    void metashareNodeRepublishedAndMirroredThroughUpdatesAndBothKindsOfDeletion() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD);
             DirectoryServer server = new DirectoryServer(tmp.resolve("site"))) {
            List<String> live = new ArrayList<>();
            for (String name : List.of("Turkish Speecon database", "Base de donn&#233;es", "Korpus", "Corpus 4")) {
                live.add(node.add(record(name)));
            }
            // the records' own URLs answer only a logged-in sync user, with a ZIP: the publisher serves copies
            start("resourcesync-metashare:" + node.baseUri() + "?username=" + USER + "&password=RAW(" + PASSWORD
                  + ")&initialDelay=0&delay=100", server, "&storeContent=true&changeListSize=3");
            awaitMirror(expected(node, live, server.base()));
            int baseline = client.received().size();

            node.update(live.get(0), record("Turkish Speecon database, second edition"));
            String added = node.add(record("A record added later"));
            live.add(added);
            awaitMirror(expected(node, live, server.base()));

            String soft = live.remove(1);
            node.softDelete(soft);
            awaitMirror(expected(node, live, server.base()));
            String hard = live.remove(1);
            node.hardDelete(hard);
            awaitMirror(expected(node, live, server.base()));

            List<String> incremental = client.received().subList(baseline, client.received().size());
            assertEquals(List.of("changelist updated", "changelist created", "changelist deleted",
                    "changelist deleted"), incremental, "after the baseline, only the changes, from Change Lists");
            String changeList = Files.readString(tmp.resolve("site/changelist.xml"));
            assertTrue(changeList.contains("<sitemapindex"), "eight changes in lists of three rotated");
            // the Resource List is a snapshot rewritten by a timer (resourceListInterval, 10 s by default)
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.readString(tmp.resolve("site/resourcelist.xml"))
                    .contains("rel=\"via\" href=\"" + node.recordUri(added)));
            assertPublishedSourceValid();
        }
    }

    // ------------------------------------------------------------------------------------------------ Atom-PMH

    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"utf-8\"?><feed"
                                       + " xmlns=\"http://www.w3.org/2005/Atom\""
                                       + " xmlns:at=\"http://purl.org/atompub/tombstones/1.0\"><id>urn:feed</id>"
                                       + "<title>records</title>";

    /** An entry with two representations: the RIF-CS record (wanted) and an HTML page (not). */
    private static String entry(String id, String time) {
        return "<entry><title>Record " + id + "</title><id>urn:rec:" + id + "</id><updated>" + time + "</updated>"
               + "<link rel=\"alternate\" type=\"text/html\" href=\"/html/" + id + ".html\"/>"
               + "<link rel=\"alternate\" type=\"application/rifcs+xml\" href=\"/rifcs/" + id + ".xml\"/></entry>";
    }

    private static String feed(String updated, String prevArchive, String... entries) {
        return HEAD + "<updated>" + updated + "</updated>"
               + (prevArchive == null ? "" : "<link rel=\"prev-archive\" href=\"" + prevArchive + "\"/>")
               + String.join("", entries) + "</feed>";
    }

    private static void record(TestHttpServer origin, Map<String, String> records, String id, String content) {
        origin.serve("/rifcs/" + id + ".xml", content, "application/rifcs+xml");
        origin.serve("/html/" + id + ".html", "<html><body>" + id + "</body></html>", "text/html");
        records.put(id, content);
    }

    /**
     * The chosen representations where the mirror keeps them: the publisher lists their original URIs, which are on
     * another origin than the published Source.
     */
    private static Map<String, String> expected(TestHttpServer origin, Map<String, String> records, URI published) {
        Map<String, String> out = new TreeMap<>();
        records.forEach((id, content) -> out.put(
                SyncEvents.fileName(URI.create("http://127.0.0.1:" + origin.port() + "/rifcs/" + id + ".xml"), published),
                content));
        return out;
    }

    @Test
    void archivedAtomFeedRepublishedAndMirroredThroughUpdatesAndDeletions() throws Exception {
        try (TestHttpServer origin = TestHttpServer.start();
             DirectoryServer server = new DirectoryServer(tmp.resolve("site"))) {
            Map<String, String> records = new TreeMap<>();
            for (String id : List.of("a", "b", "c", "d", "e")) {
                record(origin, records, id, "<registryObject key=\"" + id + "\">caf\u00e9 " + id + "</registryObject>");
            }
            origin.serve("/archive/1", feed("2024-01-01T00:02:00Z", null, entry("a", "2024-01-01T00:01:00Z"),
                    entry("b", "2024-01-01T00:02:00Z")), "application/atom+xml");
            origin.serve("/archive/2", feed("2024-01-01T00:04:00Z", "/archive/1",
                    entry("c", "2024-01-01T00:03:00Z"), entry("d", "2024-01-01T00:04:00Z")), "application/atom+xml");
            origin.serve("/feed", feed("2024-01-01T00:05:00Z", "/archive/2", entry("e", "2024-01-01T00:05:00Z")),
                    "application/atom+xml");
            // metadata-only republishing: the publisher hashes each body and lists the feed's own URLs
            start("resourcesync-atompmh:" + origin.uri("/feed") + "?mediaTypes=RAW(application/rifcs+xml)"
                  + "&stateStore=#bridgeState&initialDelay=0&delay=100", server, "&changeListSize=2");
            Map<String, String> utf8 = new TreeMap<>();
            awaitMirror(utf8(expected(origin, records, server.base()), utf8));
            int baseline = client.received().size();

            // an update, a deletion entry, a tombstone and a new record, in the subscription document
            record(origin, records, "b", "<registryObject key=\"b\">second version</registryObject>");
            record(origin, records, "f", "<registryObject key=\"f\">new</registryObject>");
            records.remove("a");
            records.remove("c");
            origin.serve("/feed", feed("2024-01-01T00:09:00Z", "/archive/2", entry("e", "2024-01-01T00:05:00Z"),
                    entry("b", "2024-01-01T00:06:00Z"),
                    "<entry><title>gone</title><id>urn:rec:a</id><updated>2024-01-01T00:07:00Z</updated><content/>"
                    + "</entry>", "<at:deleted-entry ref=\"urn:rec:c\" when=\"2024-01-01T00:08:00Z\"/>",
                    entry("f", "2024-01-01T00:09:00Z")), "application/atom+xml");
            awaitMirror(utf8(expected(origin, records, server.base()), utf8));

            List<String> incremental = client.received().subList(baseline, client.received().size());
            assertEquals(List.of("changelist updated", "changelist deleted", "changelist deleted",
                    "changelist created"), incremental, "after the baseline, only the changes, from Change Lists");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.readString(tmp.resolve("site/resourcelist.xml"))
                    .contains("/rifcs/f.xml"));
            assertFalse(Files.readString(tmp.resolve("site/resourcelist.xml")).contains("/html/"),
                    "only the chosen representation is published");
            assertNotNull(origin.lastRequest("/rifcs/f.xml"));
            assertPublishedSourceValid();
        }
    }

    /** The expected files as the mirror reads them (bytes as ISO-8859-1 chars): the records are UTF-8. */
    private static Map<String, String> utf8(Map<String, String> contents, Map<String, String> into) {
        into.clear();
        contents.forEach((k, v) -> into.put(k, new String(v.getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1)));
        return into;
    }
}
