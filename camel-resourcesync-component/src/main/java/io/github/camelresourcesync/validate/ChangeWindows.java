package io.github.camelresourcesync.validate;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The periods the Change Lists of one index or archive cover: they should follow one another without overlap and
 * without a gap, in order. Holds the entries of one index (at most the 50,000 of a Sitemap).
 */
final class ChangeWindows {

    private final List<Child> windows = new ArrayList<>();

    void add(Child child) {
        if (child.from() != null) {
            windows.add(child);
        }
    }

    void check(URI index, Findings findings) {
        for (int i = 1; i < windows.size(); i++) {
            if (windows.get(i).from().isBefore(windows.get(i - 1).from())) {
                Child c = windows.get(i);
                findings.add(index, c.uri().toString(), c.line(), Rule.WINDOW_ORDER,
                        "from " + c.from() + " comes before the previous entry's from " + windows.get(i - 1).from());
                break;
            }
        }
        List<Child> sorted = new ArrayList<>(windows);
        sorted.sort(Comparator.comparing(Child::from));
        for (int i = 1; i < sorted.size(); i++) {
            Child before = sorted.get(i - 1);
            Child after = sorted.get(i);
            String loc = after.uri().toString();
            if (before.until() == null) {
                findings.add(index, loc, after.line(), Rule.WINDOW_OVERLAP, "the open Change List " + before.uri()
                        + " (from " + before.from() + ", no until) overlaps this one (from " + after.from() + ")");
            } else if (after.from().isBefore(before.until())) {
                findings.add(index, loc, after.line(), Rule.WINDOW_OVERLAP, "from " + after.from() + " is before the"
                        + " until " + before.until() + " of " + before.uri());
            } else if (after.from().isAfter(before.until())) {
                findings.add(index, loc, after.line(), Rule.WINDOW_GAP, "changes between " + before.until() + " (until"
                        + " of " + before.uri() + ") and " + after.from() + " are in no Change List");
            }
        }
    }
}
