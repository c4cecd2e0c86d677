package io.github.camelresourcesync.state;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * State changes of completed events, collected in memory and written to the store in one atomic change per source
 * on {@link #flush()}. Reading through the buffer sees the pending changes, so a resume point computed from the buffer
 * is always the one that will be written. Shared by every event source (ResourceSync harvest, bridges). A crash loses only unflushed changes, whose events are then re-delivered.
 * <p>
 * {@link #flushInBackground()} lets the store write on a writer thread while the caller goes on delivering: at most
 * one change is in flight, changes are applied in the order they were flushed (each with the resume point that covers
 * exactly its resources, as with {@link #flush()}), reads see the in-flight change until it is written, and a failed
 * write is thrown by the next flush. {@link #flush()} waits until everything is in the store.
 * <p>
 * Every event run writes on the same schedule ({@link #flushIfFull()} after a delivery, {@link #flushIfDue()} at the
 * end of a batch): fewer store commits than one per batch, at the price of re-delivering at most what was not yet
 * written after a crash.
 */
public final class StateBuffer {

    /**
     * State changes held before they are written, whatever the time: bounds memory (a second's worth at full speed
     * made the heap of a 128 MB harvester thrash) and re-delivery after a crash.
     */
    static final int FLUSH_THRESHOLD = 5_000;
    /** Longest time delivered state waits in memory before it is written (measured: fewer commits, same memory). */
    static final long FLUSH_INTERVAL_NANOS = 250_000_000L;
    private static final int MAX_EXPECTED_PENDING = 1 << 16;

    private final SyncStateStore store;
    private final SourceClock clock;
    private final Map<String, SourceState> sources = new HashMap<>();
    private final Map<String, Boolean> sourceDirty = new HashMap<>();
    private Map<String, Map<String, ResourceState>> resources = new HashMap<>();
    private int pending;
    /**
     * The size the next per-source maps start with: the previous flush's, so a baseline's maps of thousands of
     * pending resources are not rehashed nine times on the way (about 5 % of the delivering thread's time).
     */
    private int expectedPending = 16;
    /** The change being written on the writer thread (read-only here until it completes), or null. */
    private Map<String, Map<String, ResourceState>> inFlight;
    private CompletableFuture<Void> writing;
    private ExecutorService writer;
    private long lastFlush = System.nanoTime();

    public StateBuffer(SyncStateStore store) {
        this(store, SourceClock.DEFAULT);
    }

    /** @param clock how far the Source's times are trusted as resume points */
    public StateBuffer(SyncStateStore store, SourceClock clock) {
        this.store = store;
        this.clock = clock;
    }

    public SourceState source(String sourceKey) {
        return sources.computeIfAbsent(sourceKey, store::source);
    }

    public void source(String sourceKey, SourceState state) {
        sources.put(sourceKey, state);
        sourceDirty.put(sourceKey, Boolean.TRUE);
        pending++;
    }

    /** The resource as it will be after the next flush; reads the store when nothing is pending for it. */
    public Optional<ResourceState> resource(String sourceKey, String location) {
        Map<String, ResourceState> map = resources.get(sourceKey);
        if (map != null && map.containsKey(location)) {
            return Optional.ofNullable(map.get(location));
        }
        Map<String, ResourceState> writingMap = inFlight == null ? null : inFlight.get(sourceKey);
        if (writingMap != null && writingMap.containsKey(location)) {
            return Optional.ofNullable(writingMap.get(location));
        }
        return store.resource(sourceKey, location);
    }

    /** {@code false} when neither the buffer nor the store holds any resource of the source (a cheap check). */
    public boolean mayHave(String sourceKey) {
        Map<String, ResourceState> map = resources.get(sourceKey);
        Map<String, ResourceState> writingMap = inFlight == null ? null : inFlight.get(sourceKey);
        return map != null && !map.isEmpty() || writingMap != null && !writingMap.isEmpty()
               || store.resourceCount(sourceKey) > 0;
    }

    public void upsert(String sourceKey, ResourceState state) {
        resources.computeIfAbsent(sourceKey, this::newResourceMap).put(state.location(), state);
        pending++;
    }

    public void remove(String sourceKey, String location) {
        resources.computeIfAbsent(sourceKey, this::newResourceMap).put(location, null);
        pending++;
    }

    /**
     * Moves the source's resume point to {@code time}, or adds {@code eventId} to the ids completed at that time when
     * it is the resume point already; an older time leaves it as it is, and so does a null one or one the
     * {@link SourceClock} does not trust (reported naming {@code document} and {@code eventId}).
     */
    public void advanceResume(String sourceKey, Instant time, String eventId, Object document) {
        time = clock.trusted(time, document, eventId);
        if (time == null) {
            return;
        }
        SourceState s = source(sourceKey);
        if (s.resumeTime() == null || time.isAfter(s.resumeTime())) {
            source(sourceKey, s.withResume(time, Set.of(eventId)));
        } else if (time.equals(s.resumeTime()) && !s.resumeEventIds().contains(eventId)) {
            Set<String> ids = new HashSet<>(s.resumeEventIds());
            ids.add(eventId);
            source(sourceKey, s.withResume(time, ids));
        }
    }

    public int pending() {
        return pending;
    }

    /** Writes every pending change and waits until the store holds it (and any change still in flight). */
    public void flush() {
        lastFlush = System.nanoTime();
        awaitWrite();
        if (pending > 0) {
            write(takeChanges());
            inFlight = null;
        }
    }

    /**
     * Hands the pending changes to the writer thread and returns; waits only for the previous background write, so at
     * most one change is in flight and memory stays bounded. Throws the failure of the previous write, if any.
     */
    public void flushInBackground() {
        if (store.writesInCallerTransaction()) {
            flush(); // into the caller's transaction, which commits it with the sink's writes
            return;
        }
        lastFlush = System.nanoTime();
        awaitWrite();
        if (pending == 0) {
            return;
        }
        List<Map.Entry<String, StateChange>> changes = takeChanges();
        if (writer == null) {
            // one thread that ends when idle, so a buffer needs no close
            ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 2, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                    r -> {
                        Thread t = new Thread(r, "resourcesync-state-writer");
                        t.setDaemon(true);
                        return t;
                    });
            pool.allowCoreThreadTimeOut(true);
            writer = pool;
        }
        writing = CompletableFuture.runAsync(() -> write(changes), writer);
    }

    /** {@link #flushInBackground()} once {@value #FLUSH_THRESHOLD} changes are pending (after each delivery). */
    public void flushIfFull() {
        if (pending >= FLUSH_THRESHOLD) {
            flushInBackground();
        }
    }

    /**
     * {@link #flushInBackground()} when 250 ms have passed since the last write or {@value #FLUSH_THRESHOLD} changes
     * are pending (at the end of a batch).
     */
    public void flushIfDue() {
        if (System.nanoTime() - lastFlush >= FLUSH_INTERVAL_NANOS || pending >= FLUSH_THRESHOLD) {
            flushInBackground();
        }
    }

    /**
     * Forgets every change not yet written: the transaction they were written in rolled back, so what the buffer holds
     * (resume points included) is ahead of the store, and must not be written by a later flush.
     */
    public void discard() {
        awaitWrite();
        sources.clear();
        sourceDirty.clear();
        resources = new HashMap<>();
        inFlight = null;
        pending = 0;
    }

    private void awaitWrite() {
        CompletableFuture<Void> w = writing;
        if (w == null) {
            return;
        }
        writing = null;
        inFlight = null;
        try {
            w.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    /** Empties the buffer into one change per source; the resource maps stay readable as {@link #inFlight}. */
    private List<Map.Entry<String, StateChange>> takeChanges() {
        List<Map.Entry<String, StateChange>> changes = new ArrayList<>();
        for (String key : allKeys()) {
            Map<String, ResourceState> map = resources.getOrDefault(key, Map.of());
            // sized once: a baseline flush holds thousands of upserts and hardly any removals
            List<ResourceState> upserts = new ArrayList<>(map.size());
            List<String> removed = new ArrayList<>();
            map.forEach((location, state) -> {
                if (state == null) {
                    removed.add(location);
                } else {
                    upserts.add(state);
                }
            });
            SourceState source = Boolean.TRUE.equals(sourceDirty.get(key)) ? sources.get(key) : null;
            if (source != null || !upserts.isEmpty() || !removed.isEmpty()) {
                changes.add(Map.entry(key, new StateChange(source, upserts, removed)));
            }
        }
        inFlight = resources;
        resources = new HashMap<>();
        sourceDirty.clear();
        expectedPending = Math.min(pending, MAX_EXPECTED_PENDING);
        pending = 0;
        return changes;
    }

    private Map<String, ResourceState> newResourceMap(String sourceKey) {
        return new LinkedHashMap<>(Math.max(16, (int) (expectedPending / 0.75f) + 1));
    }

    private void write(List<Map.Entry<String, StateChange>> changes) {
        for (Map.Entry<String, StateChange> c : changes) {
            store.apply(c.getKey(), c.getValue());
        }
    }

    private List<String> allKeys() {
        List<String> keys = new ArrayList<>(resources.keySet());
        for (String k : sourceDirty.keySet()) {
            if (!keys.contains(k)) {
                keys.add(k);
            }
        }
        return keys;
    }
}
