package io.github.camelresourcesync.harvest.audit;

import java.time.Duration;
import java.time.Instant;

/**
 * The outcome of one audit: counts of what was listed and of each discrepancy, and whether the audit reached the end
 * of every list and of the destination. A destination is in sync only when the audit is complete and found nothing.
 */
public final class AuditReport {

    private final String source;
    private final String destination;
    private final Instant started = Instant.now();
    private long listed;
    private long matching;
    private long missing;
    private long changed;
    private long extra;
    private long unverified;
    private boolean walked;
    private boolean complete;
    private Instant finished;

    AuditReport(String source, String destination) {
        this.source = source;
        this.destination = destination;
    }

    void count(AuditComparator.Kind kind) {
        listed++;
        switch (kind) {
            case SAME -> matching++;
            case CHANGED -> changed++;
            default -> unverified++;
        }
    }

    void countMissing() {
        listed++;
        missing++;
    }

    void countExtra() {
        extra++;
    }

    /** Every list and the whole destination were read. */
    void walked() {
        walked = true;
    }

    /** Called when the run ends: complete when everything was read and every event reported. */
    void finish(boolean everythingReported) {
        complete = walked && everythingReported;
        finished = Instant.now();
    }

    /** The Source audited (as configured). */
    public String source() {
        return source;
    }

    /** What was audited, e.g. {@code directory /data/mirror}. */
    public String destination() {
        return destination;
    }

    /** Resources listed by the Source (duplicates once). */
    public long listed() {
        return listed;
    }

    /** Listed resources the destination has in the listed version. */
    public long matching() {
        return matching;
    }

    public long missing() {
        return missing;
    }

    public long changed() {
        return changed;
    }

    public long extra() {
        return extra;
    }

    /** Listed resources the destination has but which publish no hash, length or lastmod to compare with. */
    public long unverified() {
        return unverified;
    }

    /** Every list and the whole destination were read, and every discrepancy event was reported. */
    public boolean complete() {
        return complete;
    }

    /** Complete, and no resource missing, changed or extra. */
    public boolean inSync() {
        return complete && missing == 0 && changed == 0 && extra == 0;
    }

    public Instant started() {
        return started;
    }

    public Instant finished() {
        return finished;
    }

    /** One line for logs and the report exchange's body. */
    @Override
    public String toString() {
        String verdict = !complete ? "INCOMPLETE (the audit stopped before the end; nothing is proven)"
                : inSync() ? "IN SYNC" : "OUT OF SYNC";
        long millis = finished == null ? 0 : Duration.between(started, finished).toMillis();
        return "Audit of " + destination + " against " + source + ": " + verdict + "; " + listed + " listed, "
               + matching + " matching, " + missing + " missing, " + changed + " changed, " + extra + " extra, "
               + unverified + " unverified (" + millis + " ms)";
    }
}
