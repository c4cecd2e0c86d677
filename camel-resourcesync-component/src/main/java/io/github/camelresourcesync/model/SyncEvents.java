package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Locale;

/** Derivations every producer of sync events shares, so the same change gets the same id and file name everywhere. */
public final class SyncEvents {

    /** 10000-01-01T00:00:00Z: from there on, years have more than four digits. */
    private static final long MAX_FAST_SECONDS = 253_402_300_800L;

    private SyncEvents() {
    }

    /**
     * A stable id for one change of one resource: {@code location@datetime}. The hash is added only when there is no
     * time, so a change seen in a notification and later in a Change List (which may differ in what fixity they
     * publish) gets the same id.
     */
    public static String eventId(URI location, Instant datetime, Hashes hash) {
        String loc = location.toString();
        if (datetime != null) {
            // room for the longest time appendInstant writes, so the builder never grows (this runs per event)
            StringBuilder sb = new StringBuilder(loc.length() + 32).append(loc);
            appendInstant(sb.append('@'), datetime);
            return sb.toString();
        }
        // a concatenation allocates the result once, at its exact size
        return hash != null && !hash.isEmpty() ? loc + '#' + hash : loc;
    }

    /** Appends exactly what {@link Instant#toString()} gives, without its formatter (a listing does this per event). */
    static void appendInstant(StringBuilder sb, Instant t) {
        long seconds = t.getEpochSecond();
        if (seconds < 0 || seconds >= MAX_FAST_SECONDS) {
            sb.append(t); // before 1970 or after 9999: the formatter's own rules
            return;
        }
        LocalDate d = LocalDate.ofEpochDay(seconds / 86_400);
        int s = (int) (seconds % 86_400);
        sb.append(d.getYear()).append('-');
        two(sb, d.getMonthValue()).append('-');
        two(sb, d.getDayOfMonth()).append('T');
        two(sb, s / 3600).append(':');
        two(sb, s / 60 % 60).append(':');
        two(sb, s % 60);
        int nanos = t.getNano();
        if (nanos != 0) {
            // as Instant.toString: 3, 6 or 9 fraction digits, as many as needed
            int digits = nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
            int value = digits == 3 ? nanos / 1_000_000 : digits == 6 ? nanos / 1_000 : nanos;
            String text = Integer.toString(value);
            sb.append('.');
            for (int i = text.length(); i < digits; i++) {
                sb.append('0');
            }
            sb.append(text);
        }
        sb.append('Z');
    }

    private static StringBuilder two(StringBuilder sb, int v) {
        return sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }

    /**
     * A relative path for a resource, safe under a mirror directory: the location's path relative to the Source's
     * origin ({@code http://host:port/res/1.txt} from a Source at {@code http://host:port/} gives {@code res/1.txt});
     * resources on another origin go under {@code host[_port]/path}. Dot segments are dropped, so a path can never
     * climb out of the directory; a path ending in {@code /} gets {@code index}; a query is kept, made file-safe.
     */
    public static String fileName(URI location, URI sourceOrigin) {
        StringBuilder sb = new StringBuilder(64);
        if (sourceOrigin == null || !sameOrigin(location, sourceOrigin)) {
            String host = location.getHost() == null ? "local" : location.getHost().toLowerCase(Locale.ROOT);
            sb.append(host);
            if (location.getPort() != -1) {
                sb.append('_').append(location.getPort());
            }
        }
        String path = location.getPath() == null ? "" : location.getPath();
        int i = 0;
        int n = path.length();
        while (i < n) {
            int end = path.indexOf('/', i);
            if (end < 0) {
                end = n;
            }
            appendSegment(sb, path, i, end);
            i = end + 1;
        }
        if (path.isEmpty() || path.endsWith("/")) {
            separator(sb).append("index");
        }
        String query = location.getRawQuery();
        if (query != null && !query.isEmpty()) {
            sb.append('_');
            appendSafe(sb, query, 0, query.length());
        }
        return sb.toString();
    }

    /** Appends one path segment, skipping empty and dot segments so a name never climbs out of its directory. */
    private static void appendSegment(StringBuilder sb, String path, int from, int to) {
        int len = to - from;
        if (len == 0 || len == 1 && path.charAt(from) == '.'
            || len == 2 && path.charAt(from) == '.' && path.charAt(from + 1) == '.') {
            return;
        }
        separator(sb);
        appendSafe(sb, path, from, to);
    }

    private static StringBuilder separator(StringBuilder sb) {
        if (sb.length() > 0) {
            sb.append('/');
        }
        return sb;
    }

    private static boolean sameOrigin(URI a, URI b) {
        return eq(a.getScheme(), b.getScheme()) && eq(a.getHost(), b.getHost()) && effectivePort(a) == effectivePort(b);
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static int effectivePort(URI u) {
        if (u.getPort() != -1) {
            return u.getPort();
        }
        return "https".equalsIgnoreCase(u.getScheme()) ? 443 : "http".equalsIgnoreCase(u.getScheme()) ? 80 : -1;
    }

    /** Keeps letters, digits and {@code . - _ ~ %}; anything else (including a backslash and NUL) becomes {@code _}. */
    private static void appendSafe(StringBuilder sb, String s, int from, int to) {
        // most names are safe ASCII throughout: test with a table, copy in one go
        int i = from;
        while (i < to && s.charAt(i) < 0x80 && SAFE_ASCII[s.charAt(i)]) {
            i++;
        }
        sb.append(s, from, i);
        for (; i < to; i++) {
            char c = s.charAt(i);
            sb.append(isSafe(c) ? c : '_');
        }
    }

    private static boolean isSafe(char c) {
        return Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' || c == '~' || c == '%';
    }

    private static final boolean[] SAFE_ASCII = safeAscii();

    private static boolean[] safeAscii() {
        boolean[] safe = new boolean[0x80];
        for (char c = 0; c < 0x80; c++) {
            safe[c] = isSafe(c);
        }
        return safe;
    }
}
