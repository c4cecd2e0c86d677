package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.model.Printable;

import java.net.URI;

/**
 * One way the Source departs from the specification.
 *
 * @param document the document it was found in (or the URL checked: a discovery route, a resource, a hub)
 * @param loc      the entry's {@code loc}, or {@code null} for the document itself
 * @param line     the line of the entry in the document, or -1 when not known
 * @param rule     the rule broken
 * @param severity how much it matters (usually the rule's own)
 * @param expected what the specification asks for
 * @param found    what the Source has (values from the Source already made printable)
 */
public record Finding(URI document, String loc, long line, Rule rule, Severity severity, String expected,
                      String found) {

    private static final int MAX_VALUE = 500;

    public Finding {
        loc = loc == null ? null : Printable.escaped(loc, MAX_VALUE);
        found = found == null ? "" : Printable.escaped(found, MAX_VALUE);
        expected = expected == null ? rule.expects() : expected;
        severity = severity == null ? rule.severity() : severity;
    }

    /** One line for logs and the text report. */
    public String message() {
        StringBuilder sb = new StringBuilder();
        sb.append(severity.label().toUpperCase(java.util.Locale.ROOT)).append(' ').append(rule.id())
                .append(" (").append(rule.section()).append("): ").append(found);
        sb.append("; expected ").append(expected);
        sb.append(" [").append(document);
        if (loc != null) {
            sb.append(", entry ").append(loc);
        }
        if (line > 0) {
            sb.append(", line ").append(line);
        }
        return sb.append(']').toString();
    }

    @Override
    public String toString() {
        return message();
    }
}
