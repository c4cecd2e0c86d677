package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Hashes;

/** The behaviour every {@link SyncStateStore} must have; one subclass per implementation. */
abstract class SyncStateStoreContractTest {

    protected static final String SOURCE = "https://data.example.org/.well-known/resourcesync";

    @TempDir
    protected Path dir;

    protected SyncStateStore store;

    protected abstract SyncStateStore createStore(Path dir) throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = createStore(dir);
        store.start();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    protected static ResourceState resource(String location, long generation) {
        return new ResourceState(location, Instant.parse("2024-05-01T10:00:00Z"),
                Hashes.parse("md5:1e0d5cb8ef6ba40c99b14c0237be735e"), 8876L, generation);
    }

    protected static StateChange upserts(SourceState source, ResourceState... resources) {
        return new StateChange(source, List.of(resources), List.of());
    }

    @Test
    void unknownSourceIsInitialAndEmpty() {
        assertEquals(SourceState.INITIAL, store.source(SOURCE));
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://data.example.org/a"));
        assertEquals(0, store.resourceCount(SOURCE));
        store.forEachResource(SOURCE, r -> {
            throw new AssertionError("unexpected " + r);
        });
    }

    @Test
    void sourceStateRoundTrip() {
        SourceState full = new SourceState(true, 7, Instant.parse("2024-05-01T10:11:12.123456789Z"),
                Set.of("https://ex.org/a@2024-05-01T10:11:12.123456789Z", "https://ex.org/b@2024-05-01T10:11:12Z", "ü€𝄞"),
                "feed:page=17;token=abc", true);
        store.apply(SOURCE, StateChange.of(full));
        assertEquals(full, store.source(SOURCE));
        assertTrue(store.source(SOURCE).baselineSweeps());

        SourceState sparse = new SourceState(false, 0, null, Set.of(), null);
        store.apply(SOURCE, StateChange.of(sparse));
        SourceState read = store.source(SOURCE);
        assertEquals(sparse, read);
        assertNull(read.resumeTime());
        assertNull(read.cursor());

        SourceState old = new SourceState(true, Long.MAX_VALUE, Instant.parse("1969-07-20T20:17:40.5Z"), Set.of(""),
                "");
        store.apply(SOURCE, StateChange.of(old));
        assertEquals(old, store.source(SOURCE));
    }

    @Test
    void changeWithoutSourceStateKeepsIt() {
        SourceState state = SourceState.INITIAL.withCursor("c1");
        store.apply(SOURCE, StateChange.of(state));
        store.apply(SOURCE, upserts(null, resource("https://ex.org/a", 1)));
        assertEquals(state, store.source(SOURCE));
        assertEquals(1, store.resourceCount(SOURCE));
    }

    @Test
    void resourceUpsertGetRemove() {
        ResourceState a = resource("https://ex.org/a", 1);
        ResourceState b = resource("https://ex.org/b", 1);
        store.apply(SOURCE, upserts(null, a, b));
        assertEquals(Optional.of(a), store.resource(SOURCE, a.location()));
        assertEquals(Optional.of(b), store.resource(SOURCE, b.location()));
        assertEquals(2, store.resourceCount(SOURCE));

        ResourceState a2 = new ResourceState(a.location(), null, Hashes.EMPTY, null, 2);
        store.apply(SOURCE, upserts(null, a2));
        assertEquals(Optional.of(a2), store.resource(SOURCE, a.location()));
        assertEquals(2, store.resourceCount(SOURCE));

        store.apply(SOURCE, new StateChange(null, List.of(), List.of(a.location(), "https://ex.org/never-seen")));
        assertEquals(Optional.empty(), store.resource(SOURCE, a.location()));
        assertEquals(Optional.of(b), store.resource(SOURCE, b.location()));
        assertEquals(1, store.resourceCount(SOURCE));
    }

