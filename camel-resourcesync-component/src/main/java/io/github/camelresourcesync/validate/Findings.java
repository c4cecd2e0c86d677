package io.github.camelresourcesync.validate;

import java.net.URI;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where checks report: counts every finding in the report, hands it to the listener, and per document hands out at
 * most {@code perRule} findings of one rule (a Source that breaks a rule on each of a million entries gives twenty
 * findings and one that says how many more there were, while the report counts all).
 */
final class Findings {

    private final ValidationReport report;
    private final Consumer<Finding> listener;
    private final int perRule;
    private final Map<Rule, long[]> suppressed = new EnumMap<>(Rule.class);
    private final Map<Rule, Integer> shown = new EnumMap<>(Rule.class);
    private URI document;

    Findings(ValidationReport report, Consumer<Finding> listener, int perRule) {
        this.report = report;
        this.listener = listener;
        this.perRule = perRule;
    }

    /** Starts counting per rule for another document; returns the previous one (to go back to after a child). */
    URI enter(URI doc) {
        URI previous = document;
        flushSuppressed();
        document = doc;
        return previous;
    }

    /** Ends the document: sums up what was held back. */
    void leave(URI previous) {
        flushSuppressed();
        document = previous;
    }

    void add(URI doc, String loc, long line, Rule rule, String found) {
        add(new Finding(doc, loc, line, rule, null, null, found));
    }

    void add(URI doc, String loc, long line, Rule rule, String expected, String found) {
        add(new Finding(doc, loc, line, rule, null, expected, found));
    }

    void add(Finding f) {
        report.count(f);
        if (f.document() != null && f.document().equals(document)) {
            int n = shown.merge(f.rule(), 1, Integer::sum);
            if (n > perRule) {
                suppressed.computeIfAbsent(f.rule(), r -> new long[1])[0]++;
                return;
            }
        }
        listener.accept(f);
    }

    private void flushSuppressed() {
        for (Map.Entry<Rule, long[]> e : suppressed.entrySet()) {
            Rule rule = e.getKey();
            // a summary, not one more occurrence: handed out without counting it again
            listener.accept(new Finding(document, null, -1, rule, null, null,
                    e.getValue()[0] + " more entries of this document break this rule (the first " + perRule
                    + " are reported)"));
        }
        suppressed.clear();
        shown.clear();
    }
}
