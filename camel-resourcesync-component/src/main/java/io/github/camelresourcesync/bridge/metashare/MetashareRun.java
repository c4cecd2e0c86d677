package io.github.camelresourcesync.bridge.metashare;

import java.net.URI;
import java.time.Instant;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.SpooledContent;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.StateBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One harvest of a node: fetches the records that differ, a bounded number at a time ahead of delivery, verifies each
 * against its inventory checksum and hands out one event per record in inventory order, then the hard deletions.
 * Records are independent of each other, so a delivered record's state is committed at once, whatever happened to
 * the records before it; a failed record (checksum mismatch, 403, bad ZIP) commits nothing and is tried again next
 * poll. A {@link FetchAheadRun}: the items are the inventory's differences, committed unordered.
 */
final class MetashareRun extends FetchAheadRun<MetashareRun.Item, NodeRecord> {

    private static final Logger LOG = LoggerFactory.getLogger(MetashareRun.class);
    static final String CAPABILITY = "metashare";
    static final String MEDIA_TYPE = "application/xml";
    /** Digests of {@code metadata.xml} an event carries as its hash: what a publisher or a fixity check can verify. */
    private static final List<String> BODY_DIGESTS = List.of("md5", "sha-256");

    /** One record to fetch (prior may be null), or one hard deletion (prior set, no fetch). */
    record Item(String id, URI location, Hashes checksum, ResourceState prior, boolean fetch) {

        static Item fetch(String id, URI location, Hashes checksum, ResourceState prior) {
            return new Item(id, location, checksum, prior, true);
        }

        static Item hardDelete(String id, URI location, ResourceState prior) {
            return new Item(id, location, prior.hash(), prior, false);
        }

        /** The destination has this record (a tombstone does not count). */
        boolean known() {
            return prior != null && prior.generation() != MetashareHarvester.TOMBSTONE;
        }
    }

    private final MetashareHarvester harvester;
    private final Deque<Item> items;

    MetashareRun(MetashareHarvester harvester, Deque<Item> items, SyncProgress progress, long maxEvents) {
        super(harvester.fetching(), true, maxEvents, false, new StateBuffer(harvester.store()), progress);
        this.harvester = harvester;
        this.items = items;
    }

    @Override
    protected Item pull() {
        return items.pollFirst();
    }

    @Override
    protected CompletableFuture<NodeRecord> fetch(Item item) {
        return item.fetch() ? submit(() -> harvester.client().record(item.id())) : null;
    }

    @Override
    protected URI location(Item item) {
        return item.location();
    }

    /** The record's event, or {@code null} when there is nothing to deliver (gone meanwhile, deleted unseen). */
    @Override
    protected PendingEvent resolve(Item item, NodeRecord rec, Exception failure) {
        if (!item.fetch()) { // a hard deletion
            return new PendingEvent(event(item, ChangeType.DELETED, null, Map.of(), null), null,
                    new Commit(null, item.location().toString()));
        }
        ChangeType change = item.known() ? ChangeType.UPDATED : ChangeType.CREATED;
        if (failure instanceof FetchException fe && fe.isGone()) {
            LOG.warn("{} is in the inventory of {} but the node answers 404 now; skipped (the next inventory will"
                     + " say what became of it)", item.location(), harvester.client().node());
            return null;
        }
        if (failure != null) {
            return new PendingEvent(event(item, change, null, Map.of(), null), failure, Commit.NONE);
        }
        progress().bytesFetched(rec.metadataXml().length + (long) rec.storageGlobalJson().length);
        String actual = rec.checksum();
        String expected = item.checksum().get(MetashareHarvester.CHECKSUM_ALGORITHM);
        if (!actual.equals(expected)) {
            MetashareException mismatch = new MetashareException(item.location(), 0, "Record " + item.id()
                    + " from META-SHARE node " + harvester.client().node() + " does not match its inventory"
                    + " checksum: md5 of metadata.xml + storage-global.json is " + actual + ", the inventory says "
                    + expected + "; not delivered");
            return new PendingEvent(event(item, change, rec.storage(), Map.of(), null), mismatch, Commit.NONE);
        }
        StorageGlobal sg = rec.storage();
        if (sg.deleted()) {
            ResourceState tombstone = state(item, rec, MetashareHarvester.TOMBSTONE);
            if (!item.known()) {
                buffer.upsert(harvester.sourceKey(), tombstone); // nothing to delete downstream; remember it so it is not fetched again
                return null;
            }
            return new PendingEvent(event(item, ChangeType.DELETED, sg, sg.headers(), null), null,
                    new Commit(tombstone, null));
        }
        Content content = SpooledContent.of(rec.metadataXml(), MEDIA_TYPE, BODY_DIGESTS);
        return new PendingEvent(event(item, change, sg, sg.headers(), content), null,
                new Commit(state(item, rec, 0), null));
    }

    private static ResourceState state(Item item, NodeRecord rec, long generation) {
        return new ResourceState(item.location().toString(), rec.storage().modified(), item.checksum(),
                (long) rec.metadataXml().length, generation);
    }

    /**
     * The event's hash is that of the body ({@code metadata.xml}), as the sync-event contract says; the node's
     * checksum also covers {@code storage-global.json}, so it goes into its own header (and the event id) instead.
     */
    private SyncEvent event(Item item, ChangeType change, StorageGlobal sg, Map<String, Object> headers,
                            Content content) {
        Instant time = sg == null ? null : sg.modified();
        Map<String, Object> extra = headers;
        if (sg != null) {
            extra = new LinkedHashMap<>(headers);
            extra.put(StorageGlobal.HEADER_CHECKSUM, item.checksum().get(MetashareHarvester.CHECKSUM_ALGORITHM));
        }
        return new SyncEvent(harvester.sourceKey(), item.location(), change, time, time,
                content == null ? Hashes.EMPTY : content.digests(), content == null ? null : content.length(),
                content == null ? null : MEDIA_TYPE, CAPABILITY, harvester.client().inventoryUri(), List.of(),
                SyncEvents.eventId(item.location(), time, item.checksum()), item.id() + ".xml", extra, content);
    }

    /** What a delivered event leaves in the state: an upsert or a removal. */
    private record Commit(ResourceState upsert, String remove) {
        static final Commit NONE = new Commit(null, null);
    }

    /** Records are independent: a delivered record's state is committed at once; a failed one commits nothing. */
    @Override
    protected void commit(Item item, Outcome outcome, PendingEvent handedOut) {
        if (outcome != Outcome.DELIVERED) {
            return;
        }
        Commit c = (Commit) handedOut.token();
        if (c.upsert() != null) {
            buffer.upsert(harvester.sourceKey(), c.upsert());
        }
        if (c.remove() != null) {
            buffer.remove(harvester.sourceKey(), c.remove());
        }
    }
}
