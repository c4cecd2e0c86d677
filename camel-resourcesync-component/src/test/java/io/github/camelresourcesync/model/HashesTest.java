package io.github.camelresourcesync.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hashes keep pairs in an array; they must still behave as the ordered, read-only map they expose. */
class HashesTest {

    private static final String MD5 = "1e0d5cb8ef6ba40c99b14c0237be735e";
    private static final String SHA256 = "854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784";

    @Test
    void behavesAsAnOrderedReadOnlyMap() {
        Map<String, String> published = new LinkedHashMap<>();
        published.put("sha-256", SHA256);
        published.put("md5", MD5);
        Hashes h = Hashes.of(published);
        assertEquals(published, h.digests());
        assertEquals(published.hashCode(), h.digests().hashCode());
        assertEquals(List.of("sha-256", "md5"), List.copyOf(h.digests().keySet()));
        assertEquals(published.toString(), h.digests().toString());
        assertEquals(MD5, h.get("MD5"));
        assertNull(h.get("sha-1"));
        assertThrows(UnsupportedOperationException.class, () -> h.digests().put("sha-1", "00"));
        assertThrows(UnsupportedOperationException.class, () -> h.digests().remove("md5"));
        assertEquals("sha-256:" + SHA256 + " md5:" + MD5, h.toString());
    }

    @Test
    void textListsEveryDigestInPublishedOrder() {
        assertEquals("", Hashes.EMPTY.toString());
        assertEquals("md5:" + MD5, Hashes.parse("MD5:" + MD5).toString());
        assertEquals("sha-1:00ff md5:" + MD5 + " sha-256:" + SHA256,
                Hashes.parse("SHA1:00FF md5:" + MD5 + "  sha-256:" + SHA256).toString());
    }

    @Test
    void equalityIgnoresOrderAsMapsDo() {
        Hashes a = Hashes.parse("md5:" + MD5 + " sha-256:" + SHA256);
        Hashes b = Hashes.parse("sha-256:" + SHA256 + " md5:" + MD5);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(Objects.hash(Map.of("md5", MD5, "sha-256", SHA256)), a.hashCode(), "as the map-based version");
        assertNotEquals(a, Hashes.parse("md5:" + MD5));
        assertNotEquals(Hashes.parse("md5:" + MD5), a);
        assertNotEquals(a, Hashes.parse("md5:" + MD5 + " sha-256:00"));
        assertEquals(Hashes.EMPTY, Hashes.parse(""));
        assertEquals(Objects.hash(Map.of()), Hashes.EMPTY.hashCode());
    }

    @ParameterizedTest
    @ValueSource(strings = { "md5:" + MD5, "MD5:ABCDEF SHA256:0123 sha-1:ff SHA-512:aB", "sha1:aa SHA1:bb",
            "md5:aa  sha-256:bb ", " x-custom:ab CRC32:01", "md5:aa\tsha-1:bb", "md5:aa\nsha-1:bb", "",
            "md5:", "md5", ":aa", "md5:aa:bb", "md5:xyz", "m_d5:aa", "md5:aa \u00e9:bb", "md5:a\u0660" })
    void parseWellFormedAgreesWithParseOrStepsAside(String value) {
        Hashes fast = Hashes.parseWellFormed(("[" + value + "]").toCharArray(), 1, value.length() + 1);
        Hashes parsed = Hashes.parse(value, w -> {
        });
        if (fast != null) {
            assertEquals(parsed, fast, value);
            assertEquals(List.copyOf(parsed.digests().keySet()), List.copyOf(fast.digests().keySet()), "order");
            assertEquals(parsed.toString(), fast.toString());
        }
        // null: parse(String, Consumer) decides, with its warnings (HashAttribute falls back to it)
    }

    @ParameterizedTest
    @ValueSource(strings = { "md5:" + MD5, "md5:" + MD5 + " sha-256:" + SHA256, "SHA-256:ABCDEF", "sha512:00 md5:11",
            "  md5:aa  " })
    void takesTheFastPathForUsualValues(String value) {
        assertEquals(Hashes.parse(value), Hashes.parseWellFormed(value.toCharArray(), 0, value.length()));
    }

