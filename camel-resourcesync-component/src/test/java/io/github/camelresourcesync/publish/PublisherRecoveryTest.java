package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.testsupport.OpenFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.camelresourcesync.publish.PublisherTest.BASE;
import static io.github.camelresourcesync.publish.PublisherTest.T0;
import static io.github.camelresourcesync.publish.PublisherTest.body;
import static io.github.camelresourcesync.publish.PublisherTest.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An event is published whole or not at all, whatever stops it: a step that fails (the disk refuses a write) leaves
 * nothing of it behind, so the event sent again is published; a crash after it was accepted loses nothing of it. The
 * crash is taken in this JVM (the forked {@link PublisherCrash} runs other classes than a mutation test's): a copy of
 * the directory made while the publisher is open is what the JVM would leave on disk if it died then.
 */
class PublisherRecoveryTest {

    static final URI A = URI.create("http://origin.example/a.txt");
    static final URI B = URI.create("http://origin.example/b.txt");

    @TempDir
    Path dir;

    @TempDir
    Path crashed;

    PublisherOptions options() {
        return PublisherTest.optionsAtT0(dir);
    }

    /** Every change the documents of {@code root} list, through the Change List Index when there is one. */
    static List<String> listedChanges(Path root) throws IOException {
        PublishedDocs.Doc top = PublishedDocs.read(root.resolve("changelist.xml"));
        List<Entry> entries = new ArrayList<>();
        if (top.header().isIndex()) {
            for (Entry list : top.entries()) {
                entries.addAll(PublishedDocs.read(root.resolve(BASE.relativize(list.loc()).getPath())).entries());
            }
        } else {
            entries.addAll(top.entries());
        }
        return entries.stream().map(e -> e.loc() + " " + e.md().change()).toList();
    }

    static List<URI> listedResources(Path root) throws IOException {
        return PublishedDocs.read(root.resolve("resourcelist.xml")).entries().stream().map(Entry::loc).toList();
    }

    /** The files as a crash now would leave them: the store as of its last commit, the journal as far as written. */
    static void copyAsACrashLeavesIt(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** Accepted means durable: the changes of a batch not written yet come back after a crash, and are listed. */
    @Test
    void changesAcceptedButNotYetWrittenSurviveACrash() throws Exception {
        PublisherOptions batching = options().storeContent(true).flushSize(100).flushInterval(Duration.ofDays(1));
        try (Publisher p = Publisher.open(batching)) {
            assertTrue(p.accept(event(A.toString(), ChangeType.CREATED, T0), body("alpha")));
            assertTrue(p.accept(event(B.toString(), ChangeType.CREATED, T0.plusSeconds(1)), null));
            assertEquals(List.of(), listedChanges(dir), "the batch is not written yet");
            copyAsACrashLeavesIt(dir, crashed);
        }
        try (Publisher p = Publisher.open(PublisherTest.optionsAtT0(crashed).storeContent(true))) {
            assertEquals(2, p.resourceCount());
        }
        URI copy = URI.create(BASE + "resources/origin.example/a.txt");
        assertEquals(List.of(copy + " created", B + " created"), listedChanges(crashed));
        assertEquals(List.of(copy, B), listedResources(crashed));
        assertEquals("alpha", Files.readString(crashed.resolve("resources/origin.example/a.txt")));
    }

    /**
     * A Change List that cannot be closed (here a file stands where the closed lists go) fails the event that
     * closes it, and nothing of that event is kept: sent again once the disk is fine, it is published and listed.
     */
    @Test
    void anEventWhoseRotationFailsIsListedWhenSentAgain() throws Exception {
        try (Publisher p = Publisher.open(options().changeListSize(1))) {
            assertTrue(p.publish(event(A.toString(), ChangeType.CREATED, T0), null));
            Path inTheWay = Files.writeString(dir.resolve("changelists"), "not a directory");
            assertThrows(IOException.class, () -> p.publish(event(B.toString(), ChangeType.CREATED, T0.plusSeconds(1)),
                    null));
            Files.delete(inTheWay);
            assertTrue(p.publish(event(B.toString(), ChangeType.CREATED, T0.plusSeconds(1)), null),
                    "the failed event left nothing that makes its retry look like a repeat");
        }
        assertEquals(List.of(A + " created", B + " created"), listedChanges(dir));
        assertEquals(List.of(A, B), listedResources(dir));
    }

    /**
     * An open that fails (writing the documents, or opening the journal) releases the state it had opened: once the
     * cause is gone the same directory opens again in the same JVM, as a route restarted after the fix does.
     */
    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void aDirectoryWhoseOpenFailedOpensOnceTheCauseIsGone(boolean journal) throws Exception {
        // a directory where the journal goes fails the state; a file where .well-known goes fails the documents
        Path blocker = journal ? Files.createDirectories(dir.resolve(".publisher/" + Journal.FILE))
                : Files.writeString(Files.createDirectories(dir).resolve(".well-known"), "not a directory");
        assertThrows(IOException.class, () -> Publisher.open(options()));
        Files.delete(blocker);
        try (Publisher p = Publisher.open(options())) {
            assertTrue(p.publish(event(A.toString(), ChangeType.CREATED, T0), null));
        }
        assertEquals(List.of(A + " created"), listedChanges(dir));
    }

    /**
     * A closed publisher holds no file of its directory open (its state, its journal): a route stopped and started
     * again many times leaks no descriptor. Read from {@code /proc/self/fd}, so on Linux only.
     */
    @Test
    void aClosedPublisherHoldsNoFileOfItsDirectoryOpen() throws Exception {
        Assumptions.assumeTrue(OpenFiles.readable(), "Linux's /proc/self/fd");
        try (Publisher p = Publisher.open(options().storeContent(true))) {
            assertTrue(p.publish(event(A.toString(), ChangeType.CREATED, T0), body("alpha")));
            assertTrue(OpenFiles.under(dir).contains(dir.toRealPath().resolve(".publisher/" + Journal.FILE)),
                    "the check sees the open journal: " + OpenFiles.under(dir));
        }
        assertEquals(List.of(), OpenFiles.under(dir));
    }

    /**
     * A deletion whose stored copy cannot be removed (here a non-empty directory stands at its path) fails whole: the
     * resource stays listed, no deletion is listed or told, and the deletion sent again is published. The full list
     * it closed first stays closed: that rotation is told once.
     */
    @Test
    void aDeletionWhoseStoredCopyCannotBeRemovedFailsWhole() throws Exception {
        List<String> heard = new ArrayList<>();
        PublicationListener listener = new PublicationListener() {
            @Override
            public void changePublished(URI changeList, URI location, ChangeType change) {
                heard.add(location + " " + change.value());
            }

            @Override
            public void changeListRotated(URI closed, URI opened, URI index) {
                heard.add("closed " + BASE.relativize(closed));
            }
        };
        URI copy = URI.create(BASE + "resources/origin.example/a.txt");
        Path stored = dir.resolve("resources/origin.example/a.txt");
        try (Publisher p = Publisher.open(options().storeContent(true).changeListSize(1).listener(listener))) {
            p.publish(event(A.toString(), ChangeType.CREATED, T0), body("alpha"));
            Files.delete(stored);
            Path inTheWay = Files.writeString(Files.createDirectories(stored).resolve("in-the-way"), "x");
            assertThrows(IOException.class, () -> p.publish(event(A.toString(), ChangeType.DELETED,
                    T0.plusSeconds(1)), null));
            p.flush();
            assertEquals(List.of(copy + " created"), listedChanges(dir));
            assertEquals(List.of(copy), listedResources(dir), "still published");
            assertEquals(List.of(copy + " created", "closed changelists/changelist-00001.xml"), heard,
                    "no deletion told");

            Files.delete(inTheWay);
            assertTrue(p.publish(event(A.toString(), ChangeType.DELETED, T0.plusSeconds(1)), null));
        }
        assertEquals(List.of(copy + " created", copy + " deleted"), listedChanges(dir));
        assertEquals(List.of(), listedResources(dir));
        assertEquals(List.of(copy + " created", "closed changelists/changelist-00001.xml", copy + " deleted"), heard);
    }

    /**
     * What a write of the documents recorded about them (here: the Resource List split in two parts) outlives an event
     * that fails next: the list shrunk back to one later deletes both part files.
     */
    @Test
    void aSplitResourceListShrunkAfterAFailedEventLeavesNoPartBehind() throws Exception {
        try (Publisher p = Publisher.open(options().resourceListSize(1))) {
            p.publish(event(A.toString(), ChangeType.CREATED, T0), null);
            p.publish(event(B.toString(), ChangeType.CREATED, T0.plusSeconds(1)), null);
            assertEquals(List.of("resourcelist-00001.xml", "resourcelist-00002.xml"),
                    PublisherTest.fileNames(dir.resolve("resourcelists")));
            SyncEvent contradicted = new SyncEvent(null, URI.create("http://origin.example/c.txt"),
                    ChangeType.CREATED, T0.plusSeconds(2), null,
                    Hashes.parse("md5:" + PublisherTest.hex("MD5", "the real one")), null, null, null, null, null, null,
                    null, null, null);
            assertThrows(PublishException.class, () -> p.publish(contradicted, body("tampered")));
            p.publish(event(B.toString(), ChangeType.DELETED, T0.plusSeconds(3)), null);
        }
        assertEquals(List.of(A), listedResources(dir));
        assertEquals(List.of(), PublisherTest.fileNames(dir.resolve("resourcelists")));
    }

    /** A store an earlier version filled with values no document can hold is repaired when the publisher opens. */
    @Test
    void aStatePoisonedByAnEarlierVersionIsRepairedOnOpen() throws Exception {
        PublishedDocsAccess.storeUnchecked(dir.resolve(".publisher"), URI.create("http://origin.example/p.txt"),
                "text/plain\u0001");
        try (Publisher p = Publisher.open(options())) {
            assertEquals(0, p.resourceCount(), "the record no document can hold is dropped");
            assertTrue(p.publish(event(A.toString(), ChangeType.CREATED, T0), null));
        }
        assertEquals(List.of(A + " created"), listedChanges(dir));
        assertEquals(List.of(A), listedResources(dir));
    }

    /**
     * Closed lists a lowered {@code changeListRetention} dropped on open stay dropped when the first event after it
     * fails: the Change List Index never names a list whose file is gone.
     */
    @Test
    void listsDroppedOnOpenStayDroppedWhenTheFirstEventFails() throws Exception {
        try (Publisher p = Publisher.open(options().changeListSize(1))) {
            for (int i = 0; i < 3; i++) {
                p.publish(event("http://origin.example/r" + i, ChangeType.CREATED, T0.plusSeconds(i)), null);
            }
        }
        // lists 1 and 2 closed, 3 open; a retention of one drops list 1 and its file
        PublisherOptions keepOne = options().changeListSize(10).changeListRetention(1).stampUntil(true);
        try (Publisher p = Publisher.open(keepOne)) {
            SyncEvent contradicted = new SyncEvent(null, B, ChangeType.CREATED, T0.plusSeconds(5), null,
                    Hashes.parse("md5:" + PublisherTest.hex("MD5", "the real one")), null, null, null, null, null, null,
                    null, null, null);
            assertThrows(PublishException.class, () -> p.publish(contradicted, body("tampered")));
            assertTrue(p.publish(event(B.toString(), ChangeType.CREATED, T0.plusSeconds(5)), null));
        }
        PublishedDocs.Doc index = PublishedDocs.read(dir.resolve("changelist.xml"));
        assertEquals(List.of(URI.create(BASE + "changelists/changelist-00002.xml"),
                URI.create(BASE + "changelists/changelist-00003.xml")),
                index.entries().stream().map(Entry::loc).toList());
        assertEquals(List.of("http://origin.example/r1 created", "http://origin.example/r2 created", B + " created"),
                listedChanges(dir));
    }
}
