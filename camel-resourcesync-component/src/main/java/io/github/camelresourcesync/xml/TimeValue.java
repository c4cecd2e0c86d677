package io.github.camelresourcesync.xml;

import java.time.Instant;

/**
 * One datetime of an entry as read: the common shapes already converted (no String made), anything else kept as text
 * and converted, or refused with a message naming the entry, once the entry is complete. Reusable.
 */
final class TimeValue {

    private boolean present;
    private long epochSecond;
    /** the value when the fast path did not take it */
    private String text;

    void reset() {
        present = false;
        text = null;
    }

    boolean isPresent() {
        return present;
    }

    void read(AttributeValue value) {
        present = true;
        epochSecond = FastDateTime.epochSecond(value.buffer(), value.start(), value.end());
        text = epochSecond == FastDateTime.NOT_FAST ? value.toString() : null;
    }

    /**
     * @param trimmed element text, trimmed; empty counts as absent
     * @param scratch at least 25 characters, to read it without allocating
     */
    void read(String trimmed, char[] scratch) {
        int n = trimmed.length();
        if (n == 0) {
            reset();
            return;
        }
        present = true;
        epochSecond = FastDateTime.NOT_FAST;
        if (n <= scratch.length) {
            trimmed.getChars(0, n, scratch, 0);
            epochSecond = FastDateTime.epochSecond(scratch, 0, n);
        }
        text = epochSecond == FastDateTime.NOT_FAST ? trimmed : null;
    }

    /** For an attribute such as {@code rs:md at}: strict, see {@link Attributes#time}. */
    Instant attribute(Problems problems, String attribute) throws DocumentException {
        if (!present) {
            return null;
        }
        return text == null ? Instant.ofEpochSecond(epochSecond) : Attributes.time(problems, attribute, text);
    }

    /** For the text of an element such as {@code <lastmod>}: strict, see {@link Attributes#elementTime}. */
    Instant element(Problems problems, String element) throws DocumentException {
        if (!present) {
            return null;
        }
        return text == null ? Instant.ofEpochSecond(epochSecond) : Attributes.elementTime(problems, element, text);
    }
}