    @Test
    void sharesTheNamesOfUsualAlgorithms() {
        Hashes h = Hashes.parseWellFormed("SHA256:ab md5:cd".toCharArray(), 0, 16);
        assertSame("sha-256", h.digests().keySet().iterator().next());
        assertEquals("ab", h.get("sha-256"));
    }

    @Test
    void sameAsIsUnknownWithoutASharedAlgorithmAndFalseOnAnyDifference() {
        Hashes md5 = Hashes.parse("md5:" + MD5);
        Hashes sha = Hashes.parse("sha-256:" + SHA256);
        assertNull(md5.sameAs(sha), "no shared algorithm: fixity cannot be judged, neither equal nor different");
        assertEquals(Boolean.TRUE, md5.sameAs(Hashes.parse("sha-256:" + SHA256 + " md5:" + MD5)));
        assertEquals(Boolean.FALSE, Hashes.parse("md5:" + MD5 + " sha-256:" + SHA256)
                .sameAs(Hashes.parse("md5:" + MD5 + " sha-256:" + SHA256.replace('8', '9'))),
                "one shared digest that differs is a mismatch even when another agrees");
        assertNull(Hashes.EMPTY.sameAs(md5));
    }

    @ParameterizedTest
    @ValueSource(strings = { "md5:", ":" + MD5, "md5", "md5:xyz" })
    void malformedTokensAreReportedAndSkipped(String token) {
        List<String> warnings = new ArrayList<>();
        Hashes h = Hashes.parse(token + " sha-256:" + SHA256, warnings::add);
        assertEquals(Map.of("sha-256", SHA256), h.digests());
        assertEquals(1, warnings.size(), () -> "one warning for " + token + ": " + warnings);
        assertTrue(warnings.get(0).contains(token), warnings.get(0));
    }

    @Test
    void theFastPathReadsOtherWhitespaceAtTheStartAndRefusesWhatIsNoHexDigit() {
        assertNotNull(fast("\tmd5:" + MD5), "a tab before the first token");
        assertNotNull(fast("\rmd5:" + MD5), "a carriage return before the first token");
        assertEquals(Map.of("md5", MD5), fast("\r\tmd5:" + MD5).digests());
        assertNull(fast("\u000Emd5:" + MD5), "a control character is no whitespace");
        // U+00E1 shares its low seven bits with 'a': without its high bits checked it would pass for a digit
        assertNull(fast("md5:" + MD5.substring(1) + "\u00e1"));
        assertNull(fast("md5{:" + MD5), "'{' is no algorithm character");
        assertNull(fast("md5[:" + MD5), "nor is '['");
        assertEquals(Map.of("md5", MD5), fast("MD5:" + MD5.toUpperCase(java.util.Locale.ROOT)).digests());
        assertEquals(Hashes.parse("md5:" + MD5), fast("md5:" + MD5));
    }

    @Test
    void theFastPathReadsARangeOfTheArray() {
        char[] chars = ("xx md5:" + MD5 + " yy").toCharArray();
        Hashes h = Hashes.parseWellFormed(chars, 3, chars.length - 3);
        assertEquals(Map.of("md5", MD5), h.digests());
    }

    @Test
    void aBareShaIsNoAlgorithmFamilyMember() {
        assertEquals("sha", Hashes.normaliseAlgorithm("SHA"));
        assertEquals("sha-1", Hashes.normaliseAlgorithm("SHA1"));
        assertEquals("SHA-256", Hashes.jcaName("sha256"));
    }

    @Test
    void theEntryIteratorEndsAsIteratorsDo() {
        Iterator<Map.Entry<String, String>> it = Hashes.parse("md5:" + MD5).digests().entrySet().iterator();
        it.next();
        assertFalse(it.hasNext());
        assertThrows(NoSuchElementException.class, it::next);
    }

    @Test
    void threeOrMoreDigestsAreWrittenInOrder() {
        String text = "md5:" + MD5 + " sha-256:" + SHA256 + " sha-1:" + MD5.substring(0, 8);
        assertEquals(text, Hashes.parse(text).toString());
        assertEquals(text, Hashes.parse(text).toString(), "the cached text is the same");
    }

    private static Hashes fast(String value) {
        char[] chars = value.toCharArray();
        return Hashes.parseWellFormed(chars, 0, chars.length);
    }
}
