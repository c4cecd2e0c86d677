package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;
import java.net.URISyntaxException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The shortcut must give exactly the URI that parsing the whole reference gives, or step aside. */
class SameOriginReferencesTest {

    private static final String[] RESTS = { "/", "/a", "/a/../b", "/./x", "/p;q=1?r=s&t=%20#frag", "/a?", "/a#",
            "/a%20b/c%C3%A9", "/a//b", "/~user/x.xml", "/a:b/c", "/x?y=http://z/w", "/dataset/records/0001/r-1.xml" };

    @ParameterizedTest
    @ValueSource(strings = { "http://example.com", "https://example.com:8443", "http://127.0.0.1:8080",
            "http://user:pw@example.com:1", "HTTP://Example.COM", "http://[::1]:8080", "http://[2001:db8::1]",
            "http://under_score.example", "http://h%41st", "ftp://files.example.org" })
    void givesTheUriOfTheWholeReference(String prefix) throws Exception {
        SameOriginReferences references = new SameOriginReferences();
        references.learn(new URI(prefix + "/list.xml"), prefix + "/list.xml");
        for (String rest : RESTS) {
            String reference = prefix + rest;
            URI fast = references.parse(reference);
            assertNotNull(fast, reference);
            assertSameUri(new URI(reference), fast);
        }
    }

    @Test
    void stepsAsideForAnEmptyPortWhoseStringWouldChange() throws Exception {
        SameOriginReferences references = new SameOriginReferences();
        references.learn(new URI("http://example.com:/list.xml"), "http://example.com:/list.xml");
        assertNull(references.parse("http://example.com:/a"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "http://example.com", "http://example.com?q", "http://example.com//other.org/x",
            "http://example.com.evil.org/x", "http://example.co/x", "https://example.com/x", "/x", "x",
            "http://example.com/a b", "http://example.com/a#b#c", "http://example.com/%zz" })
    void leavesOtherReferencesToTheFullParser(String reference) throws Exception {
        SameOriginReferences references = new SameOriginReferences();
        references.learn(new URI("http://example.com/list.xml"), "http://example.com/list.xml");
        assertNull(references.parse(reference));
    }

    @Test
    void followsTheHostOfTheEntries() throws Exception {
        SameOriginReferences references = new SameOriginReferences();
        references.learn(new URI("http://lists.example.com/list.xml"), "http://lists.example.com/list.xml");
        String reference = "https://data.example.org/r/1";
        assertNull(references.parse(reference));
        references.learn(new URI(reference), reference);
        assertSameUri(new URI("https://data.example.org/r/2"), references.parse("https://data.example.org/r/2"));
    }

    @Test
    void stopsFollowingAfterManyChanges() throws Exception {
        SameOriginReferences references = new SameOriginReferences();
        for (int i = 0; i < 100; i++) {
            String reference = "http://host" + i + ".example.org/r";
            references.learn(new URI(reference), reference);
        }
        assertNotNull(references.parse("http://host15.example.org/x"));
        assertNull(references.parse("http://host16.example.org/x"));
    }

    private static void assertSameUri(URI expected, URI actual) throws URISyntaxException {
        assertEquals(expected, actual);
        assertEquals(expected.toString(), actual.toString());
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.getScheme(), actual.getScheme());
        assertEquals(expected.getRawAuthority(), actual.getRawAuthority());
        assertEquals(expected.getRawUserInfo(), actual.getRawUserInfo());
        assertEquals(expected.getHost(), actual.getHost());
        assertEquals(expected.getPort(), actual.getPort());
        assertEquals(expected.getRawPath(), actual.getRawPath());
        assertEquals(expected.getPath(), actual.getPath());
        assertEquals(expected.getRawQuery(), actual.getRawQuery());
        assertEquals(expected.getRawFragment(), actual.getRawFragment());
        assertEquals(expected.getRawSchemeSpecificPart(), actual.getRawSchemeSpecificPart());
        assertEquals(expected.toASCIIString(), actual.toASCIIString());
        assertEquals(expected.normalize(), actual.normalize());
        assertEquals(expected, new URI(actual.toString()));
    }
}
