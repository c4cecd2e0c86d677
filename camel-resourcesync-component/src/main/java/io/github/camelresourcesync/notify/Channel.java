package io.github.camelresourcesync.notify;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;

/**
 * A notification channel: a WebSub topic and the hub that distributes it.
 *
 * @param topic the topic URL (the channel's {@code <loc>} in the Capability List)
 * @param hub   the hub URL ({@code rs:ln rel="hub"})
 * @param kind  {@code changelist-notification}, {@code framework-notification}, or {@code UNKNOWN} when configured
 *              by hand (the payload then tells)
 */
public record Channel(URI topic, URI hub, Capability kind) {

    /**
     * The channels a Capability List advertises: entries with capability {@code changelist-notification} or
     * {@code framework-notification} carrying {@code <rs:ln rel="hub" href="...">}. Entries without a hub are skipped.
     */
    public static List<Channel> advertised(List<Entry> capabilityListEntries) {
        List<Channel> channels = new ArrayList<>();
        for (Entry e : capabilityListEntries) {
            Capability c = e.md().capabilityType();
            if (c != Capability.CHANGELIST_NOTIFICATION && c != Capability.FRAMEWORK_NOTIFICATION) {
                continue;
            }
            Link hub = Link.first(e.links(), "hub");
            if (hub != null && hub.href() != null) {
                channels.add(new Channel(e.loc(), hub.href(), c));
            }
        }
        return channels;
    }
}
