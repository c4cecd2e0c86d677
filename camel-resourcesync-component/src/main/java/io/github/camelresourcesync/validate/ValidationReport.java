package io.github.camelresourcesync.validate;

import java.net.URI;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * What a validation found, counted: findings by severity and by rule, documents and entries read, resources sampled.
 * A Source is {@link #valid()} when the validation was complete and found no error.
 */
public final class ValidationReport {

    private final URI source;
    private final Map<Severity, Long> bySeverity = new EnumMap<>(Severity.class);
    private final Map<Rule, Long> byRule = new EnumMap<>(Rule.class);
    private long documents;
    private long entries;
    private long sampled;
    private boolean complete;
    private Duration took = Duration.ZERO;

    ValidationReport(URI source) {
        this.source = source;
    }

    synchronized void count(Finding f) {
        bySeverity.merge(f.severity(), 1L, Long::sum);
        byRule.merge(f.rule(), 1L, Long::sum);
    }

    synchronized void documentRead(long entriesInIt) {
        documents++;
        entries += entriesInIt;
    }

    synchronized void resourceSampled() {
        sampled++;
    }

    synchronized void finish(boolean wasComplete, Duration duration) {
        complete = wasComplete;
        took = duration;
    }

    public URI source() {
        return source;
    }

    public synchronized long count(Severity severity) {
        return bySeverity.getOrDefault(severity, 0L);
    }

    public synchronized long count(Rule rule) {
        return byRule.getOrDefault(rule, 0L);
    }

    /** Findings per rule, in the order of {@link Rule}; rules with none are left out. */
    public synchronized Map<Rule, Long> byRule() {
        return new EnumMap<>(byRule.isEmpty() ? Map.of() : byRule);
    }

    public long errors() {
        return count(Severity.ERROR);
    }

    public long warnings() {
        return count(Severity.WARNING);
    }

    public long infos() {
        return count(Severity.INFO);
    }

    public synchronized long documents() {
        return documents;
    }

    public synchronized long entries() {
        return entries;
    }

    public synchronized long sampled() {
        return sampled;
    }

    /** Whether the whole Source was walked (not stopped by shutdown or by a failing route). */
    public synchronized boolean complete() {
        return complete;
    }

    public synchronized Duration took() {
        return took;
    }

    /** Complete and without errors. */
    public boolean valid() {
        return complete() && errors() == 0;
    }

    /** The report as a person reads it: a summary line, then the count of each rule found. */
    public String text() {
        StringBuilder sb = new StringBuilder(toString());
        byRule().forEach((rule, n) -> sb.append(System.lineSeparator()).append(String.format("  %-8s %-22s %8d  %s",
                rule.severity().label(), rule.id(), n, rule.section())));
        return sb.toString();
    }

    /** The report as JSON (counts, no findings: those stream separately). */
    public String json() {
        StringBuilder sb = new StringBuilder("{");
        sb.append("\"source\":").append(Json.string(String.valueOf(source)));
        sb.append(",\"valid\":").append(valid()).append(",\"complete\":").append(complete());
        sb.append(",\"errors\":").append(errors()).append(",\"warnings\":").append(warnings());
        sb.append(",\"infos\":").append(infos()).append(",\"documents\":").append(documents());
        sb.append(",\"entries\":").append(entries()).append(",\"sampled\":").append(sampled());
        sb.append(",\"millis\":").append(took().toMillis()).append(",\"rules\":{");
        boolean first = true;
        for (Map.Entry<Rule, Long> e : byRule().entrySet()) {
            sb.append(first ? "" : ",").append(Json.string(e.getKey().id())).append(':').append(e.getValue());
            first = false;
        }
        return sb.append("}}").toString();
    }

    @Override
    public String toString() {
        return "Validation of " + source + ": " + (valid() ? "VALID" : complete() ? "INVALID" : "INCOMPLETE") + "; "
               + errors() + " errors, " + warnings() + " warnings, " + infos() + " infos; " + documents()
               + " documents, " + entries() + " entries read, " + sampled() + " resources sampled, in "
               + took().toMillis() + " ms";
    }
}
