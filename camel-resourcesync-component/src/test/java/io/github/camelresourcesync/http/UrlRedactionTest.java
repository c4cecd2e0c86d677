package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.URI;

import org.junit.jupiter.api.Test;

/** URLs in messages and logs: no user-info, no secret query values, whatever shape the URL has. */
class UrlRedactionTest {

    @Test
    void dropsUserInfo() {
        assertEquals("https://example.org:8443/rs/source.xml?x=1#f",
                UrlRedaction.redact(URI.create("https://user:pa%40ss@example.org:8443/rs/source.xml?x=1#f")));
        assertEquals(URI.create("https://example.org/a"),
                UrlRedaction.stripUserInfo(URI.create("https://user@example.org/a")));
    }

    @Test
    void masksSecretQueryParameters() {
        assertEquals("https://example.org/cl.xml?page=2&access_token=***&API_KEY=***",
                UrlRedaction.redact(URI.create("https://example.org/cl.xml?page=2&access_token=abc&API_KEY=def")));
        assertEquals(URI.create("https://example.org/cl.xml?token=***"),
                UrlRedaction.safe(URI.create("https://u:p@example.org/cl.xml?token=abc")));
    }

    @Test
    void leavesOrdinaryUrlsAlone() {
        URI plain = URI.create("http://example.org/resourcelist.xml?tokenize=yes");
        assertEquals(plain.toString(), UrlRedaction.redact(plain));
        assertSame(plain, UrlRedaction.safe(plain));
        assertSame(plain, UrlRedaction.stripUserInfo(plain));
        assertEquals("classpath:demo/source.xml", UrlRedaction.redact(URI.create("classpath:demo/source.xml")));
        assertEquals("file:/tmp/x.xml", UrlRedaction.redact(URI.create("file:/tmp/x.xml")));
        assertEquals("null", UrlRedaction.redact((java.net.URI) null));
    }

    @Test
    void redactsUrlsGivenAsText() {
        assertEquals("https://example.org/cl.xml?page=2&token=***",
                UrlRedaction.redact("  https://harvester:s3cret@example.org/cl.xml?page=2&token=abc "));
        assertEquals("https://example.org/plain.xml", UrlRedaction.redact("https://example.org/plain.xml"));
        assertEquals("null", UrlRedaction.redact((String) null));
    }

    @Test
    void textThatIsNotAUriIsCutAtItsLastAt() {
        String broken = "https://harvester:s3cr@t pass@example.org/a b.xml";
        String redacted = UrlRedaction.redact(broken);
        assertEquals("https://example.org/a b.xml", redacted);
        assertFalse(redacted.contains("s3cr"), redacted);
        assertEquals("not a url %%", UrlRedaction.redact("not a url %%"), "no scheme, no user-info: unchanged");
        assertEquals("mailto user@host %", UrlRedaction.redact("mailto user@host %"), "no scheme separator");
        assertEquals("x@y ://host %", UrlRedaction.redact("x@y ://host %"), "the @ before the scheme is no user-info");
    }

    @Test
    void anEmptyUserInfoIsDroppedToo() {
        assertEquals("http://example.org/x", UrlRedaction.redact(URI.create("http://@example.org/x")));
        assertEquals("http://example.org/x", UrlRedaction.redact(URI.create("http://user:@example.org/x")));
    }

    @Test
    void aSecretInARelativeReferenceIsMasked() {
        assertEquals("/changes.xml?token=***&from=1", UrlRedaction.redact(URI.create("/changes.xml?token=abc&from=1")));
        assertEquals("https://example.org/?sig=***#frag", UrlRedaction.redact(URI.create("https://example.org/?sig=abc#frag")));
        assertEquals("https://example.org/?token&secret=***&=x",
                UrlRedaction.redact(URI.create("https://example.org/?token&secret=abc&=x")),
                "a name without value is no secret; an empty name masks nothing");
    }

    @Test
    void aSecretNeverSurvivesInAnyForm() {
        String[] urls = {"https://user:hunter2@example.org/a?x=1", "https://example.org/a?password=hunter2",
            "https://example.org/a?Access_Token=hunter2&b=2", "http://hunter2@example.org:8080/",
            "https://a:b@example.org/a?client_secret=hunter2#hunter"};
        for (String url : urls) {
            assertFalse(UrlRedaction.redact(url).contains("hunter2"), url);
            assertFalse(UrlRedaction.redact(URI.create(url)).contains("hunter2"), url);
            assertFalse(UrlRedaction.safe(URI.create(url)).toString().contains("hunter2"), url);
        }
    }
}
