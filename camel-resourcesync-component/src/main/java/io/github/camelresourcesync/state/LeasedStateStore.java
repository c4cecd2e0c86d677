package io.github.camelresourcesync.state;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * One consumer's view of a shared {@link JdbcStateStore} whose writes are fenced by the lease its poll holds
 * ({@link SourceLeases}): every {@link #apply} and {@link #clear} checks the lease in its own transaction and is
 * refused with {@link LeaseLostException} when the lease expired or another node took it over, or when no poll holds
 * one. Reads go straight to the store.
 */
public final class LeasedStateStore implements SyncStateStore {

    private final JdbcStateStore store;
    private volatile SourceLeases.Lease lease;

    public LeasedStateStore(JdbcStateStore store) {
        this.store = store;
    }

    /** The lease the current poll holds, or {@code null} between polls (then every write is refused). */
    public void lease(SourceLeases.Lease lease) {
        this.lease = lease;
    }

    public SourceLeases leases() {
        return store.leases();
    }

    /** The store the fenced writes go to (a transacted route binds its transaction to it). */
    public JdbcStateStore store() {
        return store;
    }

    @Override
    public boolean writesInCallerTransaction() {
        return store.writesInCallerTransaction();
    }

    @Override
    public void start() {
        store.start();
    }

    @Override
    public SourceState source(String sourceKey) {
        return store.source(sourceKey);
    }

    @Override
    public Optional<ResourceState> resource(String sourceKey, String location) {
        return store.resource(sourceKey, location);
    }

    @Override
    public void apply(String sourceKey, StateChange change) {
        store.applyFenced(sourceKey, change, held("apply a change of source " + sourceKey));
    }

    @Override
    public void forEachResource(String sourceKey, Consumer<ResourceState> action) {
        store.forEachResource(sourceKey, action);
    }

    @Override
    public long resourceCount(String sourceKey) {
        return store.resourceCount(sourceKey);
    }

    @Override
    public void clear(String sourceKey) {
        store.clearFenced(sourceKey, held("clear source " + sourceKey));
    }

    private SourceLeases.Lease held(String what) {
        SourceLeases.Lease l = lease;
        if (l == null) {
            throw new LeaseLostException("Refused to " + what + ": no poll of this node holds the Source's lease"
                                         + " (the poll ended or was fenced)");
        }
        return l;
    }

    /** The shared store is the component's to close, not one consumer's. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "leased " + store;
    }
}
