package io.github.camelresourcesync.state;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
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

/**
 * {@link StateBuffer}: resume points that never go backwards, reads through pending changes, one atomic change per
 * source on flush; background writes: order, reads of the change in flight, failures, waiting on flush.
 */
class StateBufferTest {

    private static final String SRC = "http://example.org/capabilitylist.xml";
    private static final String DOC = "http://example.org/changelist.xml";

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
        buffer.advanceResume(SRC, Instant.parse("2020-01-01T00:00:00Z"), "a", DOC);
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

    private static final Instant T1 = Instant.parse("2020-01-01T00:00:01Z");
    private static final Instant T2 = Instant.parse("2020-01-01T00:00:02Z");

    /** The resume point only moves forward; at the same instant it collects the ids of the events completed there. */
    @Test
    void resumePointNeverGoesBackwards() {
        InMemoryStateStore store = new InMemoryStateStore();
        StateBuffer buffer = new StateBuffer(store);
        buffer.advanceResume(SRC, null, "none", DOC);
        assertEquals(0, buffer.pending());
        buffer.advanceResume(SRC, T1, "a", DOC);
        buffer.advanceResume(SRC, T1, "b", DOC);
        assertEquals(2, buffer.pending());
        buffer.advanceResume(SRC, T1, "a", DOC); // already there: nothing to write
        assertEquals(2, buffer.pending());
        buffer.advanceResume(SRC, Instant.parse("2020-01-01T00:00:00.999Z"), "older", DOC);
        assertEquals(T1, buffer.source(SRC).resumeTime());
        assertEquals(Set.of("a", "b"), buffer.source(SRC).resumeEventIds());
        buffer.flush();
        assertEquals(Set.of("a", "b"), store.source(SRC).resumeEventIds());

        buffer.advanceResume(SRC, T2, "c", DOC);
        assertEquals(Set.of("c"), buffer.source(SRC).resumeEventIds());
        buffer.advanceResume(SRC, T1, "late", DOC);
        buffer.flush();
        assertEquals(new SourceState(false, 0, T2, Set.of("c"), null), store.source(SRC));

        // a buffer on a store that already has a resume point starts from it
        StateBuffer next = new StateBuffer(store);
        next.advanceResume(SRC, T1, "replayed", DOC);
        assertEquals(0, next.pending());
        assertEquals(T2, next.source(SRC).resumeTime());
    }

    /**
     * The schedule every event run shares: {@code flushIfFull} writes at 5,000 pending changes and not before;
     * {@code flushIfDue} writes what is pending once 250 ms have passed since the last write, and holds it before.
     */
    @Test
    void flushScheduleWritesAtTheThresholdOrOnceTheIntervalHasPassed() throws Exception {
        InMemoryStateStore store = new InMemoryStateStore();
        StateBuffer buffer = new StateBuffer(store);
        for (int i = 0; i < StateBuffer.FLUSH_THRESHOLD - 1; i++) {
            buffer.upsert(SRC, res("http://example.org/r" + i, 1));
            buffer.flushIfFull();
        }
        assertEquals(StateBuffer.FLUSH_THRESHOLD - 1, buffer.pending(), "below the threshold: held");
        buffer.upsert(SRC, res("http://example.org/last", 1));
        buffer.flushIfFull();
        assertEquals(0, buffer.pending(), "at the threshold: handed to the writer");
        buffer.flush();
        assertEquals(StateBuffer.FLUSH_THRESHOLD, store.resourceCount(SRC));

        // due only 250 ms after the last write: a machine that stalls that long between two calls makes it due
        // early, so such an attempt is repeated instead of judged
        for (int attempt = 0; ; attempt++) {
            buffer.flush();
            long flushed = System.nanoTime();
            buffer.upsert(SRC, res("http://example.org/held" + attempt, 1));
            buffer.flushIfDue();
            if (System.nanoTime() - flushed < TimeUnit.MILLISECONDS.toNanos(200)) {
                assertEquals(1, buffer.pending(), "not due yet: held in memory");
                break;
            }
            assertTrue(attempt < 20, "every attempt stalled for 200 ms between two calls");
        }
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(StateBuffer.FLUSH_INTERVAL_NANOS) + 50);
        buffer.flushIfDue();
        assertEquals(0, buffer.pending(), "due: handed to the writer");
        buffer.flush();
        assertEquals(StateBuffer.FLUSH_THRESHOLD + 1, store.resourceCount(SRC));

