package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
}
