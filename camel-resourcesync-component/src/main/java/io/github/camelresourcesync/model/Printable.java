package io.github.camelresourcesync.model;

/**
 * The one way a value from outside (a header, a document, a request, an exception message) goes into a log line or
 * an error message: characters that could forge a log line or break an XML or JSON report (controls, line and
 * paragraph separators, unpaired surrogates, U+FFFE/U+FFFF) and the quote and backslash are written as escapes, and
 * the value is cut at a length, so a hostile value can neither fake a second log line nor flood the log.
 */
public final class Printable {

    /** How much of a value a message shows by default: enough to recognise it, too little to flood a log. */
    public static final int SHOWN = 200;

    private Printable() {
    }

    /** {@link #escaped(Object, int)} cut at {@link #SHOWN}. */
    public static String escaped(Object value) {
        return escaped(value, SHOWN);
    }

    /** {@link #quoted(Object, int)} cut at {@link #SHOWN}. */
    public static String quoted(Object value) {
        return quoted(value, SHOWN);
    }

    /** The value escaped and cut after {@code max} characters (marked with {@code ...}); {@code "null"} for null. */
    public static String escaped(Object value, int max) {
        String s = String.valueOf(value);
        StringBuilder b = new StringBuilder(Math.min(s.length(), max) + 8);
        int i = 0;
        for (; i < s.length() && i < max; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
            } else if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c)
                       || c == '\uFFFE' || c == '\uFFFF') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return i < s.length() ? b.append("...").toString() : b.toString();
    }

    /** {@link #escaped} in double quotes; {@code none} for null. */
    public static String quoted(Object value, int max) {
        return value == null ? "none" : "\"" + escaped(value, max) + "\"";
    }
}
