package io.github.camelresourcesync.harvest;

import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.state.SyncStateStore;

/** What the steps of one run share. */
record HarvestContext(
        HarvestOptions options,
        DocumentLoader loader,
        StateBuffer buffer,
        SyncStateStore store,
        EventFactory events,
        PackageLoader packages,
        SyncProgress progress) {
}
