package io.github.camelresourcesync.benchmarks;

import java.util.Optional;
import java.util.function.Consumer;

import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateChange;
import io.github.camelresourcesync.state.SyncStateStore;

/** Remembers nothing: for measuring the harvest without the cost of a state store. Never for real use. */
final class NoopStateStore implements SyncStateStore {

    @Override
    public SourceState source(String sourceKey) {
        return SourceState.INITIAL;
    }

    @Override
    public Optional<ResourceState> resource(String sourceKey, String location) {
        return Optional.empty();
    }

    @Override
    public void apply(String sourceKey, StateChange change) {
        // forgotten
    }

    @Override
    public void forEachResource(String sourceKey, Consumer<ResourceState> action) {
        // nothing recorded
    }

    @Override
    public long resourceCount(String sourceKey) {
        return 0;
    }

    @Override
    public void clear(String sourceKey) {
        // nothing recorded
    }

    @Override
    public void close() {
        // nothing held
    }
}
