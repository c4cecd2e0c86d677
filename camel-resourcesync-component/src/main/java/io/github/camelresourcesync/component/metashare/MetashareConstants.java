package io.github.camelresourcesync.component.metashare;

import io.github.camelresourcesync.bridge.metashare.StorageGlobal;
import org.apache.camel.spi.Metadata;

/**
 * Headers the META-SHARE bridge adds to the sync-event headers of {@link io.github.camelresourcesync.ResourceSyncConstants}
 * (which it sets as the {@code resourcesync:} consumer does, with capability {@code metashare}): the fields of the
 * record's {@code storage-global.json}. Hard deletions carry none of them.
 */
public final class MetashareConstants {

    @Metadata(description = "The record's 64-hex storage id (`identifier`), unique across the META-SHARE network.",
              javaType = "String")
    public static final String IDENTIFIER = StorageGlobal.HEADER_IDENTIFIER;
    @Metadata(description = "The record's revision (`revision`), incremented by the node on each change.",
              javaType = "Long")
    public static final String REVISION = StorageGlobal.HEADER_REVISION;
    @Metadata(description = "When the record was created (`created`); nodes write naive local times, read as UTC.",
              javaType = "java.time.Instant")
    public static final String CREATED = StorageGlobal.HEADER_CREATED;
    @Metadata(description = """
                  When the record was last modified (`modified`), read as UTC; also the event's \
                  `CamelResourceSyncDatetime`.""",
              javaType = "java.time.Instant")
    public static final String MODIFIED = StorageGlobal.HEADER_MODIFIED;
    @Metadata(description = """
                  `true` on the `deleted` event of a soft-deleted record (`deleted: true` in the inventory).""",
              javaType = "Boolean")
    public static final String DELETED = StorageGlobal.HEADER_DELETED;
    @Metadata(description = "Publication status as served (`publication_status`): `p` published, `g` ingested.",
              javaType = "String")
    public static final String PUBLICATION_STATUS = StorageGlobal.HEADER_PUBLICATION_STATUS;
    @Metadata(description = "Base URL of the node the record originates from (`source_url`).", javaType = "String")
    public static final String SOURCE_URL = StorageGlobal.HEADER_SOURCE_URL;
    @Metadata(description = "META-SHARE software version the record was created with (`metashare_version`).",
              javaType = "String")
    public static final String METASHARE_VERSION = StorageGlobal.HEADER_VERSION;

    @Metadata(description = """
                  The node's inventory checksum of the record: md5 over `metadata.xml` followed by \
                  `storage-global.json`, 32 hex (an opaque change token; `CamelResourceSyncHash` is the hash of the \
                  body, `metadata.xml`).""",
              javaType = "String")
    public static final String CHECKSUM = StorageGlobal.HEADER_CHECKSUM;

    private MetashareConstants() {
    }
}
