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
 * @param signed        {@code true} only when it carried a valid {@code X-Hub-Signature} for the subscription's
 *                      secret: an unsigned notification may come from anyone and is only a hint to poll
 */
public record Notification(URI topic, Capability kind, List<Entry> entries, long receivedNanos, boolean signed) {

    public Notification {
        entries = List.copyOf(entries);
    }

    /** As parsed: not signed until the subscriber checked its signature. */
    public Notification(URI topic, Capability kind, List<Entry> entries, long receivedNanos) {
        this(topic, kind, entries, receivedNanos, false);
    }

    /** This notification, its signature checked. */
    public Notification asSigned() {
        return new Notification(topic, kind, entries, receivedNanos, true);
    }

    public boolean isChangeNotification() {
        return kind == Capability.CHANGELIST_NOTIFICATION;
    }
}
