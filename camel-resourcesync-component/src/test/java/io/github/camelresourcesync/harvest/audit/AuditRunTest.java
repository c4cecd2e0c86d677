package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.harvest.SyncRun;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.MVStoreStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link AuditRun} driven without Camel, as the consumer drives it, against a loopback {@link TestSource}: a real
 * mirror directory (exact, then damaged on purpose) and a real state store filled by a real sync. Checks which
 * resources are reported missing, changed or extra, with which change, reason and headers, the report's counts and
 * verdict, and that the scratch file is gone afterwards.
 */
class AuditRunTest {

    @TempDir
    Path tmp;

    private TestSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/sub/c.txt", "charlie").put("/res/d.txt", "delta").resourceListParts(2);
    }

    @AfterEach
    void stop() {
        source.close();
    }

    /** The progress of the last run started (the harvester makes one per run). */
    private SyncProgress progress;

    private Harvester harvester(SyncStateStore store, HarvestOptions options) {
        return new Harvester(source.base(), options, rig.fetcher(), new SitemapReader(), store, rig.pool(),
                () -> progress = new SyncProgress("test", 0));
    }

    private Harvester auditor() {
        return harvester(new InMemoryStateStore(), new HarvestOptions().fetchContent(false));
    }

    private Path mirror() {
        return tmp.resolve("mirror");
    }

    private Path scratch() {
        return tmp.resolve("scratch");
    }

    /** Writes the Source's resources into the mirror, as a mirror would (real bytes, written now). */
    private void writeExactMirror() throws Exception {
        for (Map.Entry<String, String> r : Map.of("res/a.txt", "alpha", "res/b.txt", "bravo", "res/sub/c.txt",
                "charlie", "res/d.txt", "delta").entrySet()) {
            Path file = mirror().resolve(r.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, r.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** What one audit found, and its report. */
    private record Outcome(List<SyncEvent> events, AuditReport report) {

        Set<String> found() {
            Set<String> s = new TreeSet<>();
            for (SyncEvent e : events) {
                s.add(e.extraHeaders().get(AuditResult.HEADER) + " " + e.fileName() + " " + e.change().name());
            }
            return s;
        }

        SyncEvent only(String result) {
            List<SyncEvent> l = events.stream().filter(e -> result.equals(e.extraHeaders().get(AuditResult.HEADER)))
                    .toList();
            assertEquals(1, l.size(), () -> "one " + result + " event in " + events);
            return l.get(0);
        }
    }

    /** Runs one whole audit, reporting every event delivered. */
    private Outcome audit(Harvester h, AuditDestination destination) throws Exception {
        List<SyncEvent> events = new ArrayList<>();
        AuditRun run = AuditRun.start(h, destination, scratch());
        try (run) {
            drain(run, events, -1);
        }
        return new Outcome(events, run.report());
    }

    /** Delivers events; the one at index {@code failAt} is reported as stopping the run. */
    private static void drain(AuditRun run, List<SyncEvent> events, int failAt) throws Exception {
        while (run.hasMore()) {
            PendingEvent p = run.next();
            if (p == null) {
                run.flushIfDue();
                continue;
            }
            assertFalse(p.failed(), () -> "unexpected failure " + p.failure());
            events.add(p.event());
            if (events.size() - 1 == failAt) {
                run.stop(p);
            } else {
                run.delivered(p);
            }
        }
    }

    private long scratchFiles() throws Exception {
        if (!Files.isDirectory(scratch())) {
            return 0;
        }
        try (Stream<Path> s = Files.list(scratch())) {
            return s.count();
        }
    }

    @Test
    void exactMirrorIsInSyncAndNothingIsReported() throws Exception {
        writeExactMirror();
        Outcome o = audit(auditor(), new DirectoryAuditDestination(mirror()));
        assertEquals(List.of(), o.events());
        AuditReport r = o.report();
        assertTrue(r.complete());
        assertTrue(r.inSync());
        assertEquals(4, r.listed());
        assertEquals(4, r.matching());
        assertEquals(0, r.missing() + r.changed() + r.extra() + r.unverified());
        assertEquals(source.base().toString(), r.source());
        assertEquals("directory " + mirror().toAbsolutePath().normalize(), r.destination());
        assertNotNull(r.finished());
        assertTrue(r.toString().contains("IN SYNC; 4 listed, 4 matching, 0 missing"), r.toString());
        assertEquals(4, progress.unchangedResources(), "every matching resource counts as unchanged");
        assertEquals(0, scratchFiles(), "the scratch file is deleted at the end");
    }

    @Test
    void damagedMirrorReportsMissingChangedAndExtraWithTheirRepairs() throws Exception {
        writeExactMirror();
        Path a = mirror().resolve("res/a.txt");
        FileTime mtime = Files.getLastModifiedTime(a);
        Files.writeString(a, "alphA", StandardCharsets.UTF_8); // same length, same time, other bytes
        Files.setLastModifiedTime(a, mtime);
        Files.delete(mirror().resolve("res/b.txt"));
        Files.writeString(mirror().resolve("res/sub/zz.txt"), "not on the Source");
        Files.writeString(mirror().resolve("res/.rsync-42.tmp"), "a write in progress");

        Outcome o = audit(auditor(), new DirectoryAuditDestination(mirror()));

        assertEquals(Set.of("changed res/a.txt UPDATED", "extra res/sub/zz.txt DELETED",
                "missing res/b.txt CREATED"), o.found());
        SyncEvent changed = o.only("changed");
        String reason = (String) changed.extraHeaders().get(AuditResult.REASON_HEADER);
        String listedMd5 = LiteralSource.digest("md5", "alpha");
        String heldMd5 = LiteralSource.digest("md5", "alphA");
        String listedSha = LiteralSource.digest("sha-256", "alpha");
        String heldSha = LiteralSource.digest("sha-256", "alphA");
        assertTrue(reason.equals("md5 differs: listed " + listedMd5 + ", destination has " + heldMd5)
                   || reason.equals("sha-256 differs: listed " + listedSha + ", destination has " + heldSha), reason);
        assertEquals(source.uri("/res/a.txt"), changed.location());
        assertEquals(5L, changed.length());
        assertTrue(changed.eventId().endsWith("#audit-changed"), changed.eventId());
        assertNull(changed.content(), "fetchContent=false: no body");

        SyncEvent missing = o.only("missing");
        assertEquals(Map.of(AuditResult.HEADER, "missing"), missing.extraHeaders(), "no reason for missing");
        assertEquals(source.uri("/res/b.txt"), missing.location());
        assertTrue(missing.eventId().endsWith("#audit-missing"), missing.eventId());

        SyncEvent extra = o.only("extra");
        assertEquals(Map.of(AuditResult.HEADER, "extra"), extra.extraHeaders());
        assertEquals(source.uri("/res/sub/zz.txt"), extra.location(), "the location the file would have");
        assertEquals(17L, extra.length());
        assertEquals("resourcelist", extra.capability());
        assertNotNull(extra.sourceKey());
        assertEquals(missing.sourceKey(), extra.sourceKey(), "a directory's extra belongs to the first source");
        assertNotNull(extra.sourceDocument(), "extra events name the Resource List audited");
        assertTrue(extra.eventId().endsWith("#audit-extra"), extra.eventId());
        assertTrue(extra.eventId().startsWith(source.uri("/res/sub/zz.txt").toString()), extra.eventId());

        AuditReport r = o.report();
        assertTrue(r.complete());
        assertFalse(r.inSync());
        assertEquals(4, r.listed());
        assertEquals(2, r.matching());
        assertEquals(1, r.missing());
        assertEquals(1, r.changed());
        assertEquals(1, r.extra());
        assertEquals(0, r.unverified());
        assertTrue(r.toString().contains("OUT OF SYNC; 4 listed, 2 matching, 1 missing, 1 changed, 1 extra, "
                                         + "0 unverified"), r.toString());
        assertEquals("alphA", Files.readString(a), "an audit changes nothing");
        assertEquals(2, progress.unchangedResources());
        assertEquals(3, progress.events(), "every discrepancy delivered");
        assertEquals(0, progress.failedCount());
        assertTrue(Files.exists(mirror().resolve("res/sub/zz.txt")));
        assertEquals(0, scratchFiles());
    }

    @Test
    void extraFilesComeOutInKeyOrderAfterTheListedOnes() throws Exception {
        writeExactMirror();
        Files.writeString(mirror().resolve("res/zz.txt"), "z");
        Files.writeString(mirror().resolve("res/aa.txt"), "a");
        Files.delete(mirror().resolve("res/d.txt"));
        Outcome o = audit(auditor(), new DirectoryAuditDestination(mirror()));
        List<String> order = o.events().stream().map(e -> e.extraHeaders().get(AuditResult.HEADER) + " "
                                                          + e.fileName()).toList();
        assertEquals(List.of("missing res/d.txt", "extra res/aa.txt", "extra res/zz.txt"), order);
        assertEquals(2, o.report().extra());
    }

    @Test
    void emptyOrAbsentMirrorHasEverythingMissing() throws Exception {
        Outcome o = audit(auditor(), new DirectoryAuditDestination(mirror()));
        assertEquals(Set.of("missing res/a.txt CREATED", "missing res/b.txt CREATED", "missing res/d.txt CREATED",
                "missing res/sub/c.txt CREATED"), o.found());
        assertEquals(4, o.report().missing());
        assertEquals(4, o.report().listed());
        assertEquals(0, o.report().matching());
        assertTrue(o.report().complete());
        assertFalse(o.report().inSync());
    }

    @Test
    void stoppedAuditIsIncompleteAndNeverInSync() throws Exception {
        writeExactMirror();
        Files.writeString(mirror().resolve("res/extra1.txt"), "1");
        Files.writeString(mirror().resolve("res/extra2.txt"), "2");
        List<SyncEvent> events = new ArrayList<>();
        AuditRun run = AuditRun.start(auditor(), new DirectoryAuditDestination(mirror()), scratch());
        try (run) {
            drain(run, events, 0);
        }
        assertEquals(1, events.size(), "the run ends at the stopped event");
        assertFalse(run.report().complete());
        assertFalse(run.report().inSync());
        assertTrue(run.report().toString().startsWith("Audit of directory "), run.report().toString());
        assertTrue(run.report().toString().contains("INCOMPLETE"), run.report().toString());
        assertEquals(0, scratchFiles());
    }

    @Test
    void eventHandedOutButNeverReportedLeavesTheAuditIncomplete() throws Exception {
        writeExactMirror();
        Files.delete(mirror().resolve("res/a.txt"));
        AuditRun run = AuditRun.start(auditor(), new DirectoryAuditDestination(mirror()), scratch());
        List<SyncEvent> events = new ArrayList<>();
        try (run) {
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p != null) {
                    events.add(p.event()); // handed to a route that never reports back
                }
            }
        }
        assertEquals(1, events.size());
        assertFalse(run.report().complete(), "one event was never reported");
        assertEquals(1, run.report().missing());
    }

    @Test
    void givenUpEventsStillCountAsReported() throws Exception {
        writeExactMirror();
        Files.delete(mirror().resolve("res/a.txt"));
        Files.writeString(mirror().resolve("res/x.txt"), "x");
        AuditRun run = AuditRun.start(auditor(), new DirectoryAuditDestination(mirror()), scratch());
        int n = 0;
        try (run) {
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p != null) {
                    n++;
                    run.givenUp(p);
                }
            }
        }
        assertEquals(2, n);
        assertEquals(2, progress.failedCount());
        assertEquals(0, progress.events());
        assertTrue(run.report().complete());
        assertFalse(run.report().inSync());
    }

    @Test
    void abandonedAuditIsIncomplete() throws Exception {
        writeExactMirror();
        AuditRun run = AuditRun.start(auditor(), new DirectoryAuditDestination(mirror()), scratch());
        run.close(); // before reading anything: neither the lists nor the directory were read
        assertFalse(run.report().complete());
        assertFalse(run.report().inSync());
        assertEquals(0, scratchFiles());
    }

    @Test
    void auditThatCannotStartLeavesNoScratchFile() throws Exception {
        source.fail("/.well-known/resourcesync", 500, 10);
        source.fail("/capabilitylist.xml", 500, 10);
        assertThrows(Exception.class, () -> AuditRun.start(auditor(), new DirectoryAuditDestination(mirror()),
                scratch()));
        assertEquals(0, scratchFiles());
    }

    @Test
    void scratchDirectoryThatIsAFileFailsTheStartWithItsError() throws Exception {
        Files.writeString(tmp.resolve("scratch"), "a file, not a directory");
        assertThrows(IOException.class, () -> AuditRun.start(auditor(), new DirectoryAuditDestination(mirror()),
                scratch()));
    }

    @Test
    void destinationFailingWhileTheAuditIsPlannedLeavesNoScratchFile() throws Exception {
        DirectoryAuditDestination mirror = new DirectoryAuditDestination(mirror());
        AuditDestination offline = new AuditDestination() {
            @Override
            public String describe() {
                throw new IllegalStateException("destination offline");
            }

            @Override
            public String key(String sourceKey, URI location, String fileName) {
                return mirror.key(sourceKey, location, fileName);
            }

            @Override
            public Held find(String sourceKey, URI location, String fileName, Set<String> algorithms)
                    throws IOException {
                return mirror.find(sourceKey, location, fileName, algorithms);
            }

            @Override
            public void forEachHeld(Collection<String> sourceKeys, Consumer<Held> action) throws IOException {
                mirror.forEachHeld(sourceKeys, action);
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> AuditRun.start(auditor(), offline, scratch()));
        assertEquals("destination offline", e.getMessage());
        assertTrue(Files.isDirectory(scratch()), "the scratch file had been made");
        assertEquals(0, scratchFiles(), "and is deleted");
    }

    @Test
    void stateStoreOfACompleteSyncIsInSyncAndSeesChangesTheConsumerMissed() throws Exception {
        SyncStateStore store = new MVStoreStateStore(tmp.resolve("state.mv"));
        try {
            store.start();
            Harvester sync = harvester(store, new HarvestOptions());
            try (SyncRun run = sync.startRun(0)) {
                while (run.hasMore()) {
                    PendingEvent p = run.next();
                    if (p == null) {
                        run.flush();
                        continue;
                    }
                    assertFalse(p.failed(), () -> "sync failed: " + p.failure());
                    run.delivered(p);
                }
            }
            StateStoreAuditDestination destination = new StateStoreAuditDestination(store);
            Outcome first = audit(auditor(), destination);
            assertEquals(List.of(), first.events());
            assertTrue(first.report().inSync(), first.report().toString());
            assertEquals(4, first.report().matching());
            assertEquals("state store MVStoreStateStore", first.report().destination());

            // the Source changes while the consumer does not sync: the store misses an update and a creation
            source.change("/res/a.txt", "alpha, second version");
            source.change("/res/e.txt", "echo");
            source.delete("/res/d.txt");
            source.compactChanges();
            Outcome second = audit(auditor(), destination);
            assertEquals(Set.of("changed res/a.txt UPDATED", "missing res/e.txt CREATED",
                    "extra res/d.txt DELETED"), second.found());
            SyncEvent extra = second.only("extra");
            assertEquals(source.uri("/res/d.txt"), extra.location(), "the store knows the exact location");
            assertEquals(5L, extra.length());
            assertEquals(4, second.report().listed());
            assertEquals(2, second.report().matching());
        } finally {
            store.close();
        }
    }

    @Test
    void eventsSharePathsWithASyncAndKeepTheListedFixity() throws Exception {
        writeExactMirror();
        Files.delete(mirror().resolve("res/sub/c.txt"));
        Outcome o = audit(auditor(), new DirectoryAuditDestination(mirror()));
        SyncEvent missing = o.only("missing");
        assertEquals("res/sub/c.txt", missing.fileName());
        assertEquals(ChangeType.CREATED, missing.change());
        assertEquals(7L, missing.length());
        assertEquals(LiteralSource.digest("sha-256", "charlie"),
                missing.hash().digests().get("sha-256"));
    }
}
