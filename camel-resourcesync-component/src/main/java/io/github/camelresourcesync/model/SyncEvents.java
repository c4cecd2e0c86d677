package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;

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
     * A relative path for a resource, safe and unique under a mirror directory: the location's path relative to the
     * Source's origin ({@code http://host:port/res/1.txt} from a Source at {@code http://host:port/} gives
     * {@code res/1.txt}); see {@link FileNames} for the whole mapping.
     */
    public static String fileName(URI location, URI sourceOrigin) {
        return FileNames.of(location, sourceOrigin);
    }
}
