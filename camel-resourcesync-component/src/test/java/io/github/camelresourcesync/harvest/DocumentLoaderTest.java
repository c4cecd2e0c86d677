package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.INDEX;
import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the document loader remembers between polls: validators of documents processed completely (so the next poll
 * asks conditionally and an unchanged document costs one 304), the children of an index, both shared with the loader
 * of another run and both forgotten after a failure; the counters of documents read and unchanged; and the connection
 * of a document that is not a sitemap let go.
 */
class DocumentLoaderTest {

    @RegisterExtension
    final FetchRig rig = new FetchRig(1);
    private TestHttpServer server;
    private final SitemapReader reader = new SitemapReader();
    private final SyncProgress progress = new SyncProgress("test", 0);
    private DocumentLoader loader;
    private URI list;
    private URI index;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        loader = new DocumentLoader(rig.fetcher(), reader, progress);
        server.serveXml("/list.xml", URLSET + "  <rs:md capability=\"resourcelist\"/>\n"
                + "  <url><loc>{base}/res/a</loc></url>\n</urlset>");
        server.serveXml("/index.xml", INDEX + "  <rs:md capability=\"changelist\"/>\n"
                + "  <sitemap><loc>{base}/list.xml</loc></sitemap>\n</sitemapindex>");
        list = server.uri("/list.xml");
        index = server.uri("/index.xml");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Opens {@code uri}, reads it to the end and returns its validators; {@code null} when it answered 304. */
    private Validators read(DocumentLoader from, URI uri, boolean conditional) throws Exception {
        DocumentLoader.Opened opened = from.openIfChanged(uri, uri.equals(index) ? Capability.CHANGELIST : Capability.RESOURCELIST,
                conditional);
        if (opened == null) {
            return null;
        }
        try (SitemapDocument doc = opened.document()) {
            while (doc.next() != null) {
                // read to the end
            }
        }
        assertEquals(uri, opened.uri());
        return opened.validators();
    }

    @Test
    void aDocumentProcessedCompletelyIsAskedForConditionallyNextTime() throws Exception {
        Validators validators = read(loader, list, true);
        assertNotNull(validators.etag());
        assertNotNull(read(loader, list, true), "not marked processed yet: read again");
        loader.markProcessed(list, validators);
        assertNull(read(loader, list, true), "unchanged: 304");
        assertEquals(validators.etag(), server.lastRequest("/list.xml").header("If-None-Match"));
        assertNotNull(read(loader, list, false), "asked unconditionally: read");
        assertEquals(null, server.lastRequest("/list.xml").header("If-None-Match"));
        assertEquals(3, progress.documents());
        assertEquals(1, progress.documentsUnchanged());
    }

    @Test
    void withoutValidatorsNothingIsRemembered() throws Exception {
        loader.markProcessed(list, Validators.NONE);
        loader.markProcessed(list, null);
        loader.cacheIndex(index, Validators.NONE, List.of());
        loader.cacheIndex(index, null, List.of());
        assertNull(loader.cachedIndex(index));
        assertNotNull(read(loader, list, true));
        assertEquals(null, server.lastRequest("/list.xml").header("If-None-Match"));
    }

    @Test
    void anIndexReadCompletelyKeepsItsChildrenForWhenItAnswers304() throws Exception {
        List<Entry> children;
        Validators validators;
        DocumentLoader.Opened opened = loader.openIfChanged(index, Capability.CHANGELIST, true);
        try (SitemapDocument doc = opened.document()) {
            children = List.of(doc.next());
            validators = opened.validators();
        }
        loader.cacheIndex(index, validators, children);
        assertNull(read(loader, index, true));
        assertEquals(children, loader.cachedIndex(index));

        // another run's loader shares what was remembered and counts into its own progress
        SyncProgress other = new SyncProgress("other", 0);
        DocumentLoader next = loader.withProgress(other);
        assertSame(reader, next.reader());
        assertNull(read(next, index, true));
        assertEquals(children, next.cachedIndex(index));
        assertEquals(1, other.documentsUnchanged());
        assertEquals(1, progress.documentsUnchanged());
    }

    /** After a failed poll everything is read again: nothing remembered may hide a change. */
    @Test
    void forgettingDropsValidatorsAndCachedIndexes() throws Exception {
        loader.markProcessed(list, read(loader, list, false));
        DocumentLoader.Opened opened = loader.openIfChanged(index, Capability.CHANGELIST, false);
        try (SitemapDocument doc = opened.document()) {
            loader.cacheIndex(index, opened.validators(), List.of(doc.next()));
        }
        loader.forget();
        assertNull(loader.cachedIndex(index));
        assertNotNull(read(loader, list, true));
        assertNotNull(read(loader, index, true));
        assertEquals(0, progress.documentsUnchanged());
    }

    @Test
    void aDocumentThatIsNotASitemapLetsGoOfItsConnection() throws Exception {
        StringBuilder feed = new StringBuilder("<?xml version=\"1.0\"?>\n<feed>\n");
        for (int i = 0; i < 20_000; i++) {
            feed.append("  <item>").append(i).append("</item>\n");
        }
        server.serve("/feed.xml", feed.append("</feed>").toString(), "application/xml");
        try (HttpFetcher one = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY)
                .maxConnections(1))) {
            DocumentLoader single = new DocumentLoader(one, reader, progress);
            DocumentException e = assertThrows(DocumentException.class,
                    () -> single.open(server.uri("/feed.xml"), Capability.RESOURCELIST));
            assertTrue(e.getMessage().contains("<feed>"), e.getMessage());
            Validators read = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> read(single, list, false),
                    "the only connection is still held by the rejected document");
            assertNotNull(read);
        }
        assertEquals(1, progress.documents(), "the list; a document that is not a sitemap is not counted as read");
    }
}
