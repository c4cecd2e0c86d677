package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Hashes;

class MVStoreStateStoreTest extends SyncStateStoreContractTest {

    @Override
    protected SyncStateStore createStore(Path dir) {
        return new MVStoreStateStore(dir.resolve("nested/dirs/state.mv.db"), 8, false);
    }

    private MVStoreStateStore mv() {
        return (MVStoreStateStore) store;
    }

    @Test
    void createsParentDirectories() {
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("c")));
        assertTrue(Files.isRegularFile(dir.resolve("nested/dirs/state.mv.db")));
    }

    @Test
    void persistsAcrossCloseAndReopen() {
        SourceState state = new SourceState(true, 3, Instant.parse("2024-05-01T10:11:12.5Z"), Set.of("a", "b"), "cur");
        ResourceState r = new ResourceState("https://ex.org/a", Instant.parse("2024-05-01T10:00:00.000000007Z"),
                Hashes.parse("sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784"), 42L, 3);
        store.apply(SOURCE, upserts(state, r));
        store.apply("other", upserts(SourceState.INITIAL.withCursor("o"), resource("https://ex.org/a", 9)));
        store.close();

        store = createStore(dir);
        assertEquals(state, store.source(SOURCE));
        assertEquals(Optional.of(r), store.resource(SOURCE, r.location()));
        assertEquals(1, store.resourceCount(SOURCE));
        assertEquals(9, store.resource("other", "https://ex.org/a").orElseThrow().generation());

        store.clear("other");
        store.close();
        store = createStore(dir);
        assertEquals(SourceState.INITIAL, store.source("other"));
        assertEquals(0, store.resourceCount("other"));
        assertEquals(state, store.source(SOURCE));
    }

    /**
     * Upserts past the map's last key are appended, the rest are put: locations in any order, repeated within one
     * change (the later wins), before, between and after stored ones must all read back, also after a reopen.
     */
    @Test
    void upsertsInAnyOrderReadBackAfterReopen() {
        Random random = new Random(7);
        Map<String, Long> expected = new HashMap<>();
        for (int round = 0; round < 6; round++) {
            List<ResourceState> upserts = new ArrayList<>();
            int range = 5_000 * (round + 1);
            for (int i = 0; i < 3_000; i++) {
                String location = String.format("https://ex.org/r/%06d", random.nextInt(range));
                long generation = round * 10_000L + i;
                upserts.add(resource(location, generation));
                expected.put(location, generation);
            }
            if (round % 2 == 1) {
                upserts.sort(Comparator.comparing(ResourceState::location));
            }
            store.apply(SOURCE, new StateChange(SourceState.INITIAL.withCursor("r" + round), upserts, List.of()));
            assertStored(expected);
        }
        store.close();
        store = createStore(dir);
        assertStored(expected);
    }

    private void assertStored(Map<String, Long> expected) {
        assertEquals(expected.size(), store.resourceCount(SOURCE));
        List<String> seen = new ArrayList<>();
        store.forEachResource(SOURCE, r -> {
            seen.add(r.location());
            assertEquals(expected.get(r.location()), r.generation(), r.location());
        });
        assertEquals(expected.keySet().stream().sorted().toList(), seen);
        expected.forEach((location, generation) ->
                assertEquals(generation, store.resource(SOURCE, location).orElseThrow().generation(), location));
    }

    /** MVStore would commit on its own once unsaved changes pass its buffer; that must never split an apply. */
    @Test
    void oneCommitPerApplyEvenForLargeChanges() {
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL));
        long before = mv().currentVersion();
        List<ResourceState> upserts = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            upserts.add(resource("https://data.example.org/a/rather/long/path/to/make/pages/big/" + i, 1));
        }
        store.apply(SOURCE, new StateChange(SourceState.INITIAL.withCursor("big"), upserts, List.of()));
        assertEquals(before + 1, mv().currentVersion());
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("next")));
        assertEquals(before + 2, mv().currentVersion());
        assertEquals(200_000, store.resourceCount(SOURCE));
    }

    @Test
    void invalidChangeWritesNothing() {
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("1"), resource("https://ex.org/a", 1)));
        long before = mv().currentVersion();
        StateChange bad = upserts(SourceState.INITIAL.withCursor("2"), resource("https://ex.org/b", 2),
                new ResourceState(null, null, null, null, 2));
        assertThrows(IllegalArgumentException.class, () -> store.apply(SOURCE, bad));
        assertEquals(before, mv().currentVersion());
        assertEquals("1", store.source(SOURCE).cursor());
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/b"));
    }

    /** Compaction rewrites pages under live snapshots: an iteration that spans it must still see the old state. */
    @Test
    void compactionKeepsDataAndRunningIterations() {
        int total = 20_000;
        long[] generation = new long[total];
        for (int start = 0; start < total; start += 1_000) {
            List<ResourceState> batch = new ArrayList<>();
            for (int i = start; i < start + 1_000; i++) {
                batch.add(resource("https://ex.org/r/" + i, 0));
            }
            store.apply(SOURCE, new StateChange(null, batch, List.of()));
        }
        Random random = new Random(7);
        for (int n = 1; n <= 200; n++) {
            List<ResourceState> batch = new ArrayList<>();
            for (int k = 0; k < 20; k++) {
                int i = random.nextInt(total);
                generation[i] = n;
                batch.add(resource("https://ex.org/r/" + i, n));
            }
            store.apply(SOURCE, new StateChange(null, batch, List.of()));
        }
        int fillBefore = mv().chunksFillRateForTest();

        long[] visited = { 0 };
        store.forEachResource(SOURCE, r -> {
            if (visited[0]++ == 10) {
                mv().compactNowForTest();
                for (int k = 0; k < 20; k++) {
                    store.apply(SOURCE, upserts(null, resource("https://ex.org/r/0", generation[0])));
                }
            }
            int i = Integer.parseInt(r.location().substring("https://ex.org/r/".length()));
            assertEquals(generation[i], r.generation(), r.location());
        });
        assertEquals(total, visited[0]);
        assertTrue(mv().chunksFillRateForTest() > fillBefore,
                "chunk fill rate " + fillBefore + "% did not improve: " + mv().chunksFillRateForTest() + "%");

        store.close();
        store = createStore(dir);
        assertEquals(total, store.resourceCount(SOURCE));
        for (int i = 0; i < total; i += 7) {
            assertEquals(generation[i], store.resource(SOURCE, "https://ex.org/r/" + i).orElseThrow().generation());
        }
    }

    @Test
    void corruptFileFailsNamingTheFile() throws Exception {
        store.close();
        store = null;
        Path file = dir.resolve("corrupt.mv.db");
        byte[] garbage = new byte[64 * 1024];
        new Random(42).nextBytes(garbage);
        Files.write(file, garbage);
        MVStoreStateStore corrupt = new MVStoreStateStore(file);
        StateStoreException e = assertThrows(StateStoreException.class, corrupt::start);
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("move it away"), e.getMessage());
    }

    @Test
    void foreignMVStoreFileIsRefused() {
        store.close();
        store = null;
        Path file = dir.resolve("foreign.mv.db");
        MVStore foreign = MVStore.open(file.toString());
        foreign.openMap("customers").put("1", "x");
        foreign.close();
        StateStoreException e = assertThrows(StateStoreException.class, () -> MVStoreStateStore.open(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("not a camel-resourcesync state file"), e.getMessage());
    }

    @Test
    void secondStoreOnTheSameFileInThisJvmFails() {
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("c")));
        MVStoreStateStore second = new MVStoreStateStore(mv().getFile());
        StateStoreException e = assertThrows(StateStoreException.class, second::start);
        assertTrue(e.getMessage().contains("in use"), e.getMessage());
        assertTrue(e.getMessage().contains(mv().getFile().toString()), e.getMessage());
    }

    /** A refused file is not left locked: the next attempt reports the same cause, and other tools may open it. */
    @Test
    void aRefusedFileIsReleased() {
        Path file = dir.resolve("foreign2.mv.db");
        MVStore foreign = MVStore.open(file.toString());
        foreign.openMap("customers").put("1", "x");
        foreign.close();
        for (int attempt = 0; attempt < 2; attempt++) {
            StateStoreException e = assertThrows(StateStoreException.class, () -> MVStoreStateStore.open(file));
            assertTrue(e.getMessage().contains("not a camel-resourcesync state file"), e.getMessage());
        }
        MVStore again = MVStore.open(file.toString());
        assertEquals("x", again.openMap("customers").get("1"));
        again.close();
    }

    @Test
    void closedStoreRejectsUseOfSourcesReadBefore() {
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("c"), resource("https://ex.org/a", 1)));
        assertEquals("c", store.source(SOURCE).cursor());
        store.close();
        assertThrows(IllegalStateException.class, () -> store.source(SOURCE));
        assertThrows(IllegalStateException.class, () -> store.resourceCount(SOURCE));
    }

    @Test
    void closedStoreRejectsUse() {
        store.close();
        assertThrows(IllegalStateException.class, () -> store.source(SOURCE));
        store.close(); // closing twice is harmless
    }

    @Test
    void optionBounds() {
        MVStoreStateStore s = new MVStoreStateStore(dir.resolve("options.mv.db"));
        assertEquals(MVStoreStateStore.DEFAULT_CACHE_SIZE_MB, s.getCacheSizeMb());
        assertFalse(s.isSyncOnCommit());
        assertFalse(s.isCompress());
        assertEquals(0, s.getCommitDelayMillis());
        assertThrows(IllegalArgumentException.class, () -> s.setCacheSizeMb(0));
        s.setCacheSizeMb(1);
        assertEquals(1, s.getCacheSizeMb());
        assertThrows(IllegalArgumentException.class, () -> s.setCommitDelayMillis(-1));
        s.setCommitDelayMillis(0);
        assertEquals(0, s.getCommitDelayMillis());
        s.setCommitDelayMillis(1);
        assertEquals(1, s.getCommitDelayMillis());
        s.setCompress(true);
        assertTrue(s.isCompress());

        MVStoreStateStore synced = new MVStoreStateStore(dir.resolve("synced.mv.db"), 2, true);
        assertEquals(2, synced.getCacheSizeMb());
        assertTrue(synced.isSyncOnCommit());
        assertThrows(IllegalArgumentException.class, () -> new MVStoreStateStore(dir.resolve("x.mv.db"), 0, false));
        synced.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("synced")));
        synced.close();
        synced = MVStoreStateStore.open(dir.resolve("synced.mv.db"));
        assertEquals("synced", synced.source(SOURCE).cursor());
        synced.close();
    }

    /**
     * compress=true writes LZF pages: on compressible values the file is much smaller, and each file reads back
     * whether or not the store that opens it compresses.
     */
    @Test
    void compressedPagesAreSmallerAndReadEitherWay() {
        store.close();
        store = null;
        Path plain = dir.resolve("plain.mv.db");
        Path packed = dir.resolve("packed.mv.db");
        for (Path file : List.of(plain, packed)) {
            MVStoreStateStore s = new MVStoreStateStore(file);
            s.setCompress(file == packed);
            for (int i = 0; i < 500; i++) {
                s.apply("https://ex.org/source/" + i, StateChange.of(SourceState.INITIAL.withCursor("c".repeat(2_000) + i)));
            }
            s.close();
        }
        long plainSize = plain.toFile().length();
        long packedSize = packed.toFile().length();
        assertTrue(packedSize * 2 < plainSize, "compressed " + packedSize + " bytes, plain " + plainSize + " bytes");

        for (Path file : List.of(plain, packed)) {
            MVStoreStateStore s = new MVStoreStateStore(file);
            s.setCompress(file == plain);
            try {
                assertEquals("c".repeat(2_000) + 499, s.source("https://ex.org/source/499").cursor());
                assertEquals("c".repeat(2_000) + 0, s.source("https://ex.org/source/0").cursor());
            } finally {
                s.close();
            }
        }
    }

    private static final String DAMAGED = "~damaged/" + "Z".repeat(100);

    /**
     * Writes 5,000 resources and a last one whose key is then damaged in every page of the file that holds it (its
     * front coding claims more shared chars than the previous key has), so the next apply that reaches that page
     * fails half-way through.
     */
    private Path fileWithADamagedPage() throws Exception {
        Path file = dir.resolve("damaged.mv.db");
        MVStoreStateStore s = new MVStoreStateStore(file);
        List<ResourceState> upserts = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            upserts.add(resource(String.format("https://ex.org/r/%05d", i), 1));
        }
        upserts.add(resource(DAMAGED, 1));
        s.apply(SOURCE, new StateChange(SourceState.INITIAL.withCursor("committed"), upserts, List.of()));
        s.close();

        byte[] bytes = Files.readAllBytes(file);
        byte[] marker = "~damaged/".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int found = 0;
        for (int i = 2; i + marker.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + marker.length, marker, 0, marker.length)) {
                // varint shared (0: nothing in common with "https://..."), varint n (109 chars)
                assertEquals(0, bytes[i - 2], "shared count of the key");
                assertEquals(DAMAGED.length(), bytes[i - 1], "char count of the key");
                bytes[i - 2] = 0x7f;
                found++;
            }
        }
        assertTrue(found > 0, "the key is not in the file");
        Files.write(file, bytes);
        return file;
    }

    /** An apply that fails half-way (a damaged page) is rolled back: nothing of it is visible, then or after reopen. */
    @Test
    void applyFailingHalfWayIsRevertedAndNotStoredByLaterCommits() throws Exception {
        Path file = fileWithADamagedPage();
        MVStoreStateStore s = new MVStoreStateStore(file);
        store = replace(s);
        StateChange failing = new StateChange(SourceState.INITIAL.withCursor("failed"),
                List.of(resource("https://ex.org/r/00000", 2), resource("https://ex.org/a-new-one", 2),
                        resource(DAMAGED + "-next", 2)), List.of("https://ex.org/r/00001"));
        StateStoreException e = assertThrows(StateStoreException.class, () -> s.apply(SOURCE, failing));
        assertTrue(e.getMessage().contains("Nothing of this change was stored"), e.getMessage());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertRevertedTo("committed", s);

        s.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("after")));
        s.close();
        MVStoreStateStore reopened = new MVStoreStateStore(file);
        store = reopened;
        assertRevertedTo("after", reopened);
    }

    /**
     * With a commit delay, the revert goes back to the last commit: applies not yet committed are dropped with the
     * failed one (as a crash would drop them), and what readers see is what a reopen shows.
     */
    @Test
    void withACommitDelayARevertDropsTheUncommittedApplies() throws Exception {
        Path file = fileWithADamagedPage();
        MVStoreStateStore s = new MVStoreStateStore(file);
        s.setCommitDelayMillis(60_000);
        store = replace(s);
        s.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("pending"), resource("https://ex.org/pending", 2)));
        assertEquals("pending", s.source(SOURCE).cursor());
        StateChange failing = upserts(SourceState.INITIAL.withCursor("failed"), resource("https://ex.org/a-new-one", 2),
                resource(DAMAGED + "-next", 2));
        assertThrows(StateStoreException.class, () -> s.apply(SOURCE, failing));
        assertRevertedTo("committed", s);
        assertEquals(Optional.empty(), s.resource(SOURCE, "https://ex.org/pending"));
        s.close();

        MVStoreStateStore reopened = new MVStoreStateStore(file);
        store = reopened;
        assertRevertedTo("committed", reopened);
        assertEquals(Optional.empty(), reopened.resource(SOURCE, "https://ex.org/pending"));
    }

    private SyncStateStore replace(SyncStateStore next) {
        store.close();
        return next;
    }

    private static void assertRevertedTo(String cursor, SyncStateStore s) {
        assertEquals(cursor, s.source(SOURCE).cursor());
        assertEquals(5_001, s.resourceCount(SOURCE));
        assertEquals(1, s.resource(SOURCE, "https://ex.org/r/00000").orElseThrow().generation());
        assertTrue(s.resource(SOURCE, "https://ex.org/r/00001").isPresent());
        assertEquals(Optional.empty(), s.resource(SOURCE, "https://ex.org/a-new-one"));
    }
}
