package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;

import org.junit.jupiter.api.Test;

/** References as Sources publish them: valid ones kept, carelessly written ones repaired, hopeless ones refused. */
class UriReferencesTest {

    @Test
    void keepsValidReferencesAsTheyAre() {
        assertEquals("http://example.com/a%20b?x=1&y=%C3%A9#f", UriReferences.parse("http://example.com/a%20b?x=1&y=%C3%A9#f")
                .toString());
        assertEquals("res/1", UriReferences.parse("res/1").toString());
    }

    @Test
    void escapesWhatBrowsersEscape() {
        assertEquals(URI.create("http://example.com/a%20b%7Cc%22d%5E%60%7B%7D%3C%3E%5C"),
                UriReferences.parse("http://example.com/a b|c\"d^`{}<>\\"));
        assertEquals(URI.create("http://example.com/100%25?q=%25zz#frag%23more"),
                UriReferences.parse("http://example.com/100%?q=%zz#frag#more"));
    }

    @Test
    void escapesAPercentSignThatEndsTheReference() {
        // a truncated escape at the very end: there is no second (or first) hex digit to look at
        assertEquals(URI.create("http://example.com/a%20b%254"), UriReferences.parse("http://example.com/a b%4"));
        assertEquals(URI.create("http://example.com/a%20b%25"), UriReferences.parse("http://example.com/a b%"));
        assertEquals(URI.create("http://example.com/a%20b%25F"), UriReferences.parse("http://example.com/a b%F"));
        assertEquals(URI.create("http://example.com/a%20b%41"), UriReferences.parse("http://example.com/a b%41"));
        assertEquals(URI.create("http://example.com/x%254"), UriReferences.parse("http://example.com/x%4"));
    }

    @Test
    void keepsEscapesWithHexDigitsOfEitherCaseAndEscapesTheOthers() {
        String hexBounds = "%00%99%aa%ff%AA%FF%0a%9F%a0%F9";
        assertEquals(URI.create("http://example.com/ok%20" + hexBounds),
                UriReferences.parse("http://example.com/ok " + hexBounds));
        // the characters next to each hex range: / : ` g @ G, first and second digit
        assertEquals(URI.create("http://example.com/bad%20%25/0%25:0%25%600%25g0%25@0%25G0"),
                UriReferences.parse("http://example.com/bad %/0%:0%`0%g0%@0%G0"));
        assertEquals(URI.create("http://example.com/bad%20%250/%250:%250%60%250g%250@%250G"),
                UriReferences.parse("http://example.com/bad %0/%0:%0`%0g%0@%0G"));
        assertEquals("%41%25", UriReferences.escapeIllegal("%41%"), "a valid escape at the very start is kept");
    }

    @Test
    void escapesControlCharactersAndDelete() {
        assertEquals(URI.create("http://example.com/a%09b%1Fc%7Fd%20e!f"),
                UriReferences.parse("http://example.com/a\tb\u001fc\u007fd e!f"));
        assertEquals("%00%20~%7F", UriReferences.escapeIllegal("\u0000 ~\u007f"));
    }

    @Test
    void givesUpOnWhatCannotBeRepaired() {
        assertNull(UriReferences.parse("http://[::1/res"));
        assertNull(UriReferences.parse("://no-scheme"));
    }

    @Test
    void addsTheRootPathToABaseWithoutPath() {
        assertEquals(URI.create("http://example.com/"), UriReferences.base(URI.create("http://example.com")));
        assertEquals(URI.create("http://example.com/?q=1"), UriReferences.base(URI.create("http://example.com?q=1")));
        URI normal = URI.create("http://example.com/dir/list.xml");
        assertEquals(normal, UriReferences.base(normal));
        assertNull(UriReferences.base(null));
        assertEquals(URI.create("urn:x:y"), UriReferences.base(URI.create("urn:x:y")));
    }
}
