package io.github.camelresourcesync.harvest;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Change Lists of a Change List Index are fetched ahead of their turn, conditionally as in their turn: over a far
 * Source an incremental pass does not pay a round trip per list on the critical path, whether the lists changed or
 * answer 304, and the changes still come in order, each once.
 */
class ChangeListIndexFetchAheadTest {

    private static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                     + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";
    private static final int LISTS = 6;

    private final TestHttpServer server = TestHttpServer.start();
    @RegisterExtension
    final FetchRig rig = new FetchRig(4);
    private final TestHttpServer.InFlight lists = new TestHttpServer.InFlight();

    @AfterEach
    void stop() {
        server.close();
    }

    private void serveSource() {
        server.serveXml("/capabilitylist.xml", "<urlset " + NS + "><rs:md capability=\"capabilitylist\"/>"
                + "<url><loc>" + server.uri("/resourcelist.xml") + "</loc><rs:md capability=\"resourcelist\"/></url>"
                + "<url><loc>" + server.uri("/changelist-index.xml") + "</loc><rs:md capability=\"changelist\"/></url>"
                + "</urlset>");
        server.serveXml("/resourcelist.xml", "<urlset " + NS + "><rs:md capability=\"resourcelist\""
                + " at=\"2024-01-01T00:00:00Z\" completed=\"2024-01-01T00:00:00Z\"/></urlset>");
        StringBuilder index = new StringBuilder("<sitemapindex " + NS + "><rs:md capability=\"changelist\""
                + " from=\"2024-01-01T00:00:00Z\"/>");
        for (int l = 0; l < LISTS; l++) {
            String path = "/changelist-" + l + ".xml";
            String from = "2024-01-0" + (l + 1) + "T00:00:00Z";
            index.append("<sitemap><loc>").append(server.uri(path)).append("</loc><rs:md capability=\"changelist\"")
                    .append(" from=\"").append(from).append("\"/></sitemap>");
            StringBuilder list = new StringBuilder("<urlset " + NS + "><rs:md capability=\"changelist\" from=\"")
                    .append(from).append("\"/>");
            for (int c = 0; c < 3; c++) {
                list.append("<url><loc>").append(server.uri("/res/" + l + "-" + c)).append("</loc>")
                        .append("<rs:md change=\"created\" datetime=\"2024-01-0").append(l + 1).append("T00:0")
                        .append(c + 1).append(":00Z\"/></url>");
            }
            TestHttpServer.Resource answer = TestHttpServer.Resource.of(list.append("</urlset>").toString())
                    .contentType("application/xml").etag("\"v" + l + "\"");
            server.handle(path, lists.waiting(300, answer));
        }
        server.serveXml("/changelist-index.xml", index.append("</sitemapindex>").toString());
    }

    private static List<String> runAll(Harvester h) throws Exception {
        try (SyncRun run = h.startRun(0)) {
            return Deliveries.deliverAll(run, e -> e.location().getPath());
        }
    }

    @Test
    void theNextChangeListsAreFetchedAheadChangedOrNot() throws Exception {
        serveSource();
        Harvester h = rig.harvester(server.uri("/capabilitylist.xml"), new HarvestOptions().fetchContent(false),
                new InMemoryStateStore());
        assertEquals(List.of(), runAll(h), "the baseline: an empty Resource List");
        lists.reset();

        List<String> expected = new ArrayList<>();
        for (int l = 0; l < LISTS; l++) {
            for (int c = 0; c < 3; c++) {
                expected.add("/res/" + l + "-" + c);
            }
        }
        assertEquals(expected, runAll(h), "every change once, in order");
        assertEquals(1 + ListWalker.LISTS_AHEAD, lists.most(),
                "the list being read and the next " + ListWalker.LISTS_AHEAD + " are requested together, no more");
        for (int l = 0; l < LISTS; l++) {
            assertEquals(1, server.requests("/changelist-" + l + ".xml"), "each list requested once");
        }

        lists.reset();
        assertEquals(List.of(), runAll(h), "unchanged lists: nothing again");
        assertEquals(1 + ListWalker.LISTS_AHEAD, lists.most(), "304s fetched ahead too");
        for (int l = 0; l < LISTS; l++) {
            assertEquals(2, server.requests("/changelist-" + l + ".xml"), "asked again once, conditionally");
            assertEquals("\"v" + l + "\"", server.lastRequest("/changelist-" + l + ".xml").header("If-None-Match"));
        }
    }
}
