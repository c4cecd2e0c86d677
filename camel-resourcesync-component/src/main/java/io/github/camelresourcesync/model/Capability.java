package io.github.camelresourcesync.model;

import java.util.Locale;

/**
 * The capability values of ResourceSync 0.9 to 1.1, the Archives specification and the notification specifications.
 * Unknown values are tolerated as {@link #UNKNOWN}; the raw value stays available on {@link Metadata#capability()}.
 */
public enum Capability {
    /** 0.9 beta: the top document pointing at Capability Lists. */
    RESOURCESYNC("resourcesync"),
    DESCRIPTION("description"),
    CAPABILITYLIST("capabilitylist"),
    RESOURCELIST("resourcelist"),
    CHANGELIST("changelist"),
    RESOURCEDUMP("resourcedump"),
    CHANGEDUMP("changedump"),
    RESOURCEDUMP_MANIFEST("resourcedump-manifest"),
    CHANGEDUMP_MANIFEST("changedump-manifest"),
    RESOURCELIST_ARCHIVE("resourcelist-archive"),
    RESOURCEDUMP_ARCHIVE("resourcedump-archive"),
    CHANGELIST_ARCHIVE("changelist-archive"),
    CHANGEDUMP_ARCHIVE("changedump-archive"),
    FRAMEWORK_NOTIFICATION("framework-notification"),
    CHANGELIST_NOTIFICATION("changelist-notification"),
    UNKNOWN("");

    private final String value;

    Capability(String value) {
        this.value = value;
    }

    /** The value as written in {@code rs:md capability="..."}. */
    public String value() {
        return value;
    }

    /** Never null: {@code null} or unrecognised values map to {@link #UNKNOWN}. */
    public static Capability fromValue(String value) {
        if (value == null) {
            return UNKNOWN;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (Capability c : values()) {
            if (c != UNKNOWN && c.value.equals(v)) {
                return c;
            }
        }
        return UNKNOWN;
    }

    @Override
    public String toString() {
        return value;
    }
}
