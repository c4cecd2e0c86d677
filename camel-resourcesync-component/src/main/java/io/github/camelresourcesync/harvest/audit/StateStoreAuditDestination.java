package io.github.camelresourcesync.harvest.audit;

import java.net.URI;
import java.util.Collection;
import java.util.Set;
import java.util.function.Consumer;

import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SyncStateStore;

/**
 * The destination as the consumer's state store recorded it: what was delivered, with the fixity published (or
 * computed on the body) at the time. Catches a destination that missed changes; it cannot see a destination damaged
 * after delivery (use a {@link DirectoryAuditDestination} for that).
 */
public final class StateStoreAuditDestination implements AuditDestination {

    private final SyncStateStore store;

    public StateStoreAuditDestination(SyncStateStore store) {
        this.store = store;
    }

    @Override
    public String describe() {
        return "state store " + store.getClass().getSimpleName();
    }

    @Override
    public String key(String sourceKey, URI location, String fileName) {
        return sourceKey + ' ' + location;
    }

    @Override
    public Held find(String sourceKey, URI location, String fileName, Set<String> algorithms) {
        return store.resource(sourceKey, location.toString()).map(r -> held(sourceKey, r)).orElse(null);
    }

    @Override
    public void forEachHeld(Collection<String> sourceKeys, Consumer<Held> action) {
        for (String sourceKey : sourceKeys) {
            store.forEachResource(sourceKey, r -> action.accept(held(sourceKey, r)));
        }
    }

    private Held held(String sourceKey, ResourceState r) {
        URI location = URI.create(r.location());
        return new Held(key(sourceKey, location, null), sourceKey, location, null, r.lastmod(), r.hash(), r.length(),
                false);
    }
}
