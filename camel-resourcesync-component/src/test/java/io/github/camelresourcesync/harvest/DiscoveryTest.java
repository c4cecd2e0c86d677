package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.util.List;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discovery from whatever a user gives, without a CamelContext. */
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
}
