package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.camelresourcesync.model.W3cDateTime;

import java.time.Instant;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fast path must agree with {@link W3cDateTime#parse} on every input, valid or not. */
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

    @Test
    void nullAndBlankAreAbsent() {
        assertNull(FastDateTime.parse(null));
        assertNull(FastDateTime.parse(""));
    }
}
