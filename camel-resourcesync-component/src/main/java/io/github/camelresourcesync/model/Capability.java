package io.github.camelresourcesync.model;

/**
 * The capability values of ResourceSync 0.9 to 1.1, the Archives specification and the notification specifications.
 * Unknown values are tolerated as {@link #UNKNOWN}; the raw value stays available on {@link Metadata#capability()}.
 */
public enum Capability implements WrittenValue {
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
    @Override
    public String value() {
        return value;
    }

    /** Never null: {@code null} or unrecognised values map to {@link #UNKNOWN}. */
    public static Capability fromValue(String value) {
        return WrittenValue.find(values(), value, UNKNOWN);
    }

    @Override
    public String toString() {
        return value;
    }
}
