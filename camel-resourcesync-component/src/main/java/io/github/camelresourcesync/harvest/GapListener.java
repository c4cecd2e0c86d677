package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;

/**
 * Told of gaps in a Source's Change Lists that no baseline can close (see docs/state-and-delivery.md): the Change
 * Lists start after the resume point and the Source's Resource List (or Resource Dump) is older than they are, so the
 * changes in between are published nowhere. The harvest applies the Change Lists from the resume point on; the gap
 * stays open until a baseline from a snapshot at least as new as the Change Lists' start has completed.
 */
public interface GapListener {

    GapListener NOOP = new GapListener() {
        @Override
        public void gapOpened(Gap gap) {
        }

        @Override
        public void gapClosed(String sourceKey) {
        }
    };

    /**
     * One such gap.
     *
     * @param sourceKey  the Capability List (state key) it belongs to
     * @param changeList the Change List (or Change Dump) that starts too late
     * @param resumeTime where the destination was: the last change it has
     * @param listsStart where the Source's Change Lists start ({@code from})
     * @param snapshot   the {@code at} of the newest Resource List or Resource Dump, also before {@code listsStart}
     */
    record Gap(String sourceKey, URI changeList, Instant resumeTime, Instant listsStart, Instant snapshot) {

        public String describe() {
            return changeList + " starts at " + listsStart + ", after the resume point " + resumeTime
                   + ", and the newest snapshot of the Source is as of " + snapshot
                   + ": changes in between are published nowhere and may be lost";
        }
    }

    /** A gap was found; called once per gap, on the polling thread. */
    void gapOpened(Gap gap);

    /** A baseline from a snapshot that covers the gap has completed. */
    void gapClosed(String sourceKey);
}
