package io.github.camelresourcesync.harvest;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;

import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateChange;
import io.github.camelresourcesync.state.SyncStateStore;

/**
 * State changes of completed events, collected in memory and written to the store in one atomic change per source
 * on {@link #flush()}. Reading through the buffer sees the pending changes, so a resume point computed from the buffer
 * is always the one that will be written. A crash loses only unflushed changes, whose events are then re-delivered.
 */
final class StateBuffer {

    private final SyncStateStore store;
    private final Map<String, SourceState> sources = new HashMap<>();
    private final Map<String, Boolean> sourceDirty = new HashMap<>();
    private final Map<String, Map<String, ResourceState>> resources = new HashMap<>();
    private int pending;

    StateBuffer(SyncStateStore store) {
        this.store = store;
    }

    SourceState source(String sourceKey) {
        return sources.computeIfAbsent(sourceKey, store::source);
    }

    void source(String sourceKey, SourceState state) {
        sources.put(sourceKey, state);
        sourceDirty.put(sourceKey, Boolean.TRUE);
        pending++;
    }

    /** The resource as it will be after the next flush; reads the store when nothing is pending for it. */
    Optional<ResourceState> resource(String sourceKey, String location) {
        Map<String, ResourceState> map = resources.get(sourceKey);
        if (map != null && map.containsKey(location)) {
            return Optional.ofNullable(map.get(location));
        }
        return store.resource(sourceKey, location);
    }

    void upsert(String sourceKey, ResourceState state) {
        resources.computeIfAbsent(sourceKey, k -> new LinkedHashMap<>()).put(state.location(), state);
        pending++;
    }

    void remove(String sourceKey, String location) {
        resources.computeIfAbsent(sourceKey, k -> new LinkedHashMap<>()).put(location, null);
        pending++;
    }

    int pending() {
        return pending;
    }

    void flush() {
        if (pending == 0) {
            return;
        }
        for (String key : allKeys()) {
            List<ResourceState> upserts = new ArrayList<>();
            List<String> removed = new ArrayList<>();
            Map<String, ResourceState> map = resources.getOrDefault(key, Map.of());
            map.forEach((location, state) -> {
                if (state == null) {
                    removed.add(location);
                } else {
                    upserts.add(state);
                }
            });
            SourceState source = Boolean.TRUE.equals(sourceDirty.get(key)) ? sources.get(key) : null;
            if (source != null || !upserts.isEmpty() || !removed.isEmpty()) {
                store.apply(key, new StateChange(source, upserts, removed));
            }
        }
        resources.clear();
        sourceDirty.clear();
        pending = 0;
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
