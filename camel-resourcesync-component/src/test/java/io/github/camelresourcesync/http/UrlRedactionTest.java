package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.URI;

import org.junit.jupiter.api.Test;

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
}
