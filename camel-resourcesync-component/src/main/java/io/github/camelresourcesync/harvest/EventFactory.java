package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.ResourceState;

/** Builds sync events from list entries, and the resource state an event leaves behind. */
public final class EventFactory {

    private final URI origin;

    /** @param origin the Source's origin: file names of resources on it are relative to it */
    EventFactory(URI origin) {
        this.origin = origin;
    }

    public SyncEvent event(String sourceKey, Entry e, ChangeType change, String capability, URI document) {
        Instant datetime = e.changeTime();
        return new SyncEvent(sourceKey, e.loc(), change, datetime, e.lastmod(), e.md().hash(), e.md().length(),
                e.md().type(), capability, document, e.links(), SyncEvents.eventId(e.loc(), datetime, e.md().hash()),
                fileName(e.loc()), null, null);
    }

    public String fileName(URI location) {
        return SyncEvents.fileName(location, origin);
    }

    /** The state a delivered event leaves: published fixity, or the digests computed on its content. */
    static ResourceState stateAfter(SyncEvent delivered, long generation) {
        return new ResourceState(delivered.location().toString(), delivered.lastModified(), delivered.fixity(),
                delivered.contentLength(), generation);
    }
}
