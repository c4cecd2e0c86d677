package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.FileLayout;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;

/** Builds the sync events of the Atom-PMH bridge: capability {@code atom-pmh}, plus the entry's id and title. */
public final class AtomPmhEvents {

    /** The capability every Atom-PMH event carries. */
    public static final String CAPABILITY = "atom-pmh";
    /** Header with the record's {@code atom:id}. */
    public static final String ATOM_ID = "CamelResourceSyncAtomId";
    /** Header with the entry's {@code atom:title} as text. */
    public static final String ATOM_TITLE = "CamelResourceSyncAtomTitle";

    private AtomPmhEvents() {
    }

    static SyncEvent event(String sourceKey, URI feedUri, FileLayout layout, PlannedChange c, Content content) {
        Map<String, Object> extra = new HashMap<>();
        extra.put(ATOM_ID, c.id());
        if (c.entry() != null && c.entry().title() != null) {
            extra.put(ATOM_TITLE, c.entry().title());
        }
        List<Link> links = c.entry() == null ? List.of()
                : c.entry().alternates().stream()
                        .map(l -> new Link("alternate", l.href(), null, null, null, null, null, l.type(), null))
                        .toList();
        String mediaType = c.link() == null ? null : c.link().type();
        return new SyncEvent(sourceKey, c.location(), c.change(), c.datetime(), c.datetime(), Hashes.EMPTY, null,
                mediaType, CAPABILITY, c.document(), links, SyncEvents.eventId(c.location(), c.datetime(), null),
                fileName(layout, c.location(), feedUri), extra, content);
    }

    /**
     * The event's file name in {@code layout}; none (no {@code CamelFileName}) for a location the urlPath layout
     * cannot write: the event is still delivered, and a mirror in that layout fails it with the reason.
     */
    private static String fileName(FileLayout layout, URI location, URI feedUri) {
        try {
            return layout.fileName(location, feedUri);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
