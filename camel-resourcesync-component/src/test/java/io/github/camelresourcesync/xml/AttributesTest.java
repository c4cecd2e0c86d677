package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The conversions of {@code length}, {@code pri} and the datetimes at their boundaries, and the messages that quote a
 * bad value: lenient ones warn and drop, strict ones refuse with the attribute or element written out.
 */
class AttributesTest {

    private static final URI DOC = URI.create("http://example.com/dataset1/changelist.xml");

    private final List<String> warnings = new ArrayList<>();

    /** Records what the conversions report; the reader's own implementation adds entry and line to the same text. */
    private final Problems problems = new Problems() {
        @Override
        public DocumentException error(String message) {
            return new DocumentException(DOC, message);
        }

        @Override
        public void warn(String message) {
            warnings.add(message);
        }

        @Override
        public URI resolve(String reference, String what) {
            throw new UnsupportedOperationException("not used by Attributes");
        }
    };

    @Test
    void lengthAcceptsEveryNonNegativeIntegerOfUpTo18Digits() {
        assertEquals(0L, Attributes.length(problems, "rs:md length", "0"));
        assertEquals(9L, Attributes.length(problems, "rs:md length", "9"));
        assertEquals(8876L, Attributes.length(problems, "rs:md length", "8876"));
        assertEquals(1_234_567_890L, Attributes.length(problems, "rs:md length", "1234567890"));
        assertEquals(42L, Attributes.length(problems, "rs:md length", "000042"), "leading zeros are still decimal");
        assertEquals(999_999_999_999_999_999L, Attributes.length(problems, "rs:md length", "999999999999999999"));
        assertNull(Attributes.length(problems, "rs:md length", null), "absent");
        assertEquals(List.of(), warnings);
    }

    @ParameterizedTest
    @ValueSource(strings = { "-1", "+5", "1.5", "1e3", "1,024", "12 ", "4 KB", "unknown", "0x10", "",
            "9223372036854775808", "99999999999999999999", "１２" })
    void lengthWarnsAboutAndDropsAnythingElse(String value) {
        assertNull(Attributes.length(problems, "rs:ln length", value), value);
        assertEquals(List.of("rs:ln length=\"" + value + "\" is not a non-negative integer; ignored"), warnings);
    }

    @Test
    void priAcceptsZeroUpToTheLargestInt() {
        assertEquals(0, Attributes.pri(problems, "0"));
        assertEquals(1, Attributes.pri(problems, "1"));
        assertEquals(Integer.MAX_VALUE, Attributes.pri(problems, "2147483647"));
        assertNull(Attributes.pri(problems, null), "absent: no priority, not priority 0");
        assertEquals(List.of(), warnings);
    }

    @ParameterizedTest
    @ValueSource(strings = { "2147483648", "999999999999", "-1", "high", "1.0" })
    void priWarnsAboutAndDropsValuesOutsideTheIntRange(String value) {
        assertNull(Attributes.pri(problems, value), value);
        assertEquals(List.of("rs:ln pri=\"" + value + "\" is not a non-negative integer; ignored"), warnings);
    }

    @Test
    void timesAreConvertedOrRefusedWithTheAttributeWrittenOut() throws Exception {
        assertEquals(Instant.parse("2013-01-03T07:00:00Z"),
                Attributes.time(problems, "rs:md from", "2013-01-03T09:00:00+02:00"));
        assertEquals(Instant.parse("2013-01-01T00:00:00Z"), Attributes.time(problems, "rs:md at", "2013"));
        assertNull(Attributes.time(problems, "rs:md until", null));
        DocumentException e = assertThrows(DocumentException.class,
                () -> Attributes.time(problems, "rs:md until", "2013-02-29T00:00:00Z"));
        assertEquals("rs:md until=\"2013-02-29T00:00:00Z\" is not a W3C datetime (expected e.g. 2013-01-03T09:00:00Z)"
                + " (document " + DOC + ")", e.getMessage());
    }

    @Test
    void elementTimesAreRefusedWithTheElementWrittenOut() throws Exception {
        assertEquals(Instant.parse("2013-01-03T09:00:00.5Z"),
                Attributes.elementTime(problems, "lastmod", "2013-01-03T09:00:00.5Z"));
        DocumentException e = assertThrows(DocumentException.class,
                () -> Attributes.elementTime(problems, "lastmod", "03/01/2013"));
        assertEquals("<lastmod>03/01/2013</lastmod> is not a W3C datetime (expected e.g. 2013-01-03T09:00:00Z)"
                + " (document " + DOC + ")", e.getMessage());
    }

    @Test
    void quotesOnlyTheFirst300CharactersOfABadTime() {
        String huge = "2013-01-03T09:00:00Z".repeat(30); // 600 characters
        DocumentException e = assertThrows(DocumentException.class,
                () -> Attributes.time(problems, "rs:md datetime", huge));
        assertTrue(e.getMessage().startsWith("rs:md datetime=\"" + huge.substring(0, 300) + "...\" is not"),
                e.getMessage());
    }

    @Test
    void shortenKeeps300CharactersAndCutsTheRest() {
        String exactly = "x".repeat(Problems.MAX_QUOTED);
        assertEquals(exactly, Problems.shorten(exactly));
        assertEquals("", Problems.shorten(""));
        assertEquals(exactly + "...", Problems.shorten(exactly + "y"));
    }
}
