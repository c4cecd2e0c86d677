package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.StringDataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Hashes;

/**
 * The on-disk layout: front-coded location keys (layout 2), the append path for sorted upserts, and files written by
 * the previous release (layout 1, plain string keys, LZF-compressed pages) still opening and taking new writes.
 */
class MVStoreLayoutTest {

    /**
     * Written by the state code of commit e63a489 (layout 1, compressed pages): 300 resources of source
     * {@link #OLD_SOURCE}, {@code http://old.example/data/rNNNN} (every 7th with {@code /café} appended), lastmod
     * 2024-01-02T03:04:05Z + N s, md5 {@code %032x} of N unless N % 3 == 0, length N unless N % 5 == 0, generation 1.
     */
    private static final String OLD_FILE = "/state/layout1-state.mv.db";
    private static final String OLD_SOURCE = "http://old.example/capabilitylist.xml";

    private static final MVMap.Builder<String, String> INFO = new MVMap.Builder<String, String>()
            .keyType(StringDataType.INSTANCE).valueType(StringDataType.INSTANCE);

    @TempDir
    Path dir;

    @Test
    void opensAndExtendsAFileOfLayout1() throws Exception {
        Path file = dir.resolve("state.mv.db");
        try (InputStream in = MVStoreLayoutTest.class.getResourceAsStream(OLD_FILE)) {
            Files.copy(in, file);
        }
        SourceState state = new SourceState(true, 1, Instant.parse("2024-01-03T00:00:00Z"), Set.of("e1"), null);
        try (MVStoreStateStore s = MVStoreStateStore.open(file)) {
            assertEquals(state, s.source(OLD_SOURCE));
            assertOldResources(s, 300);
            // below the last key (put), above it (append), and a removal, into the old map
            s.apply(OLD_SOURCE, new StateChange(state.withCursor("next"), List.of(
                    new ResourceState("http://old.example/data/r0001", null, Hashes.EMPTY, 7L, 2),
                    new ResourceState("http://old.example/data/s0001", null, Hashes.EMPTY, 8L, 2)),
                    List.of("http://old.example/data/r0002")));
        }
        try (MVStore raw = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
            assertEquals("2", raw.openMap("rs.info", INFO).get("layout"));
            assertTrue(raw.hasMap("rs.resources." + MVStoreStateStore.resourcesMapName(OLD_SOURCE)
                    .substring("rs.locations.".length())), "the old map is kept, not migrated");
        }
        try (MVStoreStateStore s = MVStoreStateStore.open(file)) {
            assertEquals(300, s.resourceCount(OLD_SOURCE));
            assertEquals(Optional.of(new ResourceState("http://old.example/data/r0001", null, Hashes.EMPTY, 7L, 2)),
                    s.resource(OLD_SOURCE, "http://old.example/data/r0001"));
            assertEquals(8L, s.resource(OLD_SOURCE, "http://old.example/data/s0001").orElseThrow().length());
            assertEquals(Optional.empty(), s.resource(OLD_SOURCE, "http://old.example/data/r0002"));
            assertEquals("next", s.source(OLD_SOURCE).cursor());
            // a cleared source starts over in a map of the new layout
            s.clear(OLD_SOURCE);
            s.apply(OLD_SOURCE, new StateChange(null, List.of(old(5)), List.of()));
            assertEquals(Optional.of(old(5)), s.resource(OLD_SOURCE, old(5).location()));
        }
    }

    private static void assertOldResources(SyncStateStore s, int count) {
        assertEquals(count, s.resourceCount(OLD_SOURCE));
        for (int i : new int[] { 0, 1, 3, 5, 7, 14, 15, 299 }) {
            assertEquals(Optional.of(old(i)), s.resource(OLD_SOURCE, old(i).location()), "resource " + i);
        }
        List<String> seen = new ArrayList<>();
        s.forEachResource(OLD_SOURCE, r -> seen.add(r.location()));
        assertEquals(count, seen.size());
        List<String> sorted = new ArrayList<>(seen);
        Collections.sort(sorted);
        assertEquals(sorted, seen);
    }

    private static ResourceState old(int i) {
        return new ResourceState("http://old.example/data/r" + String.format("%04d", i) + (i % 7 == 0 ? "/caf\u00e9" : ""),
                Instant.parse("2024-01-02T03:04:05Z").plusSeconds(i),
                i % 3 == 0 ? Hashes.EMPTY : Hashes.of(Map.of("md5", String.format("%032x", i))),
                i % 5 == 0 ? null : (long) i, 1);
    }

    @Test
    void refusesANewerLayout() {
        Path file = dir.resolve("state.mv.db");
        try (MVStore raw = new MVStore.Builder().fileName(file.toString()).open()) {
            raw.openMap("rs.info", INFO).put("layout", "3");
            raw.commit();
        }
        MVStoreStateStore s = new MVStoreStateStore(file);
        StateStoreException e = assertThrows(StateStoreException.class, s::start);
        assertTrue(e.getMessage().contains("layout version 3"), e.getMessage());
    }

