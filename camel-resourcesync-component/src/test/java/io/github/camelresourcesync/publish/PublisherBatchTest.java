package io.github.camelresourcesync.publish;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.publish.PublishedDocs.Doc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Group commits: what an acknowledged event guarantees, and what harvesters see while a burst is being written. */
class PublisherBatchTest {

    static final URI BASE = URI.create("http://publisher.example/rs/");
    static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    @TempDir
    Path dir;

    static SyncEvent created(int i) {
        return new SyncEvent(null, URI.create("http://origin.example/r" + i), ChangeType.CREATED, T0.plusSeconds(i),
                null, null, null, null, null, null, null, null, null, null, null);
    }

    static ByteArrayInputStream body(int i) {
        return new ByteArrayInputStream(("body " + i).getBytes(StandardCharsets.UTF_8));
    }

    /** All changes the documents list now, following the Change List Index when there is one. */
    List<Entry> listedChanges() throws Exception {
        Doc top = PublishedDocs.read(dir.resolve("changelist.xml"));
        if (!top.header().isIndex()) {
            return top.entries();
        }
        List<Entry> all = new ArrayList<>();
        for (Entry list : top.entries()) {
            all.addAll(PublishedDocs.read(dir.resolve(BASE.relativize(list.loc()).getPath())).entries());
        }
        return all;
    }

