package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.W3cDateTime;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;

/**
 * {@link W3cDateTime#parse} with a hand-written fast path for the shapes nearly every document uses
 * ({@code YYYY-MM-DD}, {@code YYYY-MM-DDThh:mm:ssZ}, {@code YYYY-MM-DDThh:mm:ss+hh:mm}), because the regular
 * expressions of the general parser dominate the cost of reading an entry. Anything else, including every invalid
 * value, goes to {@link W3cDateTime#parse}, so results and error messages are the same.
 */
final class FastDateTime {

    private static final int SECONDS_PER_DAY = 86_400;

    private FastDateTime() {
    }

    /**
     * @param value a trimmed value, or null
     * @return the instant, or {@code null} for {@code null}/blank input
     * @throws IllegalArgumentException when the value is not a W3C datetime
     */
    static Instant parse(String value) {
        if (value == null) {
            return null;
        }
        Instant fast = fastPath(value);
        return fast != null ? fast : W3cDateTime.parse(value);
    }

    private static Instant fastPath(String v) {
        int n = v.length();
        if (n != 10 && n != 20 && n != 25) {
            return null;
        }
        int year = digits(v, 0, 4);
        int month = digits(v, 5, 2);
        int day = digits(v, 8, 2);
        if (year < 0 || v.charAt(4) != '-' || month < 1 || month > 12 || v.charAt(7) != '-' || day < 1
                || day > Month.of(month).length(Year.isLeap(year))) {
            return null;
        }
        long epochSeconds = LocalDate.of(year, month, day).toEpochDay() * SECONDS_PER_DAY;
        if (n == 10) {
            return Instant.ofEpochSecond(epochSeconds);
        }
        char t = v.charAt(10);
        int hour = digits(v, 11, 2);
        int minute = digits(v, 14, 2);
        int second = digits(v, 17, 2);
        if ((t != 'T' && t != 't') || v.charAt(13) != ':' || v.charAt(16) != ':' || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return null;
        }
        epochSeconds += hour * 3600L + minute * 60L + second;
        char zone = v.charAt(19);
        if (n == 20) {
            return zone == 'Z' || zone == 'z' ? Instant.ofEpochSecond(epochSeconds) : null;
        }
        int offsetHours = digits(v, 20, 2);
        int offsetMinutes = digits(v, 23, 2);
        if ((zone != '+' && zone != '-') || v.charAt(22) != ':' || offsetHours < 0 || offsetHours > 17
                || offsetMinutes < 0 || offsetMinutes > 59) {
            return null;
        }
        long offset = offsetHours * 3600L + offsetMinutes * 60L;
        return Instant.ofEpochSecond(zone == '+' ? epochSeconds - offset : epochSeconds + offset);
    }

    /** The decimal number in {@code v[from, from+count)}, or -1 when a character is not an ASCII digit. */
    private static int digits(String v, int from, int count) {
        int result = 0;
        for (int i = from; i < from + count; i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            result = result * 10 + (c - '0');
        }
        return result;
    }
}
