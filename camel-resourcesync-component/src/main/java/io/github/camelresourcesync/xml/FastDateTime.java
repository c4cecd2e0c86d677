package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.W3cDateTime;

import java.time.Instant;

/**
 * {@link W3cDateTime#parse} with a hand-written fast path for the shapes nearly every document uses
 * ({@code YYYY-MM-DD}, {@code YYYY-MM-DDThh:mm:ssZ}, {@code YYYY-MM-DDThh:mm:ss+hh:mm}), because the regular
 * expressions of the general parser dominate the cost of reading an entry. Anything else, including every invalid
 * value, goes to {@link W3cDateTime#parse}, so results and error messages are the same. The fast path reads the
 * parser's characters directly and allocates nothing.
 */
final class FastDateTime {

    /** Returned by {@link #epochSecond} for a value the fast path does not handle. */
    static final long NOT_FAST = Long.MIN_VALUE;

    private static final int SECONDS_PER_DAY = 86_400;
    /** Days from 0000-01-01 to 1970-01-01 in the proleptic Gregorian calendar, as {@code LocalDate} counts them. */
    private static final long DAYS_0000_TO_1970 = 719_528L;
    private static final int LONGEST = 25;

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
        int n = value.length();
        if (n <= LONGEST) {
            char[] chars = new char[n];
            value.getChars(0, n, chars, 0);
            long seconds = epochSecond(chars, 0, n);
            if (seconds != NOT_FAST) {
                return Instant.ofEpochSecond(seconds);
            }
        }
        return W3cDateTime.parse(value);
    }

    /**
     * The fast path alone: seconds since the epoch of {@code v[start, end)}, or {@link #NOT_FAST} when the value is
     * not one of the common shapes (it may still be valid: ask {@link #parse}).
     */
    static long epochSecond(char[] v, int start, int end) {
        int n = end - start;
        if (n != 10 && n != 20 && n != 25) {
            return NOT_FAST;
        }
        int s = start;
        int year = twoDigits(v, s) * 100 + twoDigits(v, s + 2); // negative when a character is no digit
        int month = twoDigits(v, s + 5);
        int day = twoDigits(v, s + 8);
        if (year < 0 || v[s + 4] != '-' || month < 1 || month > 12 || v[s + 7] != '-' || day < 1
                || day > daysInMonth(year, month)) {
            return NOT_FAST;
        }
        long epochSeconds = epochDay(year, month, day) * SECONDS_PER_DAY;
        if (n == 10) {
            return epochSeconds;
        }
        char t = v[s + 10];
        int hour = twoDigits(v, s + 11);
        int minute = twoDigits(v, s + 14);
        int second = twoDigits(v, s + 17);
        if ((t != 'T' && t != 't') || v[s + 13] != ':' || v[s + 16] != ':' || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return NOT_FAST;
        }
        epochSeconds += hour * 3600L + minute * 60L + second;
        char zone = v[s + 19];
        if (n == 20) {
            return zone == 'Z' || zone == 'z' ? epochSeconds : NOT_FAST;
        }
        int offsetHours = twoDigits(v, s + 20);
        int offsetMinutes = twoDigits(v, s + 23);
        if ((zone != '+' && zone != '-') || v[s + 22] != ':' || offsetHours < 0 || offsetHours > 17
                || offsetMinutes < 0 || offsetMinutes > 59) {
            return NOT_FAST;
        }
        long offset = offsetHours * 3600L + offsetMinutes * 60L;
        return zone == '+' ? epochSeconds - offset : epochSeconds + offset;
    }

    /** As {@code LocalDate.of(year, month, day).toEpochDay()} for years 0 to 9999. */
    private static long epochDay(int year, int month, int day) {
        long y = year;
        long total = 365 * y + (y + 3) / 4 - (y + 99) / 100 + (y + 399) / 400;
        total += (367 * month - 362) / 12 + day - 1;
        if (month > 2) {
            total -= isLeap(year) ? 1 : 2;
        }
        return total - DAYS_0000_TO_1970;
    }

    private static int daysInMonth(int year, int month) {
        return switch (month) {
            case 2 -> isLeap(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    private static boolean isLeap(int year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /**
     * The number written by the ASCII digits {@code v[at]} and {@code v[at+1]}, or -10000 when one is no digit:
     * negative even as the high part of a year ({@code * 100 + 99}) or its low part ({@code 99 * 100 + ...}).
     */
    private static int twoDigits(char[] v, int at) {
        int tens = v[at] - '0';
        int ones = v[at + 1] - '0';
        return (tens | ones | (9 - tens) | (9 - ones)) < 0 ? -10_000 : tens * 10 + ones;
    }
}
