package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.testsupport.TestHttpServer.gzip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHttpServer.Resource;

class HttpFetcherDocumentTest {

    private static final String XML = "<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'/>";

    private TestHttpServer server;
    private RecordingListener listener;
    private HttpFetcher fetcher;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        listener = new RecordingListener();
        fetcher = new HttpFetcher(TestConfigs.fast().listener(listener));
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.close();
    }

    @Test
    void fetchesDocumentWithItsMetadata() throws IOException {
        server.serve("/resourcelist.xml", Resource.of(XML).contentType("application/xml").etag("\"v1\"")
                .lastModified(Instant.parse("2024-01-02T03:04:05Z"))
                .header("Link", "<http://example.org/capabilitylist.xml>; rel=\"up\""));

        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/resourcelist.xml"), null)) {
            assertFalse(r.notModified());
            assertEquals(200, r.status());
            assertEquals(server.uri("/resourcelist.xml"), r.uri());
            assertEquals("application/xml", r.contentType());
            assertEquals(new Validators("\"v1\"", "Tue, 02 Jan 2024 03:04:05 GMT"), r.validators());
            assertEquals(List.of("<http://example.org/capabilitylist.xml>; rel=\"up\""), r.headers("Link"));
            assertEquals(List.of(), r.headers("X-None"));
            assertEquals(XML, read(r.body()));
        }
        assertEquals(XML.length(), listener.received.get());
        assertEquals(200, listener.responses.get(0).status());
        assertTrue(server.lastRequest("/resourcelist.xml").header("Accept").contains("application/xml"));
        assertEquals("camel-resourcesync", server.lastRequest("/resourcelist.xml").header("User-Agent"));
    }

    @Test
    void conditionalGetByEtag() throws IOException {
        server.serve("/cl.xml", Resource.of(XML).etag("\"abc\""));
        Validators validators;
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/cl.xml"), Validators.NONE)) {
            validators = r.validators();
            read(r.body());
        }
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/cl.xml"), validators)) {
            assertTrue(r.notModified());
            assertEquals(304, r.status());
            assertEquals("\"abc\"", r.validators().etag());
            assertThrows(IllegalStateException.class, r::body);
        }
        assertEquals("\"abc\"", server.lastRequest("/cl.xml").header("If-None-Match"));
    }

    @Test
    void conditionalGetByLastModified() throws IOException {
        Instant modified = Instant.parse("2023-05-06T07:08:09Z");
        server.serve("/cl.xml", Resource.of(XML).lastModified(modified));
        Validators validators;
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/cl.xml"), null)) {
            validators = r.validators();
            assertNull(validators.etag());
            read(r.body());
        }
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/cl.xml"), validators)) {
            assertTrue(r.notModified());
            assertEquals(validators, r.validators());
        }
        assertEquals(TestHttpServer.httpDate(modified), server.lastRequest("/cl.xml").header("If-Modified-Since"));
        // a changed resource answers 200 again
        server.serve("/cl.xml", Resource.of(XML).lastModified(modified.plusSeconds(60)));
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/cl.xml"), validators)) {
            assertFalse(r.notModified());
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void gunzipsContentEncoding() throws IOException {
        server.serve("/cl.xml", Resource.of(XML).contentType("application/xml").gzipEncoded());
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/cl.xml"), null)) {
            assertEquals(XML, read(r.body()));
        }
        assertTrue(server.lastRequest("/cl.xml").header("Accept-Encoding").contains("gzip"));
    }

    @Test
    void gunzipsByMagicWithoutContentEncoding() throws IOException {
        server.serve("/changelist.xml.gz", gzip(XML.getBytes(StandardCharsets.UTF_8)), "application/gzip");
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/changelist.xml.gz"), null)) {
            assertEquals("application/gzip", r.contentType());
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void gunzipsAGzipFileServedWithGzipEncodingToo() throws IOException {
        // a common server misconfiguration: a .gz file gzipped once more on the way
        server.serve("/changelist.xml.gz", Resource.of(gzip(XML.getBytes(StandardCharsets.UTF_8))).gzipEncoded());
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/changelist.xml.gz"), null)) {
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void closingEarlyLeavesTheFetcherUsable() throws IOException {
        byte[] big = new byte[2 * 1024 * 1024];
        server.serve("/big.xml", big, "application/xml");
        server.serve("/small.xml", XML, "application/xml");
        for (int i = 0; i < 5; i++) {
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/big.xml"), null)) {
                assertEquals(0, r.body().read());
            }
        }
        try (DocumentResponse r = fetcher.fetchDocument(server.uri("/small.xml"), null)) {
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void readDocumentsReturnTheirConnectionToThePool() throws IOException {
        server.serve("/plain.xml", XML, "application/xml");
        server.serve("/encoded.xml", Resource.of(XML).gzipEncoded());
        server.serve("/file.xml.gz", gzip(XML.getBytes(StandardCharsets.UTF_8)), "application/gzip");
        server.serve("/r.txt", "resource", "text/plain");
        for (int i = 0; i < 5; i++) {
            for (String path : List.of("/plain.xml", "/encoded.xml", "/file.xml.gz")) {
                try (DocumentResponse r = fetcher.fetchDocument(server.uri(path), null)) {
                    assertEquals(XML, read(r.body()));
                }
            }
            try (var c = fetcher.fetchContent(server.uri("/r.txt"), List.of())) {
                assertEquals(8, c.length());
            }
        }
        assertEquals(20, server.totalRequests());
        long connections = java.util.stream.Stream.of("/plain.xml", "/encoded.xml", "/file.xml.gz", "/r.txt")
                .flatMap(p -> server.recorded(p).stream()).mapToInt(TestHttpServer.Request::remotePort).distinct()
                .count();
        assertEquals(1, connections, "one connection, reused");
    }

    @Test
    void closingBeforeTheEndDropsTheConnectionInsteadOfDownloadingTheRest() {
        server.handle("/endless.xml", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            byte[] chunk = new byte[64 * 1024];
            while (true) {
                out.write(chunk); // until the client goes away
            }
        });
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/endless.xml"), null)) {
                assertEquals(1000, r.body().readNBytes(1000).length);
            }
        });
    }

    @Test
    void aThrowingListenerDoesNotBreakFetching() throws IOException {
        server.serve("/doc.xml", XML, "application/xml");
        FetchListener broken = new FetchListener() {
            @Override
            public void responded(java.net.URI uri, int status) {
                throw new IllegalStateException("metrics down");
            }

            @Override
            public void received(java.net.URI uri, long bytes) {
                throw new IllegalStateException("metrics down");
            }
        };
        try (HttpFetcher f = new HttpFetcher(TestConfigs.fast().listener(broken));
             DocumentResponse r = f.fetchDocument(server.uri("/doc.xml"), null)) {
            assertEquals(XML, read(r.body()));
        }
    }

    @Test
    void unsupportedSchemeIsAnError() {
        FetchException e = assertThrows(FetchException.class,
                () -> fetcher.fetchDocument(java.net.URI.create("ftp://example.org/x.xml"), null));
        assertTrue(e.getMessage().contains("scheme ftp: is not fetched"), e.getMessage());
    }

    static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
