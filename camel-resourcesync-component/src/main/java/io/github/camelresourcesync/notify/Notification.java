package io.github.camelresourcesync.notify;

import java.net.URI;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;

/**
 * One verified notification: a {@code urlset} shaped like a Change List whose document capability is
 * {@code changelist-notification} (entries are changes of resources) or {@code framework-notification} (entries are
 * capability documents that were created, updated or deleted).
 *
 * @param topic         the topic it was delivered for ({@code Link rel="self"}), or {@code null} when the hub sent none
 * @param kind          {@link Capability#CHANGELIST_NOTIFICATION} or {@link Capability#FRAMEWORK_NOTIFICATION}
 * @param entries       the entries, in document order
 * @param receivedNanos {@link System#nanoTime()} when the delivery arrived, for latency figures
 */
public record Notification(URI topic, Capability kind, List<Entry> entries, long receivedNanos) {

    public Notification {
        entries = List.copyOf(entries);
    }

    public boolean isChangeNotification() {
        return kind == Capability.CHANGELIST_NOTIFICATION;
    }
}
