package io.github.camelresourcesync.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PrintableTest {

    @Test
    void quotedTextCannotForgeLogLines() {
        assertEquals("none", Printable.quoted(null));
        assertEquals("\"plain\"", Printable.quoted("plain"));
        assertEquals("\"a\\\"b\\\\c\"", Printable.quoted("a\"b\\c"));
        assertEquals("\"x\\u000aWARN forged\\u000d\\u2028\\u2029\\u0000\"",
                Printable.quoted("x\nWARN forged\r\u2028\u2029\u0000"));
    }

    @Test
    void charactersNoXmlOrJsonReportCanHoldAreEscapedAndPairedSurrogatesKept() {
        assertEquals("a\\ud800b\\udc00c\\ufffe\\uffff", Printable.escaped("a\ud800b\udc00c\ufffe\uffff"));
        assertEquals("caf\u00e9 \ud83d\ude00", Printable.escaped("caf\u00e9 \ud83d\ude00"), "a pair is one character");
        assertEquals("text/plain\\u0001", Printable.escaped("text/plain\u0001"));
        assertEquals("null", Printable.escaped(null));
    }

    @Test
    void longValuesAreCut() {
        assertEquals("\"" + "y".repeat(200) + "...\"", Printable.quoted("y".repeat(500)));
        assertEquals("\"" + "y".repeat(200) + "\"", Printable.quoted("y".repeat(200)), "200 characters are not cut");
        assertEquals("abc...", Printable.escaped("abcdef", 3));
    }
}
