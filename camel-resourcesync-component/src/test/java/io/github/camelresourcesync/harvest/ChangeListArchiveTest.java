package io.github.camelresourcesync.harvest;

import java.util.List;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Change List that starts after the resume point (00:00:10, the baseline's Resource List) with a
 * {@code changelist-archive} holding the lists before it, on a literal Source: the archived lists covering the gap
 * are replayed oldest first, whatever order the archive lists them in, lists closed before the resume point are not
 * fetched, and an archive with a hole in its coverage does not close the gap.
 */
class ChangeListArchiveTest {

    private LiteralSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new LiteralSource();
        source.capabilities("resourcelist", "changelist", "changelist-archive");
        source.xml("/resourcelist.xml", URLSET + """
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z" completed="2024-01-01T00:00:10Z"/>
                  <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>
                </urlset>""");
        list("/changelist.xml", 10, -1, "");
        list("/archive/old.xml", 0, 5, change("/res/z.txt", 3));
        list("/archive/first.xml", 5, 20, change("/res/y.txt", 8) + change("/res/b.txt", 15));
        list("/archive/second.xml", 20, 30, change("/res/c.txt", 25));
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private static String time(int second) {
        return "2024-01-01T00:00:" + (second < 10 ? "0" : "") + second + "Z";
    }

    private static String change(String path, int second) {
        return "  <url><loc>{base}" + path + "</loc><rs:md change=\"created\" datetime=\"" + time(second)
               + "\"/></url>\n";
    }

    /** A Change List from {@code from} until {@code until} (-1: open). */
    private void list(String path, int from, int until, String urls) {
        source.xml(path, URLSET + "  <rs:md capability=\"changelist\" from=\"" + time(from) + "\""
                + (until < 0 ? "" : " until=\"" + time(until) + "\"") + "/>\n" + urls + "</urlset>");
    }

    private static String archived(String path, int from, int until) {
        return "  <url><loc>{base}" + path + "</loc><rs:md capability=\"changelist\" from=\"" + time(from)
               + "\" until=\"" + time(until) + "\"/></url>\n";
    }

    private void archive(String urls) {
        source.xml("/changelist-archive.xml", URLSET + "  <rs:md capability=\"changelist-archive\"/>\n" + urls
                + "</urlset>");
    }

    private Harvester harvester() {
        return rig.harvester(source.base(), new HarvestOptions().fetchContent(false).gapPolicy(GapPolicy.FAIL),
                store);
    }

    private static List<String> runAll(Harvester h) throws Exception {
        return Deliveries.poll(h, 0, e -> e.change() + " " + e.location().getPath());
    }

    /** Baselines at 00:00:10, then the Source drops its old changes: its Change List starts at 00:00:30. */
    private Harvester baselinedThenRotated() throws Exception {
        Harvester h = harvester();
        assertEquals(List.of("created /res/a.txt"), runAll(h));
        list("/changelist.xml", 30, -1, change("/res/d.txt", 40));
        return h;
    }

    @Test
    void archivedListsListedNewestFirstAreReplayedOldestFirst() throws Exception {
        archive(archived("/archive/second.xml", 20, 30) + archived("/archive/old.xml", 0, 5)
                + archived("/archive/first.xml", 5, 20));
        Harvester h = baselinedThenRotated();
        assertEquals(List.of("created /res/b.txt", "created /res/c.txt", "created /res/d.txt"), runAll(h),
                "y.txt (00:00:08) and z.txt are before the resume point");
        assertEquals(0, source.requests("/archive/old.xml"), "closed before the resume point: not fetched");
        assertEquals(List.of(), runAll(h));
    }

    @Test
    void anArchiveWithAHoleDoesNotCloseTheGap() throws Exception {
        list("/archive/second.xml", 25, 30, change("/res/c.txt", 26));
        archive(archived("/archive/first.xml", 5, 20) + archived("/archive/second.xml", 25, 30));
        Harvester h = baselinedThenRotated();
        GapException e = assertThrows(GapException.class, () -> runAll(h), "nothing covers 00:00:20 to 00:00:25");
        assertTrue(e.getMessage().contains("/changelist.xml"), e.getMessage());
    }

    @Test
    void anArchiveEndingBeforeTheCurrentListDoesNotCloseTheGap() throws Exception {
        archive(archived("/archive/first.xml", 5, 20));
        Harvester h = baselinedThenRotated();
        assertThrows(GapException.class, () -> runAll(h), "nothing covers 00:00:20 to 00:00:30");
    }

    @Test
    void anArchiveStartingAfterTheResumePointDoesNotCloseTheGap() throws Exception {
        archive(archived("/archive/second.xml", 20, 30));
        Harvester h = baselinedThenRotated();
        assertThrows(GapException.class, () -> runAll(h), "nothing covers 00:00:10 to 00:00:20");
    }

    /** An archived list without until (the Source had not closed it when archiving) covers everything after it. */
    @Test
    void anArchivedListLeftOpenClosesTheGap() throws Exception {
        source.xml("/changelist-archive.xml", URLSET + "  <rs:md capability=\"changelist-archive\"/>\n"
                + "  <url><loc>{base}/archive/first.xml</loc><rs:md capability=\"changelist\" from=\"" + time(5)
                + "\"/></url>\n</urlset>");
        list("/archive/first.xml", 5, -1, change("/res/b.txt", 15) + change("/res/c.txt", 25));
        Harvester h = baselinedThenRotated();
        assertEquals(List.of("created /res/b.txt", "created /res/c.txt", "created /res/d.txt"), runAll(h));
    }
}
