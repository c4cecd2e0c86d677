package io.github.camelresourcesync.harvest;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvents;

/**
 * How a change completed at exactly the resume time is remembered, so that the next pass skips it but not another
 * change listed at that same time. The event id ({@code location@datetime}) alone is not enough: a Source whose times
 * have second precision can list two versions of one resource, or an update and then a deletion, within one second,
 * and a harvester that read the list between the two must still deliver the second.
 */
final class ResumeKeys {

    /** One digest names a version: the same one whichever document lists the change, when both publish it. */
    private static final String[] PREFERRED = {"sha-256", "sha-512", "sha-1", "md5"};

    private ResumeKeys() {
    }

    /** The key of a listed change: its event id, its kind ({@code updated} when unstated) and its version. */
    static String of(Entry e) {
        ChangeType change = e.md().changeType();
        String id = SyncEvents.eventId(e.loc(), e.changeTime(), null);
        String version = version(e.md().hash());
        return id + ' ' + (change == null ? ChangeType.UPDATED : change).value()
               + (version.isEmpty() ? "" : " " + version);
    }

    private static String version(Hashes hash) {
        for (String algorithm : PREFERRED) {
            String digest = hash.get(algorithm);
            if (digest != null) {
                return algorithm + ':' + digest;
            }
        }
        return hash.toString();
    }
}
