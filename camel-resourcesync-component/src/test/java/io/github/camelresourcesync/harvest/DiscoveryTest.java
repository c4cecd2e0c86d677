package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.testsupport.SelfSignedTls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Discovery from whatever a user gives, without a CamelContext: the well-known URI of a site (http or https) and
 * what happens when it is missing or failing, Link headers and HTML links (only in what looks like HTML), the number of
 * links followed, and Source Descriptions that list themselves.
 */
class DiscoveryTest {

    private TestSource source;
    private HttpFetcher fetcher;
    private Discovery discovery;

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY));
        discovery = new Discovery(fetcher, new SitemapReader());
    }

    @AfterEach
    void stop() {
        fetcher.close();
        source.close();
    }

    private void assertFindsCapabilityList(List<DiscoveredSource> found) {
        assertEquals(1, found.size());
        assertEquals(source.uri("/capabilitylist.xml"), found.get(0).capabilityList());
        assertEquals(source.uri("/resourcelist.xml"), found.get(0).document(Capability.RESOURCELIST));
        assertEquals(source.uri("/changelist.xml"), found.get(0).document(Capability.CHANGELIST));
    }

    @Test
    void siteBaseUrlTriesTheWellKnownUri() throws Exception {
        assertFindsCapabilityList(discovery.discover(source.base()));
    }

    @Test
    void sourceDescriptionAndCapabilityListDirectly() throws Exception {
        assertFindsCapabilityList(discovery.discover(source.uri("/.well-known/resourcesync")));
        assertFindsCapabilityList(discovery.discover(source.uri("/capabilitylist.xml")));
    }

    @Test
    void aSingleListIsItsOwnSource() throws Exception {
        List<DiscoveredSource> found = discovery.discover(source.uri("/changelist.xml"));
        assertEquals(source.uri("/changelist.xml"), found.get(0).document(Capability.CHANGELIST));
    }

    @Test
    void htmlPageWithLinkRelResourcesync() throws Exception {
        source.override("/page.html", "<!DOCTYPE html><html><head><title>x</title>"
                                      + "<link href=\"/capabilitylist.xml\" rel=\"resourcesync\"></head></html>");
        assertFindsCapabilityList(discovery.discover(source.uri("/page.html")));
    }

    @Test
    void linkHeaderParsing() {
        URI base = URI.create("http://example.org/a/page");
        assertEquals(URI.create("http://example.org/caps.xml"), Discovery.linkHeader(
                List.of("<http://example.org/x>; rel=\"describedby\", </caps.xml>; rel=\"resourcesync\""), base));
        assertEquals(null, Discovery.linkHeader(List.of("<caps.xml>; rel=\"other\""), base));
        assertEquals(URI.create("http://example.org/a/caps.xml"),
                Discovery.linkHeader(List.of("<caps.xml>; rel=\"up resourcesync\""), base));
    }

    @Test
    void aPageWithoutLinksIsAClearError() {
        source.override("/plain.txt", "just text");
        DocumentException e = assertThrows(DocumentException.class,
                () -> discovery.discover(source.uri("/plain.txt")));
        assertTrue(e.getMessage().contains("/plain.txt") && e.getMessage().contains("rel=\"resourcesync\""),
                e.getMessage());
        assertNotNull(e.getDocument());
    }

    /** A server with only a Capability List at {@code /capabilitylist.xml}; each test adds the ways to it. */
    private static TestHttpServer capabilityListServer(TestHttpServer server) {
        return server.serve("/capabilitylist.xml", URLSET.replace("{base}", "")
                + "  <rs:md capability=\"capabilitylist\"/>\n  <url><loc>" + server.uri("/resourcelist.xml")
                + "</loc><rs:md capability=\"resourcelist\"/></url>\n</urlset>", "application/xml");
    }

    private static TestHttpServer.Resource page(String body, String contentType) {
        return TestHttpServer.Resource.of(body).contentType(contentType);
    }

    private static URI discovered(List<DiscoveredSource> found) {
        assertEquals(1, found.size());
        return found.get(0).capabilityList();
    }

    @Test
    void aSiteWithoutWellKnownUriIsDiscoveredFromItsFrontPage() throws Exception {
        try (TestHttpServer server = capabilityListServer(TestHttpServer.start())) {
            server.serve("/", page("<html>home</html>", "text/html")
                    .header("Link", "</capabilitylist.xml>; rel=\"resourcesync\""));
            assertEquals(server.uri("/capabilitylist.xml"), discovered(discovery.discover(server.uri("/"))));
            assertEquals(1, server.requests("/.well-known/resourcesync"));
        }
    }

    /** Only a missing well-known URI means "look at the page": a failing one is the Source's failure. */
    @Test
    void aFailingWellKnownUriIsNotTakenForAMissingOne() throws Exception {
        try (TestHttpServer server = capabilityListServer(TestHttpServer.start())) {
            server.handle("/.well-known/resourcesync", TestHttpServer.status(500));
            server.serve("/", page("<html>home</html>", "text/html")
                    .header("Link", "</capabilitylist.xml>; rel=\"resourcesync\""));
            FetchException e = assertThrows(FetchException.class, () -> discovery.discover(server.uri("/")));
            assertEquals(500, e.getStatusCode());
            assertEquals(0, server.requests("/"));
        }
    }

    @Test
    void anHttpsSiteTriesTheWellKnownUri(@TempDir Path dir) throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(dir);
        try (TestHttpServer server = capabilityListServer(TestHttpServer.startHttps(tls.server()));
             HttpFetcher https = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                     .sslContext(tls.trusting()))) {
            server.serve("/.well-known/resourcesync", URLSET.replace("{base}", "")
                    + "  <rs:md capability=\"description\"/>\n  <url><loc>" + server.uri("/capabilitylist.xml")
                    + "</loc><rs:md capability=\"capabilitylist\"/></url>\n</urlset>", "application/xml");
            URI found = discovered(new Discovery(https, new SitemapReader()).discover(server.uri("/")));
            assertEquals(server.uri("/capabilitylist.xml"), found);
        }
    }

    @Test
    void fiveLinksAreFollowedAndNoMore() throws Exception {
        try (TestHttpServer server = capabilityListServer(TestHttpServer.start())) {
            for (int i = 0; i < 6; i++) {
                String next = i == 5 ? "/capabilitylist.xml" : "/p" + (i + 1);
                server.serve("/p" + i, page("hop " + i, "text/plain")
                        .header("Link", "<" + next + ">; rel=\"resourcesync\""));
            }
            assertEquals(server.uri("/capabilitylist.xml"), discovered(discovery.discover(server.uri("/p1"))));
            IOException e = assertThrows(IOException.class, () -> discovery.discover(server.uri("/p0")));
            assertEquals("Gave up discovering the ResourceSync Source after 5 links, at "
                         + server.uri("/capabilitylist.xml"), e.getMessage());
        }
    }

    @Test
    void aPageLinkingToItselfEndsInAClearError() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.serve("/loop", page("loop", "text/plain").header("Link", "</loop>; rel=\"resourcesync\""));
            IOException e = assertThrows(IOException.class, () -> discovery.discover(server.uri("/loop")));
            assertTrue(e.getMessage().startsWith("Gave up discovering"), e.getMessage());
            assertEquals(6, server.requests("/loop"));
        }
    }

    @Test
    void aSourceDescriptionListingItselfEndsInAClearError() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.serve("/sd.xml", URLSET.replace("{base}", "") + "  <rs:md capability=\"description\"/>\n"
                    + "  <url><loc>" + server.uri("/sd.xml") + "</loc><rs:md capability=\"capabilitylist\"/></url>\n"
                    + "</urlset>", "application/xml");
            IOException e = assertThrows(IOException.class, () -> discovery.discover(server.uri("/sd.xml")));
            assertEquals("the document has rs:md capability=\"description\" where a capabilitylist was expected"
                         + " (document " + server.uri("/sd.xml") + ")", e.getMessage(),
                    "what it lists must be a Capability List: the second read already says it is not");
            assertEquals(2, server.requests("/sd.xml"));
        }
    }

    /** HTML is recognised by its content type or by its first markup; the first link with the rel counts. */
    @Test
    void htmlLinksAreFoundInWhatLooksLikeHtml() throws Exception {
        String links = "<head><link rel=\"stylesheet\" href=\"/style.css\">"
                       + "<link rel=\"resourcesync\" href=\"/capabilitylist.xml\"></head>";
        try (TestHttpServer server = capabilityListServer(TestHttpServer.start())) {
            server.serve("/typed", page(links, "text/html; charset=utf-8"));
            server.serve("/untyped", page("<html>" + links + "</html>", null));
            server.serve("/html-as-text", page("<html>" + links + "</html>", "text/plain"));
            server.serve("/doctype-as-text", page("<!DOCTYPE html>" + links, "text/plain"));
            for (String path : List.of("/typed", "/untyped", "/html-as-text", "/doctype-as-text")) {
                assertEquals(server.uri("/capabilitylist.xml"), discovered(discovery.discover(server.uri(path))),
                        path);
            }
            server.serve("/text", page("a note about " + links, "text/plain"));
            DocumentException e = assertThrows(DocumentException.class,
                    () -> discovery.discover(server.uri("/text")));
            assertTrue(e.getMessage().contains("Not a ResourceSync document"), e.getMessage());
        }
    }
}
