package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * One Atom feed document (a subscription document, an archive document or a page).
 *
 * @param uri         where it was read from
 * @param updated     the feed's {@code atom:updated}, or null when missing
 * @param complete    it carries {@code fh:complete}: it lists every active entry, so absence means deletion
 * @param prevArchive the RFC 5005 {@code prev-archive} link, or null
 * @param next        the paged-feed {@code next} link, or null
 * @param entries     entries and tombstones, in document order
 */
public record AtomFeed(URI uri, Instant updated, boolean complete, URI prevArchive, URI next, List<AtomEntry> entries) {

    public AtomFeed {
        entries = entries == null ? List.of() : List.copyOf(entries);
    }

    /** The newest time the document speaks for: its newest entry, else its own {@code updated}; null if neither. */
    public Instant newest() {
        Instant newest = null;
        for (AtomEntry e : entries) {
            if (newest == null || e.updated().isAfter(newest)) {
                newest = e.updated();
            }
        }
        return newest != null ? newest : updated;
    }
}
