package io.github.camelresourcesync.model;

/** The {@code change} attribute of Change List entries, and the change a sync event reports. */
public enum ChangeType implements WrittenValue {
    CREATED("created"),
    UPDATED("updated"),
    DELETED("deleted");

    private final String value;

    ChangeType(String value) {
        this.value = value;
    }

    @Override
    public String value() {
        return value;
    }

    /** @return the change type, or {@code null} when the value is absent or not one of the three. */
    public static ChangeType fromValue(String value) {
        return WrittenValue.find(values(), value, null);
    }

    @Override
    public String toString() {
        return value;
    }
}
