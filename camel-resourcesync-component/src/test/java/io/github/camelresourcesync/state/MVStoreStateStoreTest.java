package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    @Test
    void closedStoreRejectsUse() {
        store.close();
        assertThrows(IllegalStateException.class, () -> store.source(SOURCE));
        store.close(); // closing twice is harmless
    }
}
