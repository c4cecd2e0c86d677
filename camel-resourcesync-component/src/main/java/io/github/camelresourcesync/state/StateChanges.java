package io.github.camelresourcesync.state;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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

    /** SHA-256 of a key's UTF-8 bytes: a fixed-size name for a source or resource, however long or odd its URI. */
    static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
