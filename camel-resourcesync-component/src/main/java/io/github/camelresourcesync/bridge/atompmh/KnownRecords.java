package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SyncStateStore;

/**
 * The records a destination has of one feed, by {@code atom:id}. The state store keys a resource by one string, and a
 * deletion entry names only the id, so each record is stored under {@code "<atom:id> <location>"} (neither contains a
 * space) and {@code lastmod} = the {@code atom:updated} delivered: a deletion then removes the file the record was
 * mirrored to.
 *
 * <p>
 * Read from the store on first use only: a poll that finds nothing after the stop point (the usual idle poll) never
 * reads the records.
 */
final class KnownRecords {

    /** What the destination has of one record. */
    record Known(String key, URI location, Instant updated) {
    }

    private final SyncStateStore store;
    private final String sourceKey;
    private Map<String, Known> byId;

    KnownRecords(SyncStateStore store, String sourceKey) {
        this.store = store;
        this.sourceKey = sourceKey;
    }

    private Map<String, Known> byId() {
        if (byId == null) {
            Map<String, Known> map = new HashMap<>();
            store.forEachResource(sourceKey, r -> {
                String key = r.location();
                int space = key.lastIndexOf(' ');
                if (space > 0) {
                    map.put(key.substring(0, space), new Known(key, URI.create(key.substring(space + 1)), r.lastmod()));
                }
            });
            byId = map;
        }
        return byId;
    }

    static String key(String atomId, URI location) {
        return atomId + " " + location;
    }

    static ResourceState state(String atomId, URI location, Instant updated) {
        return new ResourceState(key(atomId, location), updated, null, null, 0);
    }

    Known get(String atomId) {
        return byId().get(atomId);
    }

    Map<String, Known> all() {
        return byId();
    }
}
