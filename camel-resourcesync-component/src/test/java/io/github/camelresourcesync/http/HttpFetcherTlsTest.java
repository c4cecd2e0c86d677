package io.github.camelresourcesync.http;

import static io.github.camelresourcesync.http.HttpFetcherDocumentTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.testsupport.TestHttpServer;

/** HTTPS against a self-signed certificate made with the JDK's keytool. */
class HttpFetcherTlsTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    static Path dir;

    private static TestHttpServer server;
    private static SSLContext trusting;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder("keytool", "-genkeypair", "-alias", "server", "-keyalg", "EC",
                "-groupname", "secp256r1", "-validity", "2", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS), "keytool finished");
        assertEquals(0, keytool.exitValue(), output);

        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(kmf.getKeyManagers(), null, null);

        Certificate certificate = keys.getCertificate("server");
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("server", certificate);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        trusting = SSLContext.getInstance("TLS");
        trusting.init(null, tmf.getTrustManagers(), null);

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
