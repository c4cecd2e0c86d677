package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The bookkeeping of gaps no baseline can close: the snapshot time of the Resource List, asked for conditionally on
 * every poll and remembered for its 304s, and a gap reported to the listener (and logged) once until its start moves.
 */
class GapsTest {

    @RegisterExtension
    final FetchRig rig = new FetchRig(1);
    private TestHttpServer server;
    private final SyncProgress progress = new SyncProgress("test", 0);
    private DocumentLoader loader;
    private final Gaps gaps = new Gaps();

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        loader = new DocumentLoader(rig.fetcher(), new SitemapReader(), progress);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theSnapshotTimeOfAnUnchangedResourceListIsRememberedFromItsLastRead() throws Exception {
        server.serveXml("/resourcelist.xml", URLSET
                + "  <rs:md capability=\"resourcelist\" at=\"2024-01-01T00:00:10Z\"/>\n"
                + "  <url><loc>{base}/res/a</loc></url>\n</urlset>");
        URI root = server.uri("/resourcelist.xml");
        Instant at = Instant.parse("2024-01-01T00:00:10Z");
        assertEquals(at, gaps.snapshotTime(root, Capability.RESOURCELIST, loader));
        String etag = server.lastRequest("/resourcelist.xml").header("If-None-Match");
        assertNull(etag, "nothing known yet: asked unconditionally");
        assertEquals(at, gaps.snapshotTime(root, Capability.RESOURCELIST, loader), "304: the time read last");
        assertEquals(1, progress.documentsUnchanged());
        assertEquals(1, progress.documents());
    }

    @Test
    void aResourceListWithoutValidatorsIsReadEveryTime() throws Exception {
        server.serve("/resourcelist.xml", URLSET.replace("{base}", "") + "  <rs:md capability=\"resourcelist\""
                + " modified=\"2024-01-01T00:00:07Z\"/>\n</urlset>", "application/xml");
        URI root = server.uri("/resourcelist.xml");
        assertEquals(Instant.parse("2024-01-01T00:00:07Z"), gaps.snapshotTime(root, Capability.RESOURCELIST, loader), "modified, without at");
        assertEquals(Instant.parse("2024-01-01T00:00:07Z"), gaps.snapshotTime(root, Capability.RESOURCELIST, loader));
        assertEquals(2, progress.documents());
        assertEquals(0, progress.documentsUnchanged());
    }

    @Test
    void aGapIsReportedOnceUntilItsStartMoves() {
        List<String> heard = new ArrayList<>();
        gaps.listener(new GapListener() {
            @Override
            public void gapOpened(Gap gap) {
                heard.add("opened " + gap.listsStart());
            }

            @Override
            public void gapClosed(String sourceKey) {
                heard.add("closed " + sourceKey);
            }
        });
        URI changeList = URI.create("http://example.org/changelist.xml");
        Instant resume = Instant.parse("2024-01-01T00:00:10Z");
        Instant start = Instant.parse("2024-01-01T00:00:20Z");
        Instant later = Instant.parse("2024-01-01T00:00:40Z");
        Instant snapshot = Instant.parse("2024-01-01T00:00:05Z");
        try (LogCapture log = LogCapture.open()) {
            gaps.opened(new GapListener.Gap("src", changeList, resume, start, snapshot));
            gaps.opened(new GapListener.Gap("src", changeList, resume, start, snapshot));
            assertEquals(List.of("opened " + start), heard, "the same gap again is not news");
            assertEquals(start, gaps.listsStart("src"));
            gaps.opened(new GapListener.Gap("src", changeList, resume, later, snapshot));
            assertEquals(List.of("opened " + start, "opened " + later), heard);
            assertEquals(later, gaps.listsStart("src"));
            assertEquals(2, log.lines().stream().filter(l -> l.contains("src: " + changeList + " starts at")).count(),
                    log.lines().toString());
        }
    }
}
