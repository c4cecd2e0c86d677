package io.github.camelresourcesync.publish;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The publisher's store on real files: an event counts once {@code endEvent} returned, whether or not the store
 * committed it (a crash before the commit is recovered from the journal, every kind of update), a failed event rolls
 * back to the last complete one, and the maps read back in key order.
 */
class PublisherStoreTest {

    private static final Instant T = Instant.parse("2024-01-01T00:00:00Z");

    @TempDir
    Path dir;

    private static Published res(String name, String type) {
        return new Published(URI.create("https://example.org/" + name), ChangeType.CREATED, T, T, Hashes.EMPTY, 1L,
                type, null, null, null);
    }

    private static List<String> names(Iterable<Published> ps) {
        List<String> names = new ArrayList<>();
        ps.forEach(p -> names.add(p.loc().getPath()));
        return names;
    }

    /**
     * Updates ended but never committed (the JVM died before the batch's commit) come back from the journal on open,
     * for every map and every kind of update; an update whose event never ended does not.
     */
    @Test
    void eventsEndedBeforeACrashAreRecoveredFromTheJournal() throws Exception {
        try (PublisherStore s = new PublisherStore(dir)) {
            s.putResource("a", res("a", null));
            s.putResource("gone", res("gone", null));
            s.addChange(res("old-change", null));
            s.addClosedList(1, T, T.plusSeconds(1));
            s.addClosedList(2, T.plusSeconds(1), T.plusSeconds(2));
            s.setTime("cleared", T);
            s.endEvent();
            s.commit();
        }
        Path committed = dir.resolve("committed.mv.db");
        Files.copy(dir.resolve(PublisherStore.FILE), committed);
        byte[] journal;
        try (PublisherStore s = new PublisherStore(dir)) {
            s.putResource("b", res("b", "text/plain"));
            s.removeResource("gone");
            s.clearOpenChanges();
            s.addChange(res("new-change", null));
            s.removeClosedList(1);
            s.addClosedList(3, T.plusSeconds(2), T.plusSeconds(3));
            s.setTime("at", T.plusSeconds(5));
            s.setTime("cleared", null);
            s.setCounter("lists", 7);
            s.endEvent();
            s.putResource("never-ended", res("never-ended", null));
            journal = Files.readAllBytes(dir.resolve(Journal.FILE));
        }
        // the files as a crash left them: the store as of the last commit, the journal as of the last ended event
        Files.move(committed, dir.resolve(PublisherStore.FILE), StandardCopyOption.REPLACE_EXISTING);
        Files.write(dir.resolve(Journal.FILE), journal);

        try (PublisherStore s = new PublisherStore(dir)) {
            assertEquals("text/plain", s.resource("b").type());
            assertNull(s.resource("gone"));
            assertNull(s.resource("never-ended"), "an event that never ended is not recovered");
            assertEquals(2, s.resourceCount());
            assertEquals(List.of("/new-change"), names(s.openChanges()));
            assertEquals(2, s.counter("changeSeq"), "change numbers go on from the last one");
            assertEquals(2L, s.firstClosedList(-1));
            assertEquals(2, s.closedListCount(), "list 1 removed, list 3 added");
            assertEquals(T.plusSeconds(5), s.time("at"));
            assertNull(s.time("cleared"));
            assertEquals(7, s.counter("lists"));
            assertEquals(0, Files.size(dir.resolve(Journal.FILE)), "replayed, committed and emptied on open");
        }
    }

    @Test
    void aFailedEventRollsBackToTheLastEndedOne() throws Exception {
        try (PublisherStore s = new PublisherStore(dir)) {
            s.putResource("a", res("a", null));
            s.endEvent();
            s.commit();
            s.putResource("b", res("b", null));
            s.endEvent(); // ended, not committed yet
            s.putResource("c", res("c", null));
            s.removeResource("a");
            s.rollback();
            assertEquals(List.of("/a", "/b"), names(s.resources(0, 10)), "back to the last ended event");
            s.rollback(); // nothing pending: nothing changes
            assertEquals(2, s.resourceCount());
            s.putResource("d", res("d", null));
            s.endEvent(); // the next event: the rolled-back updates must not ride along in its record
        }
        try (PublisherStore s = new PublisherStore(dir)) {
            assertEquals(List.of("/a", "/b", "/d"), names(s.resources(0, 10)), "replayed from the journal on open");
        }
    }

