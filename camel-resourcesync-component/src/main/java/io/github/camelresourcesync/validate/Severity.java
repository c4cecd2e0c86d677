package io.github.camelresourcesync.validate;

/** How much a finding matters to a harvester of the Source. */
public enum Severity {
    /** A harvester may lose or corrupt data. */
    ERROR,
    /** A harvester may be slowed or confused. */
    WARNING,
    /** Worth knowing; no harm to a harvester. */
    INFO;

    /** The lower-case name used in headers, JSON and the report. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
