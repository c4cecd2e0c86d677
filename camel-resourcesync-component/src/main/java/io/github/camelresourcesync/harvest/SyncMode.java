package io.github.camelresourcesync.harvest;

/** How a Destination follows a Source. */
public enum SyncMode {
    /** Baseline once (Resource List), then incremental (Change List); repeated baseline when there is no Change List. */
    AUTO,
    /** Every poll compares the Resource List with what the destination has and emits what is new or changed. */
    BASELINE,
    /** Only Change Lists; without a resume point, every change currently listed is emitted. */
    INCREMENTAL,
    /**
     * Every poll compares what the destination has with the Resource List and emits one event per discrepancy
     * ({@code missing}, {@code changed}, {@code extra}) and a report; state is never changed. See the audit package.
     */
    AUDIT,
    /**
     * Every poll validates the whole Source against the specifications and emits one exchange per finding and a
     * report; nothing is synced and no state changes. See the validate package.
     */
    VALIDATE
}
