package io.github.camelresourcesync.state;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;

/**
 * State in the heap, lost when the JVM stops: for tests and throwaway runs. Holds every resource in memory, so it is
 * not meant for large Sources.
 *
 * <p>
 * Each source has its own read/write lock: {@link #apply} holds the write lock, point reads ({@link #source},
 * {@link #resource}, {@link #resourceCount}) the read lock, so a reader sees a change completely or not at all.
 * {@link #forEachResource} iterates without the lock (weakly consistent, like {@link ConcurrentHashMap}): it sees every
 * resource present before it started and not removed meanwhile, and the action may itself call {@link #apply}.
 */
public class InMemoryStateStore implements SyncStateStore {

    private final ConcurrentHashMap<String, SourceData> sources = new ConcurrentHashMap<>();

    @Override
    public SourceState source(String sourceKey) {
        SourceData data = sources.get(Objects.requireNonNull(sourceKey, "sourceKey"));
        if (data == null) {
            return SourceState.INITIAL;
        }
        data.lock.readLock().lock();
        try {
            return data.state;
        } finally {
            data.lock.readLock().unlock();
        }
    }

    @Override
    public Optional<ResourceState> resource(String sourceKey, String location) {
        Objects.requireNonNull(location, "location");
        SourceData data = sources.get(Objects.requireNonNull(sourceKey, "sourceKey"));
        if (data == null) {
            return Optional.empty();
        }
        data.lock.readLock().lock();
        try {
            return Optional.ofNullable(data.resources.get(location));
        } finally {
            data.lock.readLock().unlock();
        }
    }

    @Override
    public void apply(String sourceKey, StateChange change) {
        Objects.requireNonNull(sourceKey, "sourceKey");
        StateChanges.validate(change);
        while (true) {
            SourceData data = sources.computeIfAbsent(sourceKey, k -> new SourceData());
            data.lock.writeLock().lock();
            try {
                if (data.cleared) {
                    continue; // lost a race with clear(): apply to the fresh entry instead
                }
                for (ResourceState r : change.upserts()) {
                    data.resources.put(r.location(), r);
                }
                for (String location : change.removed()) {
                    data.resources.remove(location);
                }
                if (change.source() != null) {
                    data.state = change.source();
                }
                return;
            } finally {
                data.lock.writeLock().unlock();
            }
        }
    }

    @Override
    public void forEachResource(String sourceKey, Consumer<ResourceState> action) {
        SourceData data = sources.get(Objects.requireNonNull(sourceKey, "sourceKey"));
        if (data != null) {
            data.resources.values().forEach(action);
        }
    }

    @Override
    public long resourceCount(String sourceKey) {
        SourceData data = sources.get(Objects.requireNonNull(sourceKey, "sourceKey"));
        if (data == null) {
            return 0;
        }
        data.lock.readLock().lock();
        try {
            return data.resources.size();
        } finally {
            data.lock.readLock().unlock();
        }
    }

    @Override
    public void clear(String sourceKey) {
        SourceData data = sources.get(Objects.requireNonNull(sourceKey, "sourceKey"));
        if (data == null) {
            return;
        }
        data.lock.writeLock().lock();
        try {
            data.cleared = true;
            sources.remove(sourceKey, data);
        } finally {
            data.lock.writeLock().unlock();
        }
    }

    @Override
    public void close() {
        // nothing to release; the state stays readable until the store is garbage collected
    }

    @Override
    public String toString() {
        return "InMemoryStateStore[" + sources.size() + " sources]";
    }

    private static final class SourceData {
        final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        final ConcurrentHashMap<String, ResourceState> resources = new ConcurrentHashMap<>();
        SourceState state = SourceState.INITIAL;
        /** Set under the write lock when clear() detached this entry; a writer that still holds it retries. */
        boolean cleared;
    }
}
