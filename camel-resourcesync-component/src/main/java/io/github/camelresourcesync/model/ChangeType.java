package io.github.camelresourcesync.model;

import java.util.Locale;

/** The {@code change} attribute of Change List entries, and the change a sync event reports. */
public enum ChangeType {
    CREATED("created"),
    UPDATED("updated"),
    DELETED("deleted");

    private final String value;

    ChangeType(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    /** @return the change type, or {@code null} when the value is absent or not one of the three. */
    public static ChangeType fromValue(String value) {
        if (value == null) {
            return null;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (ChangeType c : values()) {
            if (c.value.equals(v)) {
                return c;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return value;
    }
}
