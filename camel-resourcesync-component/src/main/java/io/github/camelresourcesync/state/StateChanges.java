package io.github.camelresourcesync.state;

import java.util.Objects;

/** Checks shared by the stores, done before anything is written so a bad change never half-applies. */
final class StateChanges {

    private StateChanges() {
    }

    static void validate(StateChange change) {
        Objects.requireNonNull(change, "change");
        for (ResourceState r : change.upserts()) {
            if (r.location() == null) {
                throw new IllegalArgumentException("A resource in the change has no location: " + r);
            }
        }
    }

    static boolean isEmpty(StateChange change) {
        return change.source() == null && change.upserts().isEmpty() && change.removed().isEmpty();
    }
}
