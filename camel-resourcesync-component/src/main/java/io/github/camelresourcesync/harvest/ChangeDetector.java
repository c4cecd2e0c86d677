package io.github.camelresourcesync.harvest;

import java.util.Objects;
import java.util.Optional;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.state.ResourceState;

/** Decides, in a baseline, whether a listed resource is new, changed or what the destination already has. */
final class ChangeDetector {

    private ChangeDetector() {
    }

    /**
     * Compares by hash where both sides have one in a common algorithm, else by {@code lastmod}, else by length. A
     * resource that publishes none of them cannot be compared and counts as changed: re-delivering is safe, skipping
     * could lose a change.
     *
     * @return {@code CREATED}, {@code UPDATED}, or {@code null} when unchanged
     */
    static ChangeType compare(Entry listed, Optional<ResourceState> had) {
        if (had.isEmpty()) {
            return ChangeType.CREATED;
        }
        ResourceState h = had.get();
        Boolean sameHash = listed.md().hash().sameAs(h.hash());
        if (sameHash != null) {
            return sameHash ? null : ChangeType.UPDATED;
        }
        boolean compared = false;
        if (listed.lastmod() != null && h.lastmod() != null) {
            if (!listed.lastmod().equals(h.lastmod())) {
                return ChangeType.UPDATED;
            }
            compared = true;
        }
        if (listed.md().length() != null && h.length() != null) {
            if (!Objects.equals(listed.md().length(), h.length())) {
                return ChangeType.UPDATED;
            }
            compared = true;
        }
        return compared ? null : ChangeType.UPDATED;
    }
}
