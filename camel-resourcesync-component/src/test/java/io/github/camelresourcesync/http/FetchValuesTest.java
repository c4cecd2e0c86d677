package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The small values of the fetch layer: validators, answers, origins, the published-length failure. */
class FetchValuesTest {

    @Test
    void validatorsAreEmptyOnlyWithoutEtagAndLastModified() {
        assertTrue(Validators.NONE.isEmpty());
        assertFalse(new Validators("\"v1\"", null).isEmpty());
        assertFalse(new Validators(null, "Tue, 24 Nov 2026 10:00:00 GMT").isEmpty());
        assertFalse(new Validators("\"v1\"", "Tue, 24 Nov 2026 10:00:00 GMT").isEmpty());
    }

    @Test
    void anAnswerIsOkOnlyFor2xx() {
        assertFalse(answer(199).ok());
        assertTrue(answer(200).ok());
        assertTrue(answer(299).ok());
        assertFalse(answer(300).ok());
        assertFalse(answer(404).ok());
    }

    @Test
    void anAnswerGivesHeadersAndText() {
        HttpAnswer a = new HttpAnswer(202, URI.create("https://hub.example.org/"),
                Map.of("Link", List.of("<a>; rel=self", "<b>; rel=hub")), "accepté".getBytes(StandardCharsets.UTF_8),
                true);
        assertEquals("<a>; rel=self", a.header("Link"));
        assertEquals(List.of("<a>; rel=self", "<b>; rel=hub"), a.headers("Link"));
        assertNull(a.header("Retry-After"));
        assertEquals(List.of(), a.headers("Retry-After"));
        assertEquals("accepté", a.text());
        assertEquals("partial...", new HttpAnswer(200, null, Map.of(), "partial".getBytes(StandardCharsets.UTF_8),
                false).text(), "a body cut off says so");
    }

    private static HttpAnswer answer(int status) {
        return new HttpAnswer(status, URI.create("https://hub.example.org/"), Map.of(), new byte[0], true);
    }

    @Test
    void originsMakeDefaultPortsExplicitAndIgnoreCase() {
        assertEquals(new Origin("https", "example.org", 443), Origin.of(URI.create("HTTPS://Example.ORG/x")));
        assertEquals(new Origin("http", "example.org", 80), Origin.of(URI.create("http://example.org/x")));
        assertEquals(new Origin("http", "example.org", 8080), Origin.of(URI.create("http://example.org:8080/x")));
        assertEquals(new Origin("ftp", "example.org", -1), Origin.of(URI.create("ftp://example.org/x")));
        assertEquals(new Origin("http", "::1", 80), Origin.of(URI.create("http://[::1]/x")));
        assertEquals(new Origin("http", "::1", 8080), Origin.of(URI.create("http://[::1]:8080/x")));
        assertEquals(new Origin("https", "example.org", 443), Origin.of(URI.create("https://example.org:443/")),
                "the explicit default port is the same origin");
        assertFalse(Origin.of(URI.create("https://example.org/")).equals(Origin.of(URI.create("http://example.org/"))));
        assertNull(Origin.of(URI.create("/relative/path")));
        assertNull(Origin.of(URI.create("http:/no-host")));
        assertNull(Origin.of("https", null));
    }

    @Test
    void publishedLengthFailuresAreFoundInsideWrappers() {
        URI uri = URI.create("https://example.org/big.bin");
        PublishedLengthExceededException e = PublishedLengthExceededException.announced(uri, "GET " + uri, 20, 10);
        assertEquals(10, e.getPublishedLength());
        assertEquals("GET https://example.org/big.bin: the server announced 20 bytes (Content-Length) but the Source"
                     + " published length 10; not read", e.getMessage());
        assertSame(e, PublishedLengthExceededException.find(e));
        assertSame(e, PublishedLengthExceededException.find(new UncheckedIOException(new IOException("wrapped", e))));
        assertNull(PublishedLengthExceededException.find(new IOException("other", new IOException("cause"))));
        assertNull(PublishedLengthExceededException.find(null));
    }
}
