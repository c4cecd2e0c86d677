package io.github.camelresourcesync.component.atompmh;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped XSLT 3.0 stylesheet, run by camel-xslt on Saxon-HE in a route: an Atom-PMH feed becomes a Change List
 * the project's reader accepts and the {@code resourcesync:} consumer harvests.
 */
class AtomPmhXsltTest {

    static final String XSLT = "xslt:classpath:xslt/atom-pmh-to-changelist.xsl"
                               + "?transformerFactoryClass=net.sf.saxon.TransformerFactoryImpl";

    private TestHttpServer server;
    private CamelContext context;

    @BeforeEach
    void start() throws Exception {
        server = TestHttpServer.start();
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:convert").to(XSLT).convertBodyTo(String.class);
            }
        });
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        server.close();
    }

    private String feed() {
        return AtomPmhConsumerTest.HEAD + "<updated>2024-01-01T10:10:00+10:00</updated>"
               // out of order, a historical entry, a deletion entry, a tombstone, a record with two formats
               + AtomPmhConsumerTest.entry("urn:b", "2024-01-01T00:04:00Z", "/records/b.xml")
               + AtomPmhConsumerTest.entry("urn:a", "2024-01-01T00:01:00Z", "/records/a.xml")
               + AtomPmhConsumerTest.entry("urn:b", "2024-01-01T00:02:00Z", "/records/b.xml")
               + "<entry><title>gone</title><id>urn:c</id><updated>2024-01-01T00:05:00Z</updated><content/></entry>"
               + AtomPmhConsumerTest.entry("urn:c", "2024-01-01T00:03:00Z", "/records/c.xml")
               + "<at:deleted-entry ref=\"http://records.example/d\" when=\"2024-01-01T00:06:00Z\"/>"
               + "<entry><title>e</title><id>urn:e</id><updated>2024-01-01T00:00:30Z</updated>"
               + "<link type=\"text/html\" href=\"/records/e.html\"/>"
               + "<link rel=\"alternate\" type=\"application/rifcs+xml\" href=\"/records/e.rifcs\"/></entry>"
               + "</feed>";
    }

    private String convert(String feed) {
        return context.createProducerTemplate().requestBodyAndHeaders("direct:convert", feed,
                java.util.Map.of("base", server.uri("/feed").toString(), "mediaType", "application/rifcs+xml"),
                String.class);
    }

    @Test
    void feedBecomesAChangeListTheReaderAccepts() throws Exception {
        String changeList = convert(feed());
        List<Entry> entries = new ArrayList<>();
        SitemapDocument doc = new SitemapReader().open(
                new ByteArrayInputStream(changeList.getBytes(StandardCharsets.UTF_8)), server.uri("/changelist.xml"));
        try (doc) {
            assertEquals("changelist", doc.header().md().capability());
            assertEquals(Instant.parse("2024-01-01T00:00:30Z"), doc.header().md().from());
            assertEquals(Instant.parse("2024-01-01T00:10:00Z"), doc.header().md().until());
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                entries.add(e);
            }
        }
        List<String> summary = entries.stream().map(e -> e.md().change() + " " + e.loc() + " " + e.md().datetime())
                .toList();
        assertEquals(List.of(
                "created " + server.uri("/records/e.rifcs") + " 2024-01-01T00:00:30Z",
                "created " + server.uri("/records/a.xml") + " 2024-01-01T00:01:00Z",
                "updated " + server.uri("/records/b.xml") + " 2024-01-01T00:04:00Z",
                "deleted " + server.uri("/records/c.xml") + " 2024-01-01T00:05:00Z",
                "deleted http://records.example/d 2024-01-01T00:06:00Z"), summary);
        assertEquals("application/rifcs+xml", entries.get(0).md().type());
    }

    @Test
    void theResourceSyncConsumerHarvestsTheConvertedFeed() throws Exception {
        server.serve("/changelist.xml", convert(feed()), "application/xml");
        server.serve("/records/a.xml", "<a/>", "application/xml");
        server.serve("/records/b.xml", "<b/>", "application/xml");
        server.serve("/records/e.rifcs", "<e/>", "application/rifcs+xml");
        List<Exchange> events = new CopyOnWriteArrayList<>();
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + server.uri("/changelist.xml") + "?stateStore=#store&initialDelay=0")
                        .process(e -> events.add(e.copy()));
            }
        });
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() == 5);
        assertEquals(List.of("created", "created", "updated", "deleted", "deleted"),
                events.stream().map(e -> e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class)).toList());
        assertEquals("<b/>", events.get(2).getIn().getBody(String.class));
    }

    @Test
    void somethingElseThanAFeedIsRefused() {
        CamelExecutionException e = assertThrows(CamelExecutionException.class,
                () -> convert("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>"));
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        assertTrue(messages.toString().contains("Expected an Atom feed (atom:feed), found urlset"), messages.toString());
    }
}
