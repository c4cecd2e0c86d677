package io.github.camelresourcesync.component.atompmh;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhEvents;
import org.apache.camel.spi.Metadata;

/**
 * The headers of an Atom-PMH sync event: the shared {@link ResourceSyncConstants} headers, filled from the feed as
 * described here, plus the record's {@code atom:id} and title.
 */
public final class AtomPmhConstants {

    @Metadata(description = """
                  The chosen alternate link of the record (or its `atom:id` with `useAtomIdAsLocation=true`).""",
              javaType = "String")
    public static final String LOCATION = ResourceSyncConstants.LOCATION;
    @Metadata(description = """
                  `created` or `updated` relative to what the destination had; `deleted` for a deletion entry, a \
                  tombstone, absence from a complete feed, or a representation answering 403/404/410.""",
              javaType = "String")
    public static final String CHANGE = ResourceSyncConstants.CHANGE;
    @Metadata(description = """
                  The entry's `atom:updated` (a tombstone's `when`; for absence from a complete feed the feed's \
                  `atom:updated`).""",
              javaType = "java.time.Instant")
    public static final String DATETIME = ResourceSyncConstants.DATETIME;
    @Metadata(description = "The media type of the chosen alternate link, as published.", javaType = "String")
    public static final String MEDIA_TYPE = ResourceSyncConstants.MEDIA_TYPE;
    @Metadata(description = "Always `atom-pmh`.", javaType = "String")
    public static final String CAPABILITY = ResourceSyncConstants.CAPABILITY;
    @Metadata(description = "URI of the feed document the entry was read from.", javaType = "String")
    public static final String SOURCE_DOCUMENT = ResourceSyncConstants.SOURCE_DOCUMENT;
    @Metadata(description = "The entry's alternate links (one per format).",
              javaType = "java.util.List<io.github.camelresourcesync.model.Link>")
    public static final String LINKS = ResourceSyncConstants.LINKS;
    @Metadata(description = "Stable id of this change: its location, an at sign and its datetime.", javaType = "String")
    public static final String EVENT_ID = ResourceSyncConstants.EVENT_ID;
    @Metadata(description = """
                  A relative path derived from the location, safe under a mirror directory (an opaque `urn:uuid:x` \
                  location gives `urn/uuid/x`).""",
              javaType = "String")
    public static final String FILE_NAME = ResourceSyncConstants.FILE_NAME;
    @Metadata(description = "The record's `atom:id`.", javaType = "String")
    public static final String ATOM_ID = AtomPmhEvents.ATOM_ID;
    @Metadata(description = "The entry's `atom:title` as text, when it has one.", javaType = "String")
    public static final String ATOM_TITLE = AtomPmhEvents.ATOM_TITLE;

    private AtomPmhConstants() {
    }
}
