package io.github.camelresourcesync.xml;

/** A {@code length} attribute as read: digits converted on the spot, anything else kept to be reported. Reusable. */
final class LengthValue {

    private static final int MAX_DIGITS = 18;

    private boolean present;
    private long value;
    /** the value when it is not a non-negative integer */
    private String text;

    void reset() {
        present = false;
        text = null;
    }

    void read(AttributeValue attribute) {
        present = true;
        value = nonNegative(attribute.buffer(), attribute.start(), attribute.end());
        text = value < 0 ? attribute.toString() : null;
    }

    /** Lenient, as {@link Attributes#length}: an invalid value is reported and dropped. */
    Long build(Problems problems, String name) {
        if (!present) {
            return null;
        }
        return text == null ? Long.valueOf(value) : Attributes.length(problems, name, text);
    }

    /** Decimal digits only (no sign), as {@link Attributes#length} accepts them; -1 when invalid or too long. */
    private static long nonNegative(char[] v, int start, int end) {
        if (end <= start || end - start > MAX_DIGITS) {
            return -1;
        }
        long result = 0;
        for (int i = start; i < end; i++) {
            char c = v[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            result = result * 10 + (c - '0');
        }
        return result;
    }
}
