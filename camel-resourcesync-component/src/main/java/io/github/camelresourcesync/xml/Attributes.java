package io.github.camelresourcesync.xml;

import java.time.Instant;

/** Conversions of attribute values shared by {@code rs:md} and {@code rs:ln}. */
final class Attributes {

    private Attributes() {
    }

    /** Strict: a time that cannot be read would misorder changes or move a resume point. */
    static Instant time(Problems problems, String attribute, String value) throws DocumentException {
        try {
            Instant time = FastDateTime.parse(value);
            warnIfNoZone(problems, attribute + "=\"" + Problems.shorten(value) + "\"", value);
            return time;
        } catch (IllegalArgumentException e) {
            throw notADatetime(problems, attribute + "=\"" + Problems.shorten(value) + "\"");
        }
    }

    /** {@link #time(Problems, String, String)} for the text of an element such as {@code <lastmod>}. */
    static Instant elementTime(Problems problems, String element, String value) throws DocumentException {
        try {
            Instant time = FastDateTime.parse(value);
            warnIfNoZone(problems, "<" + element + ">" + Problems.shorten(value) + "</" + element + ">", value);
            return time;
        } catch (IllegalArgumentException e) {
            throw notADatetime(problems, "<" + element + ">" + Problems.shorten(value) + "</" + element + ">");
        }
    }

    /** W3C Datetime requires a zone designator on a time; without one the time is read as UTC, which may be wrong. */
    private static void warnIfNoZone(Problems problems, String what, String value) {
        if (value == null) {
            return; // an absent attribute: no time to read
        }
        String v = value.trim();
        if (v.length() > 10 && !hasZone(v.substring(11))) {
            problems.warn(what + " has a time without a time zone designator; read as UTC");
        }
    }

    private static boolean hasZone(String time) {
        return time.indexOf('Z') >= 0 || time.indexOf('z') >= 0 || time.indexOf('+') >= 0 || time.indexOf('-') >= 0;
    }

    private static DocumentException notADatetime(Problems problems, String what) {
        return problems.error(what + " is not a W3C datetime (expected e.g. 2013-01-03T09:00:00Z)");
    }

    /** Lenient: without a length the hash (if any) still checks the content; the value is reported and dropped. */
    static Long length(Problems problems, String name, String value) {
        if (value == null) {
            return null;
        }
        long result = parseNonNegative(value);
        if (result < 0) {
            problems.warn(name + "=\"" + value + "\" is not a non-negative integer; ignored");
            return null;
        }
        return result;
    }

    /** Lenient: a link priority only orders mirrors. */
    static Integer pri(Problems problems, String value) {
        if (value == null) {
            return null;
        }
        long result = parseNonNegative(value);
        if (result < 0 || result > Integer.MAX_VALUE) {
            problems.warn("rs:ln pri=\"" + value + "\" is not a non-negative integer; ignored");
            return null;
        }
        return (int) result;
    }

    /** Decimal digits only (no sign, no exception on bad input); -1 when invalid or too long. */
    private static long parseNonNegative(String value) {
        if (value.isEmpty() || value.length() > 18) {
            return -1;
        }
        long result = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            result = result * 10 + (c - '0');
        }
        return result;
    }
}
