package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.MirrorAssertions;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.publish.PublishedDocsAccess;
import io.github.camelresourcesync.testsupport.DirectoryServer;
import io.github.camelresourcesync.testsupport.SitemapStructure;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Events in, a Source out, harvested back: a TestSource is harvested into {@code resourcesync-publish:}, the directory
 * is served by a plain static file server, and a second {@code resourcesync:} consumer mirrors the published Source.
 * The mirror must equal the origin after the baseline, after changes that rotate the Change Lists, and after a
 * restart of the whole application. The Source also carries Resource and Change Dumps (this branch's consumer does
 * not read dumps, so their packages are checked by reading ZIP and manifest directly).
 */
class PublisherRoundTripTest {

    private static final String PUBLISH_WITH_DUMPS = "&storeContent=true&changeListSize=3&resourceDump=true"
                                                     + "&changeDump=true&resourceListInterval=0";

    @TempDir
    Path tmp;

    private CamelContext start(TestSource origin, DirectoryServer server, String publishOptions, String harvestOptions)
            throws Exception {
        CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + origin.base() + "?delay=100&initialDelay=0&stateId=origin" + harvestOptions)
                        .routeId("republish")
                        .to("resourcesync-publish:" + tmp.resolve("site") + "?baseUrl=" + server.base()
                            + publishOptions);
                from("resourcesync:" + server.base() + "?delay=100&initialDelay=0&stateId=published")
                        .routeId("harvest-published")
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
        return context;
    }

    /**
     * The origin's resources where the mirror of the published Source keeps them: the mirror's names of the published
     * locations, stored copies under {@code resources/<host>_<port>} of the published Source or the original URLs.
     */
    private static Map<String, String> expected(TestSource origin, String prefix, URI published) {
        Map<String, String> out = new TreeMap<>();
        origin.snapshot().forEach((path, content) -> out.put(SyncEvents.fileName(prefix.startsWith("resources/")
                ? published.resolve(prefix + path) : origin.uri(path), published), content));
        return out;
    }

    private void awaitMirror(Map<String, String> expected) {
        await().atMost(60, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS)
                .untilAsserted(() -> assertEquals(expected, MirrorAssertions.read(tmp.resolve("mirror"))));
    }

    @Test
    void baselineChangesAcrossRotationsAndRestartWithStoredContent() throws Exception {
        try (TestSource origin = new TestSource();
             DirectoryServer server = new DirectoryServer(tmp.resolve("site"))) {
            for (int i = 0; i < 5; i++) {
                origin.put("/res/r" + i + ".txt", "resource " + i);
            }
            String stored = "resources/127.0.0.1_" + origin.base().getPort();
            CamelContext first = start(origin, server, PUBLISH_WITH_DUMPS, "");
            awaitMirror(expected(origin, stored, server.base()));

            origin.change("/res/r0.txt", "resource 0, second version");
            origin.delete("/res/r1.txt");
            origin.change("/res/new.txt", "a new one");
            origin.change("/res/r2.txt", "resource 2, second version");
            awaitMirror(expected(origin, stored, server.base()));
            first.stop();
            assertTrue(SitemapStructure.check(tmp.resolve("site/changelist.xml")).isEmpty());
            assertTrue(Files.readString(tmp.resolve("site/changelist.xml")).contains("<sitemapindex"),
                    "nine changes in lists of three: rotated behind an index");

            origin.change("/res/r3.txt", "resource 3 after the restart");
            origin.delete("/res/r4.txt");
            CamelContext second = start(origin, server, PUBLISH_WITH_DUMPS, "");
            awaitMirror(expected(origin, stored, server.base()));
            second.stop();
            PublishedDocsAccess.assertAllValid(tmp.resolve("site"));
            // the Resource Dump packages what the harvester mirrored (under the mirror's names of its paths), each
            // bitstream verified against its manifest
            Map<String, String> dumped = new TreeMap<>();
            PublishedDocsAccess.readResourceDump(tmp.resolve("site")).forEach((path, content) -> dumped.put(
                    SyncEvents.fileName(server.base().resolve(path), server.base()), content));
            assertEquals(MirrorAssertions.read(tmp.resolve("mirror")), dumped);
            assertTrue(Files.exists(tmp.resolve("site/dumps/changedump-00001.zip")), "a Change Dump per closed list");
        }
    }

    @Test
    void aHarvesterStoppedLongerThanTheRetainedListsCatchesUpByABaseline() throws Exception {
        try (TestSource origin = new TestSource();
             DirectoryServer server = new DirectoryServer(tmp.resolve("site"))) {
            for (int i = 0; i < 5; i++) {
                origin.put("/res/r" + i + ".txt", "resource " + i);
            }
            String stored = "resources/127.0.0.1_" + origin.base().getPort();
            // one change per list, one closed list kept: every change drops a list
            CamelContext context = start(origin, server,
                    "&storeContent=true&changeListSize=1&changeListRetention=1&resourceListInterval=0", "");
            awaitMirror(expected(origin, stored, server.base()));
            origin.change("/res/r0.txt", "resource 0, second version");
            awaitMirror(expected(origin, stored, server.base()));

            context.getRouteController().stopRoute("harvest-published");
            origin.delete("/res/r1.txt");
            origin.change("/res/r2.txt", "resource 2, second version");
            origin.change("/res/new.txt", "a new one");
            origin.change("/res/r3.txt", "resource 3, second version");
            // all four published (the last one's stored copy is there); list 6, where the harvester was, is gone
            Path r3 = tmp.resolve("site").resolve(stored).resolve("res/r3.txt");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(r3)
                    && Files.readString(r3).equals("resource 3, second version"));
            List<String> lists = PublishedDocsAccess.fileNames(tmp.resolve("site/changelists"));
            assertEquals(2, lists.size(), "one closed list and the open one: " + lists);
            assertFalse(lists.contains("changelist-00006.xml"), lists.toString());

            context.getRouteController().startRoute("harvest-published");
            // the deletion of r1 was only ever in a dropped list: the gap's baseline must find it
            awaitMirror(expected(origin, stored, server.base()));
            context.stop();
            PublishedDocsAccess.assertAllValid(tmp.resolve("site"));
        }
    }

    @Test
    void metadataOnlyEventsPublishTheOriginalUris() throws Exception {
        try (TestSource origin = new TestSource();
             DirectoryServer server = new DirectoryServer(tmp.resolve("site"))) {
            origin.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            String prefix = "127.0.0.1_" + origin.base().getPort();
            CamelContext context = start(origin, server, "&stampUntil=true", "&fetchContent=false");
            awaitMirror(expected(origin, prefix, server.base()));
            origin.change("/res/a.txt", "alpha 2");
            origin.delete("/res/b.txt");
            awaitMirror(expected(origin, prefix, server.base()));
            context.stop();
        }
    }

    @Test
    void aBatchingConsumerPublishesItsListsOfEvents() throws Exception {
        try (TestSource origin = new TestSource();
             DirectoryServer server = new DirectoryServer(tmp.resolve("site"))) {
            for (int i = 0; i < 8; i++) {
                origin.put("/res/r" + i + ".txt", "resource " + i);
            }
            String stored = "resources/127.0.0.1_" + origin.base().getPort();
            CamelContext context = start(origin, server, "&storeContent=true&changeListSize=3&resourceListInterval=0",
                    "&batching=true");
            awaitMirror(expected(origin, stored, server.base()));
            origin.change("/res/r0.txt", "resource 0, second version");
            origin.delete("/res/r1.txt");
            origin.change("/res/new.txt", "a new one");
            awaitMirror(expected(origin, stored, server.base()));
            context.stop();
            PublishedDocsAccess.assertAllValid(tmp.resolve("site"));
        }
    }
}
