package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

/** The allow-list is applied to every URL and every redirect hop, before a request is sent. */
class HttpFetcherAllowedHostsTest {

    private TestHttpServer server;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpFetcher fetcher(AllowedHosts allowed) {
        return new HttpFetcher(TestConfigs.fast().allowedHosts(allowed));
    }

    /** The same loopback server under a host name that is not allowed. */
    private URI elsewhere(String path) {
        return URI.create("http://localhost:" + server.port() + path);
    }

    @Test
    void sourceHostAndSubdomainsAreAllowedOthersAreNot() {
        AllowedHosts a = AllowedHosts.forConfiguredUrl(URI.create("https://data.example.org/.well-known/resourcesync"),
                "cdn.example.net");
        assertTrue(a.allows(URI.create("https://data.example.org/r/1")));
        assertTrue(a.allows(URI.create("http://DATA.example.org./r/1")), "case and trailing dot");
        assertTrue(a.allows(URI.create("https://eu.data.example.org/r/1")), "subdomain");
        assertTrue(a.allows(URI.create("https://cdn.example.net/r/1")));
        assertFalse(a.allows(URI.create("https://example.org/r/1")), "the parent domain is another authority");
        assertFalse(a.allows(URI.create("https://evildata.example.org.attacker.com/")));
        assertFalse(a.allows(URI.create("http://169.254.169.254/latest/meta-data/")));
        assertFalse(a.allows(URI.create("file:///etc/passwd")), "no local files from a remote Source");
        assertFalse(a.allows(URI.create("classpath:secrets.properties")));
        assertEquals("cdn.example.net, data.example.org and their subdomains", a.describe());

        AllowedHosts ip = AllowedHosts.forConfiguredUrl(URI.create("http://10.0.0.5:8080/"), null);
        assertTrue(ip.allows(URI.create("http://10.0.0.5:9999/x")));
        assertFalse(ip.allows(URI.create("http://1.10.0.0.5/x")), "no subdomains of an IP address");

        AllowedHosts star = AllowedHosts.forConfiguredUrl(URI.create("https://data.example.org/"), "*");
        assertTrue(star.allows(URI.create("http://anywhere.example.com/x")));
        assertFalse(star.allows(URI.create("file:///tmp/x")), "* allows hosts, never local files from a remote Source");
        AllowedHosts local = AllowedHosts.forConfiguredUrl(URI.create("file:///srv/source/description.xml"), null);
        assertTrue(local.isAnyHost() && local.allowsLocal(), "a local Source is the operator's own");
    }

    @Test
    void aDisallowedHostGetsNoRequestAndTheErrorNamesUrlAndAllowedHosts() {
        server.serve("/doc.xml", "<urlset/>", "application/xml");
        try (HttpFetcher fetcher = fetcher(AllowedHosts.of("127.0.0.1"))) {
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> fetcher.fetchDocument(elsewhere("/doc.xml"), null));
            assertTrue(e.getMessage().contains("GET " + elsewhere("/doc.xml")), e.getMessage());
            assertTrue(e.getMessage().contains("host localhost is not allowed (allowed: 127.0.0.1 and its"
                                               + " subdomains)"), e.getMessage());
            assertTrue(e.getMessage().contains("allowedHosts"), e.getMessage());
            assertThrows(LinkRefusedException.class, () -> fetcher.fetchContent(elsewhere("/doc.xml"), List.of()));
        }
        assertEquals(0, server.totalRequests());
    }

    @Test
    void aRedirectToADisallowedHostIsRefusedBeforeTheHopIsSent() {
        server.redirect("/doc.xml", 302, elsewhere("/internal.xml").toString());
        server.serve("/internal.xml", "<urlset/>", "application/xml");
        server.redirect("/r.txt", 301, elsewhere("/secret.txt").toString());
        server.serve("/secret.txt", "secret", "text/plain");
        RecordingListener listener = new RecordingListener();
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().allowedHosts(AllowedHosts.of("127.0.0.1"))
                .listener(listener))) {
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> fetcher.fetchDocument(server.uri("/doc.xml"), null));
            assertTrue(e.getMessage().contains("GET " + server.uri("/doc.xml") + " was redirected to "
                                               + elsewhere("/internal.xml")), e.getMessage());
            assertTrue(e.getMessage().contains("allowed: 127.0.0.1"), e.getMessage());
            assertThrows(LinkRefusedException.class, () -> fetcher.fetchContent(server.uri("/r.txt"), List.of()));
        }
        assertEquals(1, server.requests("/doc.xml"), "refusals are not retried");
        assertEquals(0, server.requests("/internal.xml"));
        assertEquals(0, server.requests("/secret.txt"));
        assertTrue(listener.retries.isEmpty(), "refusals are not retried");
    }

    @Test
    void allowedHostsAndRedirectsAmongThemWork() throws IOException {
        server.redirect("/r.txt", 302, "/real.txt");
        server.serve("/real.txt", "hello", "text/plain");
        try (HttpFetcher fetcher = fetcher(AllowedHosts.of("127.0.0.1"));
             Content c = fetcher.fetchContent(server.uri("/r.txt"), List.of())) {
            assertEquals(5, c.length());
        }
    }

    @Test
    void localUrlsOnlyWhenAllowed(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("x.txt"), "local");
        try (HttpFetcher fetcher = fetcher(AllowedHosts.of("127.0.0.1"))) {
            LinkRefusedException e = assertThrows(LinkRefusedException.class,
                    () -> fetcher.fetchContent(file.toUri(), List.of()));
            assertTrue(e.getMessage().contains("scheme file: is not allowed here"), e.getMessage());
        }
        try (HttpFetcher fetcher = fetcher(AllowedHosts.ANY); Content c = fetcher.fetchContent(file.toUri(), List.of())) {
            assertEquals(5, c.length());
        }
    }
}
