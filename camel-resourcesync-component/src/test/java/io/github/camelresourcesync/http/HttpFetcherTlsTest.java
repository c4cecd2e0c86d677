package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.http.HttpFetcherDocumentTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import javax.net.ssl.SSLContext;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.testsupport.SelfSignedTls;
import io.github.camelresourcesync.testsupport.TestHttpServer;

/** HTTPS against a self-signed certificate made with the JDK's keytool. */
class HttpFetcherTlsTest {

    @TempDir
    static Path dir;

    private static TestHttpServer server;
    private static SSLContext trusting;

    @BeforeAll
    static void start() throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(dir);
        trusting = tls.trusting();
        SSLContext serverContext = tls.server();
        server = TestHttpServer.startHttps(serverContext);
        server.serve("/doc.xml", "<urlset/>", "application/xml");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void untrustedCertificateFailsWithoutRetrying() {
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast())) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchDocument(server.uri("/doc.xml"), null));
            assertEquals(0, e.getStatusCode());
            assertTrue(e.getMessage().startsWith("GET " + server.uri("/doc.xml") + " failed: "), e.getMessage());
            assertTrue(e.getMessage().contains("SSL") || e.getMessage().contains("certification"), e.getMessage());
            assertTrue(!e.getMessage().contains("after"), "not retried: " + e.getMessage());
        }
    }

    @Test
    void trustedWithTheConfiguredSslContext() throws IOException {
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().sslContext(trusting))) {
            try (DocumentResponse r = fetcher.fetchDocument(server.uri("/doc.xml"), null)) {
                assertEquals("https", r.uri().getScheme());
                assertEquals("<urlset/>", read(r.body()));
            }
            try (var c = fetcher.fetchContent(server.uri("/doc.xml"), List.of("md5"))) {
                assertEquals(9, c.length());
            }
        }
    }
}
