package io.github.camelresourcesync.component.publish;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one byte range a {@code Range} header asks of a file (RFC 9110 14.1.2): {@code bytes=first-last},
 * {@code bytes=first-} or the suffix {@code bytes=-n}.
 *
 * @param first the first byte served
 * @param last  the last byte served, inclusive
 */
record ByteRange(long first, long last) {

    /** Starts beyond the end of the file (or asks for no bytes): 416. */
    static final ByteRange UNSATISFIABLE = new ByteRange(-1, -1);

    private static final Pattern SPEC = Pattern.compile("bytes[ \\t]*=[ \\t]*(\\d*)-(\\d*)[ \\t]*",
            Pattern.CASE_INSENSITIVE);

    /**
     * @return the range of a file of {@code size} bytes, {@link #UNSATISFIABLE}, or null when the header is not one
     *         byte range (several ranges, another unit, bad syntax): RFC 9110 lets a server ignore it and answer the
     *         whole file
     */
    static ByteRange parse(String header, long size) {
        Matcher m = SPEC.matcher(header);
        if (!m.matches() || m.group(1).isEmpty() && m.group(2).isEmpty()) {
            return null;
        }
        if (m.group(1).isEmpty()) {
            long suffix = number(m.group(2));
            return suffix == 0 || size == 0 ? UNSATISFIABLE : new ByteRange(Math.max(0, size - suffix), size - 1);
        }
        long first = number(m.group(1));
        long last = m.group(2).isEmpty() ? Long.MAX_VALUE : number(m.group(2));
        if (last < first) {
            return null;
        }
        return first >= size ? UNSATISFIABLE : new ByteRange(first, Math.min(last, size - 1));
    }

    long length() {
        return last - first + 1;
    }

    /** Digits as a number; more than a long holds is as good as infinite here. */
    private static long number(String digits) {
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }
}
