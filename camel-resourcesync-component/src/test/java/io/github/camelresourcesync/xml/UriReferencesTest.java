package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;

import org.junit.jupiter.api.Test;

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
