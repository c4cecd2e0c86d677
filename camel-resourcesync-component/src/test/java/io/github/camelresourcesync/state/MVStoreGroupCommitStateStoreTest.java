package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The MVStore store with a commit delay: same contract, fewer commits. */
class MVStoreGroupCommitStateStoreTest extends SyncStateStoreContractTest {

    @Override
    protected SyncStateStore createStore(Path dir) {
        MVStoreStateStore s = new MVStoreStateStore(dir.resolve("state.mv.db"), 8, false);
        s.setCommitDelayMillis(60_000);
        return s;
    }

    private MVStoreStateStore mv() {
        return (MVStoreStateStore) store;
    }

    @Test
    void smallAppliesShareACommitAndAreVisibleAtOnce() {
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("0")));
        long version = mv().currentVersion();
        for (int i = 1; i <= 500; i++) {
            store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor(Integer.toString(i)),
                    resource("https://ex.org/" + i, i)));
            assertEquals(Integer.toString(i), store.source(SOURCE).cursor());
        }
        assertTrue(mv().currentVersion() - version <= 1, "applies were committed one by one");
        assertEquals(500, store.resourceCount(SOURCE));
    }

    @Test
    void closeCommitsPendingApplies() {
        for (int i = 1; i <= 100; i++) {
            store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor(Integer.toString(i)),
                    resource("https://ex.org/" + i, i)));
        }
        store.close();
        store = createStore(dir);
        assertEquals("100", store.source(SOURCE).cursor());
        assertEquals(100, store.resourceCount(SOURCE));
        assertEquals(Optional.of(resource("https://ex.org/7", 7)), store.resource(SOURCE, "https://ex.org/7"));
    }

    @Test
    void deferredCommitHappensWithoutFurtherApplies() throws Exception {
        store.close();
        MVStoreStateStore s = new MVStoreStateStore(dir.resolve("short.mv.db"));
        s.setCommitDelayMillis(50);
        store = s;
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("0")));
        long version = s.currentVersion();
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("1")));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (s.currentVersion() == version && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(version + 1, s.currentVersion());
    }

    private static StateChange bigChange(String cursor) {
        List<ResourceState> upserts = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            upserts.add(resource("https://data.example.org/a/rather/long/path/to/make/pages/big/" + i, 1));
        }
        return new StateChange(SourceState.INITIAL.withCursor(cursor), upserts, List.of());
    }

    /** The delay must not let unsaved pages pile up in the heap: past 16 MB (the cache is 8 MB) an apply commits. */
    @Test
    void applyPastTheUnsavedMemoryBoundCommitsAtOnce() {
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("small")));
        long version = mv().currentVersion();
        store.apply(SOURCE, bigChange("big"));
        assertEquals(version + 1, mv().currentVersion(), "a large apply was left uncommitted");
    }

    /** With a page cache larger than the unsaved pages of the apply, the apply waits for the delay like any other. */
    @Test
    void theUnsavedMemoryBoundGrowsWithTheCacheSize() {
        store.close();
        MVStoreStateStore s = new MVStoreStateStore(dir.resolve("big-cache.mv.db"), 1024, false);
        s.setCommitDelayMillis(60_000);
        store = s;
        store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("small")));
        long version = s.currentVersion();
        store.apply(SOURCE, bigChange("big"));
        assertEquals(version, s.currentVersion(), "committed before the delay although the cache holds the pages");
        store.close();
        store = new MVStoreStateStore(dir.resolve("big-cache.mv.db"));
        assertEquals("big", store.source(SOURCE).cursor());
        assertEquals(200_000, store.resourceCount(SOURCE));
    }

    /** Clearing a source is committed at once: a restart must not bring back a cleared source. */
    @Test
    void clearIsCommittedAtOnce() {
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("1"), resource("https://ex.org/1", 1)));
        store.apply("other", upserts(SourceState.INITIAL.withCursor("o"), resource("https://ex.org/1", 1)));
        long version = mv().currentVersion();
        store.clear(SOURCE);
        assertEquals(version + 1, mv().currentVersion());
        store.apply("other", StateChange.of(SourceState.INITIAL.withCursor("o2")));
        assertEquals(version + 1, mv().currentVersion(), "the next small apply waits for the delay again");
    }

    /** Every deferred commit re-arms: applies that follow one are committed in turn, with no apply to trigger it. */
    @Test
    void deferredCommitsKeepComing() {
        store.close();
        MVStoreStateStore s = new MVStoreStateStore(dir.resolve("rounds.mv.db"));
        s.setCommitDelayMillis(500);
        store = s;
        for (int round = 1; round <= 3; round++) {
            long version = s.currentVersion();
            store.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor(Integer.toString(round))));
            // polled often, so the next apply comes well within the delay of this commit
            await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> s.currentVersion() > version);
        }
        store.close();
        store = new MVStoreStateStore(dir.resolve("rounds.mv.db"));
        assertEquals("3", store.source(SOURCE).cursor());
    }
}
