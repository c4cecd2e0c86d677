package io.github.camelresourcesync.state;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * The SPI for what a destination has already seen: per source a {@link SourceState} (resume point, baseline
 * progress), per resource a {@link ResourceState}. Implementations: {@link InMemoryStateStore} (tests, throwaway
 * runs), {@link MVStoreStateStore} (embedded, persistent, the default) and, for several nodes, a shared JDBC store.
 *
 * <p>
 * Keys: {@code sourceKey} identifies a source (for ResourceSync the Capability List URI); {@code location} a resource
 * within it. Implementations must be thread-safe and must not need all resources in heap.
 */
public interface SyncStateStore extends AutoCloseable {

    /** Opens files or connections; called once before use. */
    default void start() throws Exception {
    }

    /** The source's state, or {@link SourceState#INITIAL} when the source was never seen. */
    SourceState source(String sourceKey);

    Optional<ResourceState> resource(String sourceKey, String location);

    /** Applies a change atomically (all or nothing) and durably per the store's guarantees. */
    void apply(String sourceKey, StateChange change);

    /** Visits every resource of a source, in no particular order, without loading them all at once. */
    void forEachResource(String sourceKey, Consumer<ResourceState> action);

    /** Number of resources recorded for a source. */
    long resourceCount(String sourceKey);

    /** Forgets everything about a source (the next sync is a fresh baseline). */
    void clear(String sourceKey);

    /**
     * {@code true} when a change applied by the calling thread now would join a transaction that thread runs in (the
     * sink's, see {@link CallerTransaction}): it must then be applied on this thread, never in the background.
     */
    default boolean writesInCallerTransaction() {
        return false;
    }

    @Override
    void close();
}
