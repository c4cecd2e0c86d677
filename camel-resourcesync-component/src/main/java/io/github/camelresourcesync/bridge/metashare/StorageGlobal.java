package io.github.camelresourcesync.bridge.metashare;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The node's {@code storage-global.json} of one record.
 *
 * @param identifier        the 64-hex storage id
 * @param revision          incremented by the node on each change; null when absent
 * @param created           creation time, or null
 * @param modified          last modification, or null
 * @param deleted           {@code true} for a soft-deleted record
 * @param publicationStatus {@code p} (published) or {@code g} (ingested), as served
 * @param sourceUrl         base URL of the node the record originates from
 * @param metashareVersion  META-SHARE software version the record was created with
 */
public record StorageGlobal(String identifier, Long revision, Instant created, Instant modified, boolean deleted,
        String publicationStatus, String sourceUrl, String metashareVersion) {

    /** Header names of the fields on the sync events of a record (documented in the Camel component). */
    public static final String HEADER_IDENTIFIER = "CamelMetashareIdentifier";
    public static final String HEADER_REVISION = "CamelMetashareRevision";
    public static final String HEADER_CREATED = "CamelMetashareCreated";
    public static final String HEADER_MODIFIED = "CamelMetashareModified";
    public static final String HEADER_DELETED = "CamelMetashareDeleted";
    public static final String HEADER_PUBLICATION_STATUS = "CamelMetasharePublicationStatus";
    public static final String HEADER_SOURCE_URL = "CamelMetashareSourceUrl";
    public static final String HEADER_VERSION = "CamelMetashareVersion";
    /** Not a field of the file: the node's inventory checksum of the record, set by the harvest. */
    public static final String HEADER_CHECKSUM = "CamelMetashareChecksum";

    /** The fields as event headers; absent fields are left out. */
    public Map<String, Object> headers() {
        Map<String, Object> h = new LinkedHashMap<>();
        putIfPresent(h, HEADER_IDENTIFIER, identifier);
        putIfPresent(h, HEADER_REVISION, revision);
        putIfPresent(h, HEADER_CREATED, created);
        putIfPresent(h, HEADER_MODIFIED, modified);
        h.put(HEADER_DELETED, deleted);
        putIfPresent(h, HEADER_PUBLICATION_STATUS, publicationStatus);
        putIfPresent(h, HEADER_SOURCE_URL, sourceUrl);
        putIfPresent(h, HEADER_VERSION, metashareVersion);
        return h;
    }

    private static void putIfPresent(Map<String, Object> h, String key, Object value) {
        if (value != null) {
            h.put(key, value);
        }
    }

    /** @throws IllegalArgumentException when the text is not a JSON object or a date cannot be read */
    static StorageGlobal parse(String json) {
        Map<String, Object> m = FlatJson.parseObject(json);
        Object revision = m.get("revision");
        return new StorageGlobal(string(m, "identifier"),
                revision instanceof Number n ? Long.valueOf(n.longValue()) : null,
                time(string(m, "created")), time(string(m, "modified")), Boolean.TRUE.equals(m.get("deleted")),
                string(m, "publication_status"), string(m, "source_url"), string(m, "metashare_version"));
    }

    private static String string(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? null : v.toString();
    }

    /**
     * Nodes write {@code 2012-05-21 17:00:23} or ISO with milliseconds, in naive local time of an unknown zone: read
     * as UTC, so the same text always gives the same instant (an offset, when present, is honoured).
     */
    static Instant time(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String iso = text.trim().replace(' ', 'T');
        try {
            return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(iso).toInstant();
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException("unreadable date '" + text + "'", e2);
            }
        }
    }
}