    @Test
    void acceptedEventsWaitForTheBatchAndTheListenerHearsOfThemOnlyOnceListed() throws Exception {
        List<String> heard = new ArrayList<>();
        PublicationListener listener = new PublicationListener() {
            @Override
            public void changePublished(URI changeList, URI location, ChangeType change) {
                try {
                    // a notified subscriber fetches the list at once: the change must be in it
                    assertTrue(listedChanges().stream().anyMatch(e -> e.loc().equals(location)), location::toString);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                heard.add(location.toString());
            }
        };
        PublisherOptions options = new PublisherOptions().directory(dir).baseUrl(BASE).flushSize(3)
                .flushInterval(Duration.ofDays(1)).listener(listener);
        try (Publisher p = Publisher.open(options)) {
            assertTrue(p.accept(created(0), null));
            assertTrue(p.accept(created(1), null));
            assertEquals(2, p.pendingChanges());
            assertEquals(0, listedChanges().size(), "two accepted changes wait for the batch");
            assertEquals(List.of(), heard);
            assertTrue(p.accept(created(2), null));
            assertEquals(3, listedChanges().size(), "the third (flushSize) writes the batch");
            assertEquals(3, heard.size());
            assertTrue(p.accept(created(3), null));
            assertFalse(p.accept(created(3), null), "re-sending an accepted but unlisted event changes nothing");
            p.writePending();
            assertEquals(4, listedChanges().size(), "the end of a batch writes what waits");
            assertEquals(0, p.pendingChanges());
        }
        assertEquals(List.of("http://origin.example/r0", "http://origin.example/r1", "http://origin.example/r2",
                "http://origin.example/r3"), heard);
    }

    /**
     * Changes waiting for their batch when a rotation closes the list they went into are told with the closed list
     * (a notified subscriber fetches that list, not the new open one), once each; what waits at close is written and
     * told then.
     */
    @Test
    void changesWaitingWhenTheirListClosesAreToldWithTheClosedListAndTheRestAtClose() throws Exception {
        List<String> heard = new ArrayList<>();
        PublicationListener listener = new PublicationListener() {
            @Override
            public void changePublished(URI changeList, URI location, ChangeType change) {
                heard.add("published " + BASE.relativize(changeList) + " " + location);
            }

            @Override
            public void changeListed(URI changeList, Entry entry) {
                heard.add("listed " + BASE.relativize(changeList) + " " + entry.loc());
            }
        };
        PublisherOptions options = new PublisherOptions().directory(dir).baseUrl(BASE).changeListSize(2)
                .flushSize(100).flushInterval(Duration.ofDays(1)).listener(listener);
        try (Publisher p = Publisher.open(options)) {
            p.accept(created(0), null);
            p.accept(created(1), null);
            assertEquals(List.of(), heard, "waiting for the batch");
            p.accept(created(2), null); // the list is full: r0 and r1 go into the closed list, r2 into the next
            assertEquals(List.of("published changelists/changelist-00001.xml http://origin.example/r0",
                    "listed changelists/changelist-00001.xml http://origin.example/r0",
                    "published changelists/changelist-00001.xml http://origin.example/r1",
                    "listed changelists/changelist-00001.xml http://origin.example/r1"), heard);
            heard.clear();
        }
        assertEquals(List.of("published changelists/changelist-00002.xml http://origin.example/r2",
                "listed changelists/changelist-00002.xml http://origin.example/r2"), heard,
                "close writes and tells what waits");
        assertEquals(3, listedChanges().size());
    }

    @Test
    void timerWritesPendingChangesOnceTheOldestHasWaitedFlushInterval() throws Exception {
        PublisherOptions options = new PublisherOptions().directory(dir).baseUrl(BASE).flushSize(1000)
                .flushInterval(Duration.ofMillis(300)).resourceListInterval(Duration.ofDays(1));
        try (Publisher p = Publisher.open(options)) {
            p.accept(created(0), null);
            p.flushIfDue();
            assertEquals(0, listedChanges().size(), "not due yet");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (listedChanges().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
                p.flushIfDue();
            }
            assertEquals(1, listedChanges().size(), "due after flushInterval");
        }
    }

    @Test
    void acknowledgedChangesSurviveACrashMidBurst() throws Exception {
        int n = 50;
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), PublisherCrash.class.getName(), dir.toString(),
                Integer.toString(n)).redirectErrorStream(true).start();
        int acked = 0;
        StringBuilder output = new StringBuilder();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                output.append(line).append('\n');
                if (line.startsWith("acked ")) {
                    acked++;
                }
            }
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertEquals(3, child.exitValue(), output::toString);
        assertEquals(n, acked, output::toString);
        int listedBeforeRestart = listedChanges().size();
        assertTrue(listedBeforeRestart < n, "the last changes were only in the journal when the JVM died");
        // a record torn by the crash (here: garbage after the last complete one) is not an acknowledged event
        try (RandomAccessFile journal = new RandomAccessFile(
                dir.resolve(".publisher").resolve(Journal.FILE).toFile(), "rw")) {
            journal.seek(journal.length());
            journal.write(new byte[] { 0, 0, 0, 40, 1, 2, 3 });
        }

        PublisherOptions options = new PublisherOptions().directory(dir).baseUrl(BASE).storeContent(true);
        try (Publisher p = Publisher.open(options)) {
            assertEquals(n, p.resourceCount(), "every acknowledged event is published after the restart");
            List<Entry> listed = listedChanges();
            assertEquals(n, listed.size(), "and listed: the documents are rewritten from the store on open");
            for (int i = 0; i < n; i++) {
                Entry e = listed.get(i);
                assertEquals(T0.plusSeconds(i), e.md().datetime());
                Path stored = dir.resolve(BASE.relativize(e.loc()).getPath());
                assertEquals("body " + i, Files.readString(stored), "its content is stored");
            }
            assertFalse(p.publish(created(n - 1), body(n - 1)), "re-sending the last acknowledged event: no change");
            assertTrue(p.publish(new SyncEvent(null, URI.create("http://origin.example/late"), ChangeType.CREATED,
                    T0, null, null, null, null, null, null, null, null, null, null, null), null));
            Entry late = listedChanges().get(n);
            assertEquals(T0.plusSeconds(n - 1), late.md().datetime(), "times never go back behind the burst");
        }
    }

    @Test
    void harvesterReadingMidBurstSeesConsistentDocuments() throws Exception {
        int n = 400;
        PublisherOptions options = new PublisherOptions().directory(dir).baseUrl(BASE).storeContent(true)
                .flushSize(30).flushInterval(Duration.ofMillis(5)).changeListSize(100)
                .resourceListInterval(Duration.ofDays(1));
        AtomicInteger acked = new AtomicInteger();
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger readsDone = new AtomicInteger();
        try (Publisher p = Publisher.open(options)) {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < n; i++) {
                        // the reader reads at least twice mid-burst, however the threads are scheduled
                        int mustHaveRead = i == n / 3 ? 1 : i == 2 * n / 3 ? 2 : 0;
                        if (mustHaveRead > 0) {
                            await().atMost(Duration.ofSeconds(60)).until(() -> readsDone.get() >= mustHaveRead);
                        }
                        p.accept(created(i), body(i));
                        acked.incrementAndGet();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    done.set(true);
                }
            });
            CompletableFuture<Void> timer = CompletableFuture.runAsync(() -> {
                try {
                    while (!done.get()) {
                        p.flushIfDue();
                        Thread.sleep(3);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            int reads = 0;
            int seen = 0;
            while (!done.get() || reads == 0) {
                List<Entry> listed = listedChanges();
                // read after the listing: the writer may accept more while a loaded machine lists (one change may be
                // listed between becoming durable and its accept returning)
                int ackedAfter = acked.get();
                // order of the burst, no gaps, nothing lost since the last read
                assertTrue(listed.size() >= seen, "a listed change never disappears");
                assertTrue(listed.size() <= ackedAfter + 1, "listed before it was accepted");
                for (int i = 0; i < listed.size(); i++) {
                    Entry e = listed.get(i);
                    assertEquals(URI.create("http://publisher.example/rs/resources/origin.example/r" + i + "@"), e.loc());
                    if (i >= seen) {
                        Path stored = dir.resolve(BASE.relativize(e.loc()).getPath());
                        assertEquals("body " + i, Files.readString(stored), "listed content is in place");
                    }
                }
                seen = listed.size();
                reads++;
                readsDone.set(reads);
            }
            writer.get(60, TimeUnit.SECONDS);
            timer.get(60, TimeUnit.SECONDS);
            p.flush();
            assertEquals(n, listedChanges().size());
            assertTrue(reads > 1, "the reader ran during the burst");
        }
        PublishedDocs.assertAllValid(dir);
    }
}
