package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.http.HttpFetcherDocumentTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

class HttpFetcherLocalTest {

    private static final String XML = "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'/>";

    @TempDir
    Path dir;

    private HttpFetcher fetcher;

    @BeforeEach
    void start() {
        fetcher = new HttpFetcher(TestConfigs.fast().maxDocumentSize(1000));
    }

    @AfterEach
    void stop() {
        fetcher.close();
    }

    @Test
    void fileDocumentAndItsConditionalFetch() throws IOException {
        Path file = Files.writeString(dir.resolve("resourcelist.xml"), XML);
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-03-04T05:06:07.890Z")));
        Validators validators;
        try (DocumentResponse r = fetcher.fetchDocument(file.toUri(), null)) {
            assertFalse(r.notModified());
            assertEquals(0, r.status());
            assertEquals(file.toUri(), r.uri());
            assertEquals("application/xml", r.contentType());
            assertEquals(XML, read(r.body()));
            validators = r.validators();
            assertEquals("Mon, 04 Mar 2024 05:06:07 GMT", validators.lastModified());
        }
        try (DocumentResponse r = fetcher.fetchDocument(file.toUri(), validators)) {
            assertTrue(r.notModified(), "unchanged file");
        }
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-03-04T05:06:09Z")));
        try (DocumentResponse r = fetcher.fetchDocument(file.toUri(), validators)) {
            assertFalse(r.notModified(), "changed file");
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void gzippedFileDocument() throws IOException {
        Path file = Files.write(dir.resolve("changelist.xml.gz"),
                TestHttpServer.gzip(XML.getBytes(StandardCharsets.UTF_8)));
        try (DocumentResponse r = fetcher.fetchDocument(file.toUri(), Validators.NONE)) {
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void fileDocumentIsSizeBounded() throws IOException {
        Path file = Files.write(dir.resolve("big.xml"), new byte[1001]);
        try (DocumentResponse r = fetcher.fetchDocument(file.toUri(), null)) {
            FetchException e = assertThrows(FetchException.class, () -> r.body().readAllBytes());
            assertTrue(e.getMessage().contains("maxDocumentSize"), e.getMessage());
        }
    }

    @Test
    void missingFileIsGone() {
        URI missing = dir.resolve("nope.xml").toUri();
        FetchException e = assertThrows(FetchException.class, () -> fetcher.fetchDocument(missing, null));
        assertEquals(404, e.getStatusCode());
        assertTrue(e.isGone());
        assertTrue(e.getMessage().contains("nope.xml"), e.getMessage());
        assertEquals(404, assertThrows(FetchException.class,
                () -> fetcher.fetchContent(missing, List.of())).getStatusCode());
    }

    @Test
    void fileContentWithDigests() throws IOException {
        Path file = Files.writeString(dir.resolve("fox.txt"), "The quick brown fox jumps over the lazy dog");
        try (Content c = fetcher.fetchContent(file.toUri(), List.of("md5"))) {
            assertEquals(43, c.length());
            assertEquals("9e107d9d372bb6826bd81d3542a419d6", c.digests().get("md5"));
            assertEquals("text/plain", c.mediaType());
        }
    }

    @Test
    void fileContentIsNotGunzipped() throws IOException {
        byte[] gz = TestHttpServer.gzip(XML.getBytes(StandardCharsets.UTF_8));
        Path file = Files.write(dir.resolve("x.xml.gz"), gz);
        try (Content c = fetcher.fetchContent(file.toUri(), List.of())) {
            assertEquals(gz.length, c.length());
        }
    }

    @Test
    void classpathDocumentWithAndWithoutLeadingSlash() throws IOException {
        for (String uri : List.of("classpath:/http-test/source.xml", "classpath:http-test/source.xml")) {
            try (DocumentResponse r = fetcher.fetchDocument(URI.create(uri), new Validators(null,
                    "Mon, 04 Mar 2024 05:06:07 GMT"))) {
                assertFalse(r.notModified(), "classpath resources are never 'not modified'");
                assertEquals(0, r.status());
                assertEquals(URI.create(uri), r.uri());
                assertTrue(read(r.body()).contains("capability=\"description\""), uri);
                assertEquals(Validators.NONE, r.validators());
            }
        }
    }

    @Test
    void classpathContent() throws IOException {
        try (Content c = fetcher.fetchContent(URI.create("classpath:/http-test/source.xml"), List.of("sha-256"))) {
            assertTrue(c.length() > 0);
            assertNotNull(c.digests().get("sha-256"));
        }
    }

    @Test
    void missingClasspathResourceIsGone() {
        FetchException e = assertThrows(FetchException.class,
                () -> fetcher.fetchDocument(URI.create("classpath:/http-test/missing.xml"), null));
        assertEquals(404, e.getStatusCode());
        assertTrue(e.getMessage().contains("http-test/missing.xml"), e.getMessage());
    }
}
