package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.util.List;

import io.github.camelresourcesync.model.Entry;

/**
 * Changes a Source announced by push (a change notification), to be delivered ahead of the next listing.
 *
 * @param topic   the notification channel they came from; picks the Capability List whose state they advance
 * @param changes the notification's entries
 */
public record NotifiedChanges(URI topic, List<Entry> changes) {

    public NotifiedChanges {
        changes = List.copyOf(changes);
    }
}
