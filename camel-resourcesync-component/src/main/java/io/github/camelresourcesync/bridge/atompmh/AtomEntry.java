package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * One entry of an Atom feed document, as the harvester needs it: an active (or historical) entry with its alternate
 * links, or a deletion (an Atom-PMH deletion entry or an RFC 6721 {@code at:deleted-entry} tombstone).
 *
 * @param id         {@code atom:id} (for a tombstone its {@code ref}), the record's identifier
 * @param title      {@code atom:title} as text, or null
 * @param updated    {@code atom:updated} (for a tombstone {@code when}), the record's last modified time
 * @param alternates the {@code alternate} links, in document order; empty for deletions
 * @param deletion   {@code true} for a deletion entry or a tombstone
 * @param document   the feed document the entry was read from
 * @param position   the entry's index in that document, for messages
 */
public record AtomEntry(String id, String title, Instant updated, List<AtomLink> alternates, boolean deletion,
                        URI document, int position) {

    public AtomEntry {
        alternates = alternates == null ? List.of() : List.copyOf(alternates);
    }
}
