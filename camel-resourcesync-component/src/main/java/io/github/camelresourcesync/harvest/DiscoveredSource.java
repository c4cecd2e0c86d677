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
public record DiscoveredSource(URI capabilityList, List<Entry> entries, String stateId) {

    public DiscoveredSource {
        entries = List.copyOf(entries);
    }

    public DiscoveredSource(URI capabilityList, List<Entry> entries) {
        this(capabilityList, entries, null);
    }

    DiscoveredSource withStateId(String id) {
        return new DiscoveredSource(capabilityList, entries, id);
    }

    /** The key of this Capability List's state: its URI, prefixed by the state id when one is set. */
    public String key() {
        return stateId == null ? capabilityList.toString() : stateId + "|" + capabilityList;
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
