package io.github.camelresourcesync.harvest;

/**
 * What to do when the oldest Change List starts after the resume point, i.e. changes between the two were not
 * published any more and would be lost.
 */
public enum GapPolicy {
    /** Log a warning and run a baseline (with vanished-resource detection) to close the gap. The default. */
    BASELINE,
    /** Fail the poll with a {@link GapException}; nothing advances until an operator acts. */
    FAIL,
    /** Log a warning and continue with the changes that are listed. */
    IGNORE
}
