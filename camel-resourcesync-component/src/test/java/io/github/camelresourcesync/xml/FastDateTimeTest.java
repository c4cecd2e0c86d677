package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.camelresourcesync.model.W3cDateTime;

import java.time.Instant;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fast path must agree with {@link W3cDateTime#parse} on every input, valid or not; it must take every common shape
 * up to the last day, hour, minute, second and offset of its range (or reading a list gets slow) and must decline every
 * value it cannot vouch for (or an impossible date would slip through).
 */
class FastDateTimeTest {

    @ParameterizedTest
    @ValueSource(strings = { "2013-01-03T09:00:00Z", "2013-01-03t09:00:00z", "2013-01-03", "2013-01", "2013",
            "2012-02-29", "2000-02-29T23:59:59Z", "1970-01-01T00:00:00Z", "0001-01-01T00:00:00Z",
            "2013-01-03T09:00:00+02:00", "2013-01-03T09:00:00-05:30", "2013-01-03T09:00:00+00:00",
            "2013-01-03T09:00:00-00:00", "2013-01-03T09:00:00+17:59", "2013-01-03T09:00:00+18:00",
            "2013-01-03T09:00:00.123Z", "2013-01-03T09:00Z", "2013-01-03 09:00:00Z", "2013-01-03T09:00:00",
            "2013-01-03T09:00:00+0200", "0000-02-29", "0000-03-01T00:00:00Z", "2400-02-29T12:00:00Z",
            "2100-02-28T23:59:59-17:59", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z" })
    void agreesOnValidValues(String value) {
        assertEquals(W3cDateTime.parse(value), FastDateTime.parse(value), value);
    }

    @ParameterizedTest
    @ValueSource(strings = { "2013-02-29", "2013-02-29T00:00:00Z", "2013-13-01T00:00:00Z", "2013-00-01", "2013-01-00",
            "2013-01-03T24:00:00Z", "2013-01-03T23:60:00Z", "2013-01-03T23:59:60Z", "2013-01-03X09:00:00Z",
            "2013-01-03T09:00:00Y", "2013-01-03T09:00:00+02-00", "2013-01-03T09:00:00+19:00", "2013-1-03",
            "yesterday", "2013-01-03T09:00:00+02:60", "２０１３-01-03", "2100-02-29", "1900-02-29T00:00:00Z",
            "2013-01-0/", "2013-01-03T0:-00:00Z", "20a3-01-03", "2a13-01-03T09:00:00Z",
            "201a-01-03T09:00:00+01:00", "2013-0a-03" })
    void agreesOnInvalidValues(String value) {
        IllegalArgumentException expected = assertThrows(IllegalArgumentException.class, () -> W3cDateTime.parse(value));
        IllegalArgumentException actual = assertThrows(IllegalArgumentException.class, () -> FastDateTime.parse(value));
        assertEquals(expected.getMessage(), actual.getMessage());
    }

    @Test
    void agreesOnRandomTimestamps() {
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_135_596_800L, 253_402_300_799L));
            String value = instant.toString();
            assertEquals(instant, FastDateTime.parse(value), value);
            int offsetMinutes = random.nextInt(-17 * 60, 17 * 60);
            String withOffset = instant.atOffset(java.time.ZoneOffset.ofTotalSeconds(offsetMinutes * 60))
                    .format(java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx"));
            if (withOffset.length() == 25) {
                assertEquals(W3cDateTime.parse(withOffset), FastDateTime.parse(withOffset), withOffset);
            }
        }
    }

    private static long fast(String value) {
        return FastDateTime.epochSecond(value.toCharArray(), 0, value.length());
    }

    @ParameterizedTest
    @ValueSource(strings = { "2013-01-01", "2013-01-31", "2013-12-01", "2013-12-31", "2013-04-30", "2013-02-28",
            "2012-02-29", "2000-02-29", "2400-02-29", "0000-03-01", "0000-01-01", "9999-12-31", "1969-12-31",
            "2013-01-01T00:00:00Z", "2013-12-31T23:59:59Z", "2013-06-30T23:00:00z", "2013-06-30t00:59:00Z",
            "2013-06-30T12:00:59Z", "2013-11-30T08:15:30Z", "2013-01-03T09:00:00+00:00", "2013-01-03T09:00:00-00:00",
            "2013-01-03T09:00:00+17:59", "2013-01-03T09:00:00-17:59", "2013-01-03T09:00:00+00:59",
            "2013-01-03T09:00:00-05:30", "2013-01-01T00:30:00+01:00", "2012-12-31T23:30:00-01:00",
            "2013-10-31T23:59:59+09:00", "2012-02-29T23:59:59Z" })
    void takesEveryCommonShapeUpToTheEndsOfItsRange(String value) {
        long seconds = fast(value);
        assertNotEquals(FastDateTime.NOT_FAST, seconds, value + " should not need the general parser");
        assertEquals(W3cDateTime.parse(value).getEpochSecond(), seconds, value);
    }

    @ParameterizedTest
    @ValueSource(strings = { "2013-02-29", "2100-02-29", "1900-02-29", "2013-04-31", "2013-06-31", "2013-09-31",
            "2013-11-31", "2013-01-32", "2013-13-01", "2013-00-10", "2013-01-00", "2013/01/03", "2013-01/03",
            "2013-01-03T24:00:00Z", "2013-01-03T23:60:00Z", "2013-01-03T23:59:60Z", "2013-01-03T-1:00:00Z",
            "2013-01-03X09:00:00Z", "2013-01-03 09:00:00Z", "2013-01-03T09-00:00Z", "2013-01-03T09:00-00Z",
            "2013-01-03T09:00:00+", "2013-01-03T09:00:00Y", "2013-01-03T09:00:00+02-00", "2013-01-03T09:00:00*02:00",
            "2013-01-03T09:00:00+02:60", "2013-01-03T09:00:00+-1:00", "2013-01-03T09:00:00+02:-1",
            "2013-01-03T09:00:00+ 2:00", "2013-01-03T09:00:00Z+00:0", "2013-02-29T00:00:00Z",
            "20a3-01-03", "2:13-01-03", "2013-1a-03", "2013-01-3/", "2013-01-03T0a:00:00Z", "2013-01-03T09:0a:00Z",
            "2013-01-03T09:00:0aZ", "2013-01-03T09:00:00+0a:00", "2013-01-03T09:00:00+02:0a", "2013-01-03T09:00:00.1Z",
            "2013-01-03T09:00Z", "2013-01", "2013", "", "2013-01-03T09:00:00.123+02:00", "2013-01-03T09:00:00" })
    void declinesWhatItCannotVouchFor(String value) {
        assertEquals(FastDateTime.NOT_FAST, fast(value), value);
    }

    @Test
    void readsARangeInTheMiddleOfTheParsersBuffer() {
        // Woodstox hands over attribute values as a range of a larger buffer
        char[] buffer = "<rs:md at=\"2013-01-03T09:00:00+02:00\" from=\"2012-02-29\" until=\"2013-12-31T23:59:59Z\"/>"
                .toCharArray();
        String text = new String(buffer);
        int at = text.indexOf("2013-01-03");
        assertEquals(Instant.parse("2013-01-03T07:00:00Z").getEpochSecond(), FastDateTime.epochSecond(buffer, at, at + 25));
        int from = text.indexOf("2012-02-29");
        assertEquals(Instant.parse("2012-02-29T00:00:00Z").getEpochSecond(),
                FastDateTime.epochSecond(buffer, from, from + 10));
        int until = text.indexOf("2013-12-31");
        assertEquals(Instant.parse("2013-12-31T23:59:59Z").getEpochSecond(),
                FastDateTime.epochSecond(buffer, until, until + 20));
        assertEquals(FastDateTime.NOT_FAST, FastDateTime.epochSecond(buffer, at, at + 24), "a cut value is no shape");
    }

    @Test
    void nullAndBlankAreAbsent() {
        assertNull(FastDateTime.parse(null));
        assertNull(FastDateTime.parse(""));
    }
}
