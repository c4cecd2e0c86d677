package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;

/**
 * One Capability List of a Source (or a single list the user pointed at directly), with the capability documents it
 * advertises. Its URI is the key of its state: each Capability List has its own resume point.
 *
 * @param capabilityList the Capability List URI, or the list's own URI when the user gave a list
 * @param entries        the Capability List's entries (capability documents), in document order
 */
public record DiscoveredSource(URI capabilityList, List<Entry> entries) {

    public DiscoveredSource {
        entries = List.copyOf(entries);
    }

    public String key() {
        return capabilityList.toString();
    }

    /** The first advertised document of this capability, or {@code null}. */
    public URI document(Capability capability) {
        for (Entry e : entries) {
            if (e.md().capabilityType() == capability) {
                return e.loc();
            }
        }
        return null;
    }
}
