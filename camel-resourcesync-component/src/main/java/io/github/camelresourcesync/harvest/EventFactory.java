package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.FileLayout;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.ResourceState;

/** Builds sync events from list entries, and the resource state an event leaves behind. */
public final class EventFactory {

    private final URI origin;
    private final FileLayout layout;

    /** @param origin the Source's origin: file names of resources on it are relative to it (collision-free) */
    EventFactory(URI origin) {
        this(origin, FileLayout.COLLISION_FREE);
    }

    /**
     * @param origin the Source's origin: file names of resources on it are relative to it
     * @param layout how a location becomes a file name
     */
    EventFactory(URI origin, FileLayout layout) {
        this.origin = origin;
        this.layout = layout;
    }

    public SyncEvent event(String sourceKey, Entry e, ChangeType change, String capability, URI document) {
        Instant datetime = e.changeTime();
        return new SyncEvent(sourceKey, e.loc(), change, datetime, e.lastmod(), e.md().hash(), e.md().length(),
                e.md().type(), capability, document, e.links(), SyncEvents.eventId(e.loc(), datetime, e.md().hash()),
                fileNameOrNone(e.loc()), null, null);
    }

    /**
     * The file name of {@code location} in this factory's layout.
     *
     * @throws IllegalArgumentException in layout urlPath, for a location that cannot be a file (saying why)
     */
    public String fileName(URI location) {
        return layout.fileName(location, origin);
    }

    /**
     * The file name, or none (no {@code CamelFileName}) for a location the urlPath layout cannot write: the event is
     * still delivered, and a mirror in that layout fails it with the reason.
     */
    String fileNameOrNone(URI location) {
        try {
            return fileName(location);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The location a file of a destination in this layout stands for. */
    public URI locationOf(String fileName) throws java.net.URISyntaxException {
        return layout.locationOf(fileName, origin);
    }

    /** The state a delivered event leaves: published fixity, or the digests computed on its content. */
    static ResourceState stateAfter(SyncEvent delivered, long generation) {
        return new ResourceState(delivered.location().toString(), delivered.lastModified(), delivered.fixity(),
                delivered.contentLength(), generation);
    }
}