    /**
     * Random changes, in random order, mixing keys below, between and above the stored ones, duplicates within a
     * change, removals and non-ASCII locations of varying shared prefixes: the store agrees with a TreeMap, before
     * and after reopening (so every page was written and read back through the front coding).
     */
    @Test
    void agreesWithATreeMapThroughAppendsPutsAndReopen() {
        Path file = dir.resolve("state.mv.db");
        Random random = new Random(7);
        TreeMap<String, ResourceState> expected = new TreeMap<>();
        String[] stems = { "http://a.example/", "http://a.example/x/", "http://a.example/x/\u00e9t\u00e9/",
            "http://a.example/\ud83d\ude00/", "http://b.example/", "" };
        MVStoreStateStore s = MVStoreStateStore.open(file);
        try {
            for (int round = 0; round < 60; round++) {
                List<ResourceState> upserts = new ArrayList<>();
                List<String> removed = new ArrayList<>();
                int n = random.nextInt(400);
                int base = round * 300;
                for (int i = 0; i < n; i++) {
                    int k = random.nextInt(4) == 0 ? random.nextInt(base + 1) : base + i;
                    String location = stems[random.nextInt(stems.length)] + "r" + k;
                    ResourceState r = new ResourceState(location, null, Hashes.EMPTY, (long) i, round);
                    upserts.add(r);
                }
                Map<String, ResourceState> last = new TreeMap<>();
                upserts.forEach(r -> last.put(r.location(), r));
                if (!expected.isEmpty()) {
                    for (int i = random.nextInt(20); i > 0; i--) {
                        String victim = expected.keySet().toArray(new String[0])[random.nextInt(expected.size())];
                        if (!last.containsKey(victim)) {
                            removed.add(victim);
                        }
                    }
                }
                Collections.shuffle(upserts, random);
                s.apply("src", new StateChange(null, upserts, removed));
                // with duplicates in a change the later one wins, as it does in every store
                for (ResourceState r : upserts) {
                    expected.put(r.location(), r);
                }
                removed.forEach(expected::remove);
                if (round % 20 == 19) {
                    s.close();
                    s = MVStoreStateStore.open(file);
                }
                assertEquals(expected.size(), s.resourceCount("src"), "round " + round);
            }
            List<ResourceState> all = new ArrayList<>();
            s.forEachResource("src", all::add);
            assertEquals(new ArrayList<>(expected.values()), all);
            for (String location : expected.keySet()) {
                assertEquals(Optional.of(expected.get(location)), s.resource("src", location));
            }
        } finally {
            s.close();
        }
    }

    @Test
    void locationKeysAreFrontCodedInTheFile() {
        Path file = dir.resolve("state.mv.db");
        List<ResourceState> upserts = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            upserts.add(new ResourceState(String.format(
                    "https://data.example.org/a/rather/long/common/path/records/%04d/record-%08d.xml", i / 1000, i),
                    null, Hashes.EMPTY, null, 1));
        }
        try (MVStoreStateStore s = MVStoreStateStore.open(file)) {
            s.apply("src", new StateChange(null, upserts, List.of()));
        }
        try (MVStore raw = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
            MVMap<String, byte[]> map = raw.openMap(MVStoreStateStore.resourcesMapName("src"),
                    new MVMap.Builder<String, byte[]>().keyType(LocationKeyType.INSTANCE));
            assertEquals(20_000, map.size());
            assertEquals(upserts.get(12_345).location(), map.keyList().get(12_345));
        }
        // 80-char keys in plain form alone would take 1.6 MB
        assertTrue(fileSize(file) < 600_000, "file of " + fileSize(file) + " bytes");
    }

    @Test
    void frontCodingRoundTripsAPageAndRejectsADamagedOne() {
        String[] keys = { "", "a", "ab", "ab\u00e9", "ab\u00e9\ud83d\ude00", "ab\u00e9\ud83d\ude01x", "b", "b\u0800" };
        WriteBuffer buff = new WriteBuffer();
        LocationKeyType.INSTANCE.write(buff, keys, keys.length);
        ByteBuffer written = buff.getBuffer().flip();
        String[] read = new String[keys.length];
        LocationKeyType.INSTANCE.read(written.duplicate(), read, keys.length);
        assertEquals(List.of(keys), List.of(read));

        ByteBuffer damaged = ByteBuffer.allocate(8);
        damaged.put((byte) 0).put((byte) 0x7f).flip(); // 127 chars announced, none there
        StateStoreException e = assertThrows(StateStoreException.class,
                () -> LocationKeyType.INSTANCE.read(damaged, new String[1], 1));
        assertTrue(e.getMessage().contains("damaged"), e.getMessage());
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