        // at the end of a batch, a full buffer is written however recent the last write
        for (int attempt = 0; ; attempt++) {
            buffer.flush();
            long flushed = System.nanoTime();
            for (int i = 0; i < StateBuffer.FLUSH_THRESHOLD; i++) {
                buffer.upsert(SRC, res("http://example.org/batch" + attempt + "-" + i, 1));
            }
            buffer.flushIfDue();
            if (System.nanoTime() - flushed < TimeUnit.MILLISECONDS.toNanos(200)) {
                assertEquals(0, buffer.pending(), "full: handed to the writer before the interval");
                break;
            }
            assertTrue(attempt < 20, "every attempt stalled for 200 ms");
        }
    }

    /** Each source's pending resources and resume point go to the store as one change, applied once per flush. */
    @Test
    void flushWritesOneChangePerSourceAndReadsSeePendingChanges() {
        List<String> applies = new ArrayList<>();
        InMemoryStateStore store = new InMemoryStateStore() {
            @Override
            public void apply(String sourceKey, StateChange change) {
                applies.add(sourceKey + ":" + change.upserts().size() + "+" + change.removed().size() + ":"
                            + (change.source() == null ? "-" : change.source().cursor()));
                super.apply(sourceKey, change);
            }
        };
        store.apply(SRC, new StateChange(null, List.of(res("http://example.org/old", 1)), List.of()));
        applies.clear();
        StateBuffer buffer = new StateBuffer(store);
        String other = "http://example.org/other.xml";
        assertFalse(buffer.mayHave(other));
        assertTrue(buffer.mayHave(SRC));

        buffer.upsert(SRC, res("http://example.org/a", 1));
        buffer.remove(SRC, "http://example.org/old");
        buffer.source(SRC, buffer.source(SRC).withCursor("c1"));
        buffer.remove(other, "http://example.org/gone");
        buffer.source("http://example.org/only-state.xml", SourceState.INITIAL.withCursor("s"));
        assertEquals(5, buffer.pending());
        assertTrue(buffer.mayHave(other), "a pending removal is not proof the source is empty");
        assertEquals(Optional.empty(), buffer.resource(SRC, "http://example.org/old"));
        assertEquals(1, buffer.resource(SRC, "http://example.org/a").orElseThrow().generation());
        assertEquals(1, store.resourceCount(SRC), "nothing written before flush");

        buffer.flush();
        assertEquals(0, buffer.pending());
        assertEquals(Set.of(SRC + ":1+1:c1", other + ":0+1:-", "http://example.org/only-state.xml:0+0:s"),
                Set.copyOf(applies));
        assertEquals(3, applies.size());
        assertEquals("c1", store.source(SRC).cursor());
        assertEquals(Optional.empty(), store.resource(SRC, "http://example.org/old"));

        applies.clear();
        buffer.flush();
        buffer.flushInBackground();
        buffer.flush();
        assertEquals(List.of(), applies, "a flush with nothing pending wrote");

        // once flushed, reads go to the store again
        store.clear(SRC);
        assertEquals(Optional.empty(), buffer.resource(SRC, "http://example.org/a"));
        assertFalse(buffer.mayHave(SRC));
    }

    /** A failure of the store that is not a runtime exception still reaches the caller of the next flush. */
    @Test
    void backgroundErrorsAreRethrown() {
        InMemoryStateStore store = new InMemoryStateStore() {
            @Override
            public void apply(String sourceKey, StateChange change) {
                throw new AssertionError("disk on fire");
            }
        };
        StateBuffer buffer = new StateBuffer(store);
        buffer.upsert(SRC, res("http://example.org/a", 1));
        buffer.flushInBackground();
        java.util.concurrent.CompletionException e = assertThrows(java.util.concurrent.CompletionException.class,
                buffer::flush);
        assertEquals("disk on fire", e.getCause().getMessage());
    }
}