    /** A resource without a location is refused before anything of its change is written. */
    @Test
    void invalidChangeIsRefusedWhole() {
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("1"), resource("https://ex.org/a", 1)));
        StateChange bad = upserts(SourceState.INITIAL.withCursor("2"), resource("https://ex.org/b", 2),
                new ResourceState(null, null, null, null, 2));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> store.apply(SOURCE, bad));
        assertEquals("1", store.source(SOURCE).cursor());
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/b"));
        assertEquals(1, store.resourceCount(SOURCE));
    }

    @Test
    void removalsOfAnUnknownSourceAreHarmless() {
        store.apply(SOURCE, new StateChange(null, List.of(), List.of("https://ex.org/x")));
        assertEquals(0, store.resourceCount(SOURCE));
        assertEquals(SourceState.INITIAL, store.source(SOURCE));
    }

    @Test
    void upsertAndRemoveInOneChangeRemoveWins() {
        store.apply(SOURCE, new StateChange(null, List.of(resource("https://ex.org/a", 1)), List.of("https://ex.org/a")));
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/a"));
    }

    @Test
    void hashesAndInstantsRoundTrip() {
        List<ResourceState> resources = List.of(
                new ResourceState("https://ex.org/nanos", Instant.parse("2024-02-29T23:59:59.999999999Z"),
                        Hashes.parse("md5:1E0D5CB8EF6BA40C99B14C0237BE735E sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784"),
                        0L, 0),
                new ResourceState("https://ex.org/millis", Instant.ofEpochMilli(1_714_557_600_123L),
                        Hashes.parse("sha-1:a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 sha-512:"
                                + "ee26b0dd4af7e749aa1a8ee3c10ae9923f618980772e473f8819a5d4940e0db27ac185f8a0e1d5f84f88bc887fd67b143732c304cc5fa9ad8e6f57f50028a8ff"),
                        Long.MAX_VALUE, 3),
                new ResourceState("https://ex.org/before-1970", Instant.parse("1901-01-01T00:00:00.000000001Z"),
                        Hashes.of(Map.of("xxh64", "abc", "sha-384", "0123456789abcdef")), 12L, 4),
                new ResourceState("https://ex.org/nothing", null, null, null, 0),
                new ResourceState("https://ex.org/ünïcödé?q=€&x=𝄞", Instant.EPOCH, Hashes.EMPTY, -1L, -5));
        store.apply(SOURCE, new StateChange(null, resources, List.of()));
        for (ResourceState r : resources) {
            assertEquals(Optional.of(r), store.resource(SOURCE, r.location()), r.location());
            assertEquals(r.hash().toString(), store.resource(SOURCE, r.location()).orElseThrow().hash().toString());
        }
    }

    @Test
    void forEachResourceStreamsManyResources() {
        int total = manyResources();
        int batch = 1_000;
        for (int start = 0; start < total; start += batch) {
            List<ResourceState> upserts = new ArrayList<>(batch);
            for (int i = start; i < start + batch; i++) {
                upserts.add(resource("https://data.example.org/resources/" + i, i % 3));
            }
            store.apply(SOURCE, new StateChange(null, upserts, List.of()));
        }
        assertEquals(total, store.resourceCount(SOURCE));
        BitSet seen = new BitSet(total);
        AtomicLong visits = new AtomicLong();
        store.forEachResource(SOURCE, r -> {
            int i = Integer.parseInt(r.location().substring(r.location().lastIndexOf('/') + 1));
            assertEquals(i % 3, r.generation());
            seen.set(i);
            visits.incrementAndGet();
        });
        assertEquals(total, visits.get());
        assertEquals(total, seen.cardinality());
    }

    /** How many resources {@link #forEachResourceStreamsManyResources()} pages through. */
    protected int manyResources() {
        return 100_000;
    }

    @Test
    void forEachResourceMayApplyFromTheAction() {
        for (int i = 0; i < 50; i++) {
            store.apply(SOURCE, upserts(null, resource("https://ex.org/" + i, i % 2)));
        }
        // the harvester's vanished-resource sweep: remove old generations while visiting
        store.forEachResource(SOURCE, r -> {
            if (r.generation() == 0) {
                store.apply(SOURCE, new StateChange(null, List.of(), List.of(r.location())));
            }
        });
        assertEquals(25, store.resourceCount(SOURCE));
    }

    @Test
    void clearForgetsOneSource() {
        String other = SOURCE + "/other";
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("x"), resource("https://ex.org/a", 1)));
        store.apply(other, upserts(SourceState.INITIAL.withCursor("y"), resource("https://ex.org/a", 2)));

        store.clear(SOURCE);
        assertEquals(SourceState.INITIAL, store.source(SOURCE));
        assertEquals(0, store.resourceCount(SOURCE));
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/a"));
        store.forEachResource(SOURCE, r -> {
            throw new AssertionError("unexpected " + r);
        });
        assertEquals("y", store.source(other).cursor());
        assertEquals(2, store.resource(other, "https://ex.org/a").orElseThrow().generation());

        store.clear(SOURCE); // clearing twice, or an unknown source, is fine
        store.clear("https://never.example.org/");
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("z"), resource("https://ex.org/b", 3)));
        assertEquals("z", store.source(SOURCE).cursor());
        assertEquals(1, store.resourceCount(SOURCE));
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/a"));
    }

    @Test
    void sourcesWhoseKeysArePrefixesOfEachOtherAreIsolated() {
        List<String> keys = List.of("https://ex.org/c", "https://ex.org/cl", "https://ex.org/cl/", "https://ex.org/cl2",
                "https://ex.org/cl/resources", "");
        for (int i = 0; i < keys.size(); i++) {
            store.apply(keys.get(i), upserts(SourceState.INITIAL.withCursor(keys.get(i)),
                    resource("https://ex.org/cl/resources", i), resource("only-in-" + i, i)));
        }
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            assertEquals(key, store.source(key).cursor());
            assertEquals(2, store.resourceCount(key), key);
            assertEquals(i, store.resource(key, "https://ex.org/cl/resources").orElseThrow().generation());
            for (int j = 0; j < keys.size(); j++) {
                assertEquals(i == j, store.resource(key, "only-in-" + j).isPresent(), key + " / " + j);
            }
            List<String> seen = new ArrayList<>();
            store.forEachResource(key, r -> seen.add(r.location()));
            assertEquals(Set.of("https://ex.org/cl/resources", "only-in-" + i), Set.copyOf(seen));
        }
        store.clear("https://ex.org/cl");
        assertEquals(0, store.resourceCount("https://ex.org/cl"));
        assertEquals(2, store.resourceCount("https://ex.org/cl2"));
        assertEquals(2, store.resourceCount("https://ex.org/c"));
    }

    /**
     * Apply i sets cursor i and adds {@code perApply} resources named after i: a reader that sees cursor c must find
     * every resource of applies 1..c, and a count read before the cursor may never exceed what cursor c covers.
     */
    @Test
    void concurrentReaderSeesWholeChanges() throws Exception {
        int applies = 400;
        int perApply = 25;
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong checks = new AtomicLong();
        Thread reader = new Thread(() -> {
            try {
                while (!done.get()) {
                    long countBefore = store.resourceCount(SOURCE);
                    SourceState state = store.source(SOURCE);
                    int c = state.cursor() == null ? 0 : Integer.parseInt(state.cursor());
                    if (countBefore > (long) c * perApply) {
                        throw new AssertionError("count " + countBefore + " ahead of cursor " + c);
                    }
                    if (c > 0) {
                        for (int j = 0; j < perApply; j++) {
                            if (store.resource(SOURCE, "https://ex.org/" + c + "/" + j).isEmpty()) {
                                throw new AssertionError("cursor " + c + " visible without resource " + j);
                            }
                        }
                        assertEquals(c, state.baselineGeneration());
                    }
                    checks.incrementAndGet();
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "state-reader");
        reader.start();
        try {
            for (int i = 1; i <= applies && failure.get() == null; i++) {
                List<ResourceState> upserts = new ArrayList<>(perApply);
                for (int j = 0; j < perApply; j++) {
                    upserts.add(resource("https://ex.org/" + i + "/" + j, i));
                }
                SourceState state = new SourceState(false, i, null, Set.of("e" + i), Integer.toString(i));
                store.apply(SOURCE, new StateChange(state, upserts, List.of()));
            }
        } finally {
            done.set(true);
            reader.join(30_000);
        }
        if (failure.get() != null) {
            throw new AssertionError("reader saw a partial change", failure.get());
        }
        assertTrue(checks.get() > 0);
        assertEquals((long) applies * perApply, store.resourceCount(SOURCE));
        assertFalse(reader.isAlive());
    }
}
