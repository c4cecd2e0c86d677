package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One sync event: one resource (baseline) or one change (incremental), whatever produced it (ResourceSync lists,
 * dumps, notifications, the META-SHARE and Atom-PMH bridges). The Camel layer turns it into an exchange whose headers
 * are the {@code CamelResourceSync*} constants.
 *
 * @param sourceKey      the key of the source whose state this event advances (e.g. the Capability List URI)
 * @param location       the resource URI, absolute
 * @param change         created, updated or deleted
 * @param datetime       when the change happened (1.1 {@code datetime}, else {@code lastmod}); may be null in a
 *                       baseline of a Source that publishes no times
 * @param lastModified   the resource's {@code lastmod}, or null
 * @param hash           fixity as published, never null
 * @param length         length as published, or null
 * @param mediaType      media type as published, or null
 * @param capability     the kind of document the event came from ({@code resourcelist}, {@code changelist},
 *                       {@code metashare}, ...)
 * @param sourceDocument URI of the document that listed it
 * @param links          the entry's {@code rs:ln} links
 * @param eventId        stable id for idempotency (see {@link SyncEvents#eventId})
 * @param fileName       relative path derived from the location, safe to use under a mirror directory
 * @param extraHeaders   additional headers a producer of events wants on the exchange (bridges), never null
 * @param content        the verified body, or null for metadata-only events and deletions
 */
public record SyncEvent(
        String sourceKey,
        URI location,
        ChangeType change,
        Instant datetime,
        Instant lastModified,
        Hashes hash,
        Long length,
        String mediaType,
        String capability,
        URI sourceDocument,
        List<Link> links,
        String eventId,
        String fileName,
        Map<String, Object> extraHeaders,
        Content content) {

    public SyncEvent {
        hash = hash == null ? Hashes.EMPTY : hash;
        links = links == null ? List.of() : List.copyOf(links);
        extraHeaders = extraHeaders == null ? Map.of() : Map.copyOf(extraHeaders);
    }

    /** The fixity the destination now has: as published, else the digests computed on the fetched body. */
    public Hashes fixity() {
        return hash.isEmpty() && content != null ? content.digests() : hash;
    }

    /** The length the destination now has: of the fetched body, else as published. */
    public Long contentLength() {
        return content != null ? Long.valueOf(content.length()) : length;
    }

    public SyncEvent withContent(Content newContent) {
        return new SyncEvent(sourceKey, location, change, datetime, lastModified, hash, length, mediaType, capability,
                sourceDocument, links, eventId, fileName, extraHeaders, newContent);
    }
}
