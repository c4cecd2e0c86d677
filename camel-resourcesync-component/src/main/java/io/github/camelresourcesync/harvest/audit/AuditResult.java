package io.github.camelresourcesync.harvest.audit;

import io.github.camelresourcesync.model.ChangeType;

/**
 * What an audit found for one resource. Each kind maps to the change that repairs it, which is the event's
 * {@code change}: a route that sends audit events to a mirror repairs it.
 */
public enum AuditResult {
    /** listed, the destination does not have it: {@code created} */
    MISSING("missing", ChangeType.CREATED),
    /** listed, the destination has another version: {@code updated} */
    CHANGED("changed", ChangeType.UPDATED),
    /** the destination has it, the Source does not list it: {@code deleted} */
    EXTRA("extra", ChangeType.DELETED);

    /** The event header naming the result (an extra header of the sync event). */
    public static final String HEADER = "CamelResourceSyncAuditResult";
    /** The event header saying what differs, for {@code changed}. */
    public static final String REASON_HEADER = "CamelResourceSyncAuditReason";

    private final String value;
    private final ChangeType repair;

    AuditResult(String value, ChangeType repair) {
        this.value = value;
        this.repair = repair;
    }

    public String value() {
        return value;
    }

    /** The change that makes the destination equal to the Source again. */
    public ChangeType repair() {
        return repair;
    }
}
