package io.github.camelresourcesync;

import org.apache.camel.Exchange;
import org.apache.camel.spi.Metadata;

/**
 * The headers of a sync event: the same on every exchange, whether it came from a Resource List, a Change List, a
 * notification or a bridge. Values are those the Source published; times are {@link java.time.Instant}s.
 */
public final class ResourceSyncConstants {

    @Metadata(description = "The resource URI (the entry's `<loc>`), absolute.", javaType = "String")
    public static final String LOCATION = "CamelResourceSyncLocation";
    @Metadata(description = "`created`, `updated` or `deleted`. Baseline events say `created`/`updated` relative to"
                            + " what the destination had; `deleted` comes from Change Lists, or from a baseline with"
                            + " `emitDeletes=true` for resources no longer listed.",
              javaType = "String")
    public static final String CHANGE = "CamelResourceSyncChange";
    @Metadata(description = "When the change happened: ResourceSync 1.1 `datetime`, else `lastmod`. Null in a"
                            + " baseline of a Source that publishes no times.",
              javaType = "java.time.Instant")
    public static final String DATETIME = "CamelResourceSyncDatetime";
    @Metadata(description = "The resource's `lastmod`, if published.", javaType = "java.time.Instant")
    public static final String LAST_MODIFIED = "CamelResourceSyncLastModified";
    @Metadata(description = "Fixity as published: space-separated `algorithm:hex` values (`md5`, `sha-1`,"
                            + " `sha-256`). With `fetchContent`, the body was verified against every one of them;"
                            + " when the Source publishes none, the md5 computed on the body.",
              javaType = "String")
    public static final String HASH = "CamelResourceSyncHash";
    @Metadata(description = "Length in bytes as published (or of the body, when fetched).", javaType = "Long")
    public static final String LENGTH = "CamelResourceSyncLength";
    @Metadata(description = "Media type as published (or as served, when fetched).", javaType = "String")
    public static final String MEDIA_TYPE = "CamelResourceSyncMediaType";
    @Metadata(description = "The kind of document the event came from: `resourcelist`, `changelist`,"
                            + " `resourcedump`, `changedump`, `changelist-notification`, `metashare`, `atom-pmh`.",
              javaType = "String")
    public static final String CAPABILITY = "CamelResourceSyncCapability";
    @Metadata(description = "URI of the document that listed the resource or change.", javaType = "String")
    public static final String SOURCE_DOCUMENT = "CamelResourceSyncSourceDocument";
    @Metadata(description = "The Capability List (or, for bridges, the node or feed) whose state the event"
                            + " advances.",
              javaType = "String")
    public static final String SOURCE = "CamelResourceSyncSource";
    @Metadata(description = "The entry's `rs:ln` links (mirrors, alternates, patches, provenance).",
              javaType = "java.util.List<io.github.camelresourcesync.model.Link>")
    public static final String LINKS = "CamelResourceSyncLinks";
    @Metadata(description = "Stable id of this change of this resource (`location@datetime`), for Camel's"
                            + " idempotent consumer or downstream de-duplication.",
              javaType = "String")
    public static final String EVENT_ID = "CamelResourceSyncEventId";
    @Metadata(description = "A relative path derived from the location (`res/1.txt` for"
                            + " `http://host/res/1.txt` of a Source on `http://host/`; `otherhost_8080/path` for"
                            + " resources on another host), safe under a mirror directory: `to(\"file:dir\")`"
                            + " mirrors.",
              javaType = "String")
    public static final String FILE_NAME = Exchange.FILE_NAME;

    private ResourceSyncConstants() {
    }
}