    @Test
    void resourcesReadBackInKeyOrderAPageAtATime() throws Exception {
        try (PublisherStore s = new PublisherStore(dir)) {
            for (String n : List.of("e", "a", "d", "b", "c")) {
                s.putResource(n, res(n, null));
            }
            assertEquals(List.of("/a", "/b", "/c", "/d", "/e"), names(s.resources(0, 10)));
            assertEquals(List.of("/c", "/d"), names(s.resources(2, 2)));
            assertEquals(List.of("/e"), names(s.resources(4, 10)));
            assertEquals(List.of(), names(s.resources(5, 10)));
            assertEquals(List.of(), names(s.resources(0, 0)));
        }
    }

    @Test
    void closedListsAndChangesKeepTheirNumbersAndOrder() throws Exception {
        try (PublisherStore s = new PublisherStore(dir)) {
            assertFalse(s.hasClosedLists());
            assertEquals(42, s.firstClosedList(42), "none kept: the fallback");
            s.addClosedList(3, T, T.plusSeconds(3));
            s.addClosedList(2, T.minusSeconds(2), T);
            assertTrue(s.hasClosedLists());
            List<String> lists = new ArrayList<>();
            for (Map.Entry<Long, Instant[]> e : s.closedLists()) {
                lists.add(e.getKey() + " " + e.getValue()[0] + " " + e.getValue()[1]);
            }
            assertEquals(List.of("2 2023-12-31T23:59:58Z 2024-01-01T00:00:00Z",
                    "3 2024-01-01T00:00:00Z 2024-01-01T00:00:03Z"), lists);
            s.addChange(res("x", null));
            s.addChange(res("y", null));
            List<String> numbered = new ArrayList<>();
            s.openChangesNumbered().forEach(e -> numbered.add(e.getKey() + " " + e.getValue().loc().getPath()));
            assertEquals(List.of("1 /x", "2 /y"), numbered);
            assertEquals(2, s.openChangeCount());
            s.clearOpenChanges();
            s.addChange(res("z", null));
            assertEquals(List.of("3 /z"), numberedOf(s), "numbers are never reused");
        }
    }

    private static List<String> numberedOf(PublisherStore s) {
        List<String> numbered = new ArrayList<>();
        s.openChangesNumbered().forEach(e -> numbered.add(e.getKey() + " " + e.getValue().loc().getPath()));
        return numbered;
    }

    @Test
    void recordsNoDocumentCanHoldAreDroppedAndNamed() throws Exception {
        try (PublisherStore s = new PublisherStore(dir)) {
            s.putResource("good", res("good", "text/plain"));
            s.putResource("bad", res("bad", "not a type"));
            s.addChange(res("good-change", null));
            s.addChange(res("bad-change", "pdf"));
            List<PublisherStore.Dropped> dropped = new ArrayList<>();
            s.dropUnwritable(EventValues::problem, dropped::add);
            assertEquals(2, dropped.size());
            assertEquals("resource bad", dropped.get(0).what());
            assertTrue(dropped.get(0).reason().startsWith("its media type"), dropped.get(0).reason());
            assertEquals("open change #2", dropped.get(1).what());
            assertEquals(List.of("/good"), names(s.resources(0, 10)));
            assertEquals(List.of("/good-change"), names(s.openChanges()));
            s.endEvent();
        }
        try (PublisherStore s = new PublisherStore(dir)) {
            assertEquals(1, s.resourceCount(), "the drop is an update like any other: it survives");
            assertEquals(1, s.openChangeCount());
        }
    }
}
