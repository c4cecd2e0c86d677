package io.github.camelresourcesync.state;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.model.Hashes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Background writes of {@link StateBuffer}: order, reads of the change in flight, failures, waiting on flush. */
class StateBufferTest {

    private static final String SRC = "http://example.org/capabilitylist.xml";

    @TempDir
    Path dir;

    private static ResourceState res(String loc, long generation) {
        return new ResourceState(loc, Instant.parse("2020-01-01T00:00:00Z"), Hashes.EMPTY, 1L, generation);
    }

    @Test
    void backgroundWritesKeepOrderAndFlushWaitsForThem() {
        List<String> applied = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch release = new CountDownLatch(1);
        InMemoryStateStore store = new InMemoryStateStore() {
            @Override
            public void apply(String sourceKey, StateChange change) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.apply(sourceKey, change);
                applied.add(change.upserts().isEmpty() ? "-" : change.upserts().get(0).location());
            }
        };
        StateBuffer buffer = new StateBuffer(store);
        buffer.upsert(SRC, res("http://example.org/a", 1));
        buffer.advanceResume(SRC, Instant.parse("2020-01-01T00:00:00Z"), "a");
        buffer.flushInBackground();
        assertEquals(0, buffer.pending());
        // held by the store: the change is in flight, not in the store yet, but reads through the buffer see it
        assertEquals(0, store.resourceCount(SRC));
        assertEquals(1, buffer.resource(SRC, "http://example.org/a").orElseThrow().generation());
        assertTrue(buffer.mayHave(SRC));
        assertEquals(Instant.parse("2020-01-01T00:00:00Z"), buffer.source(SRC).resumeTime());

        buffer.upsert(SRC, res("http://example.org/a", 2));
        buffer.upsert(SRC, res("http://example.org/b", 2));
        release.countDown();
        buffer.flushInBackground();
        buffer.flush();
        assertEquals(List.of("http://example.org/a", "http://example.org/a"), applied);
        assertEquals(2, store.resource(SRC, "http://example.org/a").orElseThrow().generation());
        assertEquals(2, store.resourceCount(SRC));
        assertEquals(Set.of("a"), store.source(SRC).resumeEventIds());
    }

    @Test
    void failedBackgroundWriteIsThrownByTheNextFlush() {
        MVStoreStateStore store = MVStoreStateStore.open(dir.resolve("state.mv.db"));
        StateBuffer buffer = new StateBuffer(store);
        buffer.upsert(SRC, res("http://example.org/a", 1));
        buffer.flush();
        store.close();
        buffer.upsert(SRC, res("http://example.org/b", 1));
        buffer.flushInBackground();
        IllegalStateException e = assertThrows(IllegalStateException.class, buffer::flush);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        // thrown once: the failed change is gone, the caller's run fails and its events are delivered again
        buffer.flush();
        assertFalse(buffer.pending() > 0);
    }
}
