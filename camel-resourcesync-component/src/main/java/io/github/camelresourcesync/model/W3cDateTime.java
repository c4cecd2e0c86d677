package io.github.camelresourcesync.model;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and formats the W3C Datetime profile of ISO 8601 used by Sitemaps and ResourceSync: {@code YYYY},
 * {@code YYYY-MM}, {@code YYYY-MM-DD}, and {@code YYYY-MM-DDThh:mm[:ss[.s+]]TZD}. Values without a time are taken as
 * the start of that period in UTC; a time without a zone designator (not allowed, but seen) is taken as UTC.
 */
public final class W3cDateTime {

    private static final Pattern DATE_ONLY = Pattern.compile("(\\d{4})(?:-(\\d{2})(?:-(\\d{2}))?)?");
    private static final Pattern DATE_TIME = Pattern
            .compile("(\\d{4}-\\d{2}-\\d{2})[Tt ](\\d{2}:\\d{2})(:\\d{2}(?:[.,]\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?");

    private W3cDateTime() {
    }

    /**
     * @return the instant, or {@code null} for {@code null}/blank input
     * @throws IllegalArgumentException when the value is not a W3C datetime
     */
    public static Instant parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        Matcher d = DATE_ONLY.matcher(v);
        if (d.matches()) {
            int year = Integer.parseInt(d.group(1));
            int month = d.group(2) == null ? 1 : Integer.parseInt(d.group(2));
            int day = d.group(3) == null ? 1 : Integer.parseInt(d.group(3));
            try {
                return LocalDate.of(year, month, day).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("'" + value + "' is not a valid W3C datetime", e);
            }
        }
        Matcher m = DATE_TIME.matcher(v);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + value + "' is not a W3C datetime (expected e.g. 2013-01-03T09:00:00Z)");
        }
        String seconds = m.group(3) == null ? ":00" : m.group(3).replace(',', '.');
        String zone = m.group(4) == null || m.group(4).equalsIgnoreCase("z") ? "Z" : m.group(4);
        if (zone.length() == 5) {
            zone = zone.substring(0, 3) + ":" + zone.substring(3);
        }
        try {
            return OffsetDateTime.parse(m.group(1) + "T" + m.group(2) + seconds + zone).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + value + "' is not a valid W3C datetime", e);
        }
    }

    /** ISO 8601 in UTC with {@code Z}, as {@link Instant#toString()} writes it. */
    public static String format(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
