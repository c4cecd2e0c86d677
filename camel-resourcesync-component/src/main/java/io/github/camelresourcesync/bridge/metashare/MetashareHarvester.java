package io.github.camelresourcesync.bridge.metashare;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.EventSource;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.StateChange;
import io.github.camelresourcesync.state.SyncStateStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a META-SHARE node into sync events: each poll reads the node's complete inventory and diffs it against the
 * state store. An id not seen before is {@code created}, a changed checksum {@code updated}, an id gone from the
 * inventory (hard delete) or a record whose {@code storage-global.json} says {@code "deleted":true} (soft delete)
 * {@code deleted}. Unchanged records are not fetched.
 *
 * <p>
 * State, per record URL: the checksum as {@code md5:<checksum>} (an opaque change token: nodes recompute it). A
 * soft-deleted record stays in the state as a tombstone ({@link #TOMBSTONE} generation) so it is neither fetched again
 * while unchanged nor deleted a second time when it later vanishes from the inventory.
 */
public final class MetashareHarvester implements EventSource {

    private static final Logger LOG = LoggerFactory.getLogger(MetashareHarvester.class);
    /** The {@link ResourceState#generation()} of a soft-deleted record. */
    static final long TOMBSTONE = -1;
    static final String CHECKSUM_ALGORITHM = "md5";

    private final MetashareClient client;
    private final SyncStateStore store;
    private final String sourceKey;
    private final FetchAheadRun.Fetching fetching;
    private final Supplier<SyncProgress> progress;

    /**
     * @param stateId          prefix of the state keys (two endpoints harvesting one node into different places),
     *                         or null
     * @param fetching         how record fetches run ahead of delivery (pool, parallelism, wait limit)
     */
    public MetashareHarvester(MetashareClient client, SyncStateStore store, String stateId,
                              FetchAheadRun.Fetching fetching, Supplier<SyncProgress> progress) {
        this.client = client;
        this.store = store;
        this.sourceKey = (stateId == null || stateId.isBlank() ? "" : stateId + ":") + "metashare:" + client.node();
        this.fetching = fetching;
        this.progress = progress;
    }

    /** The key of this node in the state store. */
    public String sourceKey() {
        return sourceKey;
    }

    /** Forgets the session after a failed poll, so the next poll logs in afresh. */
    @Override
    public void invalidate() {
        client.logout();
    }

    /** Reads the inventory, diffs it against the state and opens the run that fetches and delivers the differences. */
    @Override
    public EventRun startRun(long maxEvents) throws IOException {
        SyncProgress p = progress.get();
        Map<String, String> inventory = client.inventory();
        p.documentRead();
        Deque<MetashareRun.Item> items = new ArrayDeque<>();
        Set<String> listed = new HashSet<>();
        for (Map.Entry<String, String> e : inventory.entrySet()) {
            String id = e.getKey();
            p.entryRead();
            if (!MetashareClient.isStorageId(id) || e.getValue() == null) {
                LOG.warn("Inventory of META-SHARE node {} lists '{}' -> {}: not a 64-hex storage id with a checksum;"
                         + " skipped", client.node(), id, e.getValue());
                continue;
            }
            URI location = client.recordUri(id);
            listed.add(location.toString());
            Hashes checksum = checksum(e.getValue());
            Optional<ResourceState> prior = store.resource(sourceKey, location.toString());
            if (prior.isPresent() && checksum.equals(prior.get().hash())) {
                p.unchangedResource();
            } else {
                items.add(MetashareRun.Item.fetch(id, location, checksum, prior.orElse(null)));
            }
        }
        List<String> forgotten = new ArrayList<>();
        store.forEachResource(sourceKey, rs -> {
            if (!listed.contains(rs.location())) {
                if (rs.generation() == TOMBSTONE) {
                    forgotten.add(rs.location()); // its deletion was delivered already
                } else {
                    items.add(MetashareRun.Item.hardDelete(idOf(rs.location()), URI.create(rs.location()), rs));
                }
            }
        });
        if (!forgotten.isEmpty()) {
            store.apply(sourceKey, new StateChange(null, List.of(), forgotten));
        }
        return new MetashareRun(this, items, p, maxEvents);
    }

    static Hashes checksum(String hex) {
        return Hashes.of(Map.of(CHECKSUM_ALGORITHM, hex));
    }

    /** The storage id in a record URL {@code <node>/sync/<id>/metadata/}. */
    static String idOf(String location) {
        String[] parts = location.split("/");
        return parts.length >= 2 ? parts[parts.length - 2] : location;
    }

    MetashareClient client() {
        return client;
    }

    SyncStateStore store() {
        return store;
    }

    FetchAheadRun.Fetching fetching() {
        return fetching;
    }
}
