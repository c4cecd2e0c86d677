package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.publish.PublishedDocsAccess;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24, defect 1: a value no document can hold (a media type with a control character) was accepted, and from
 * then on every write of the documents failed and the route could not restart. Now such a value fails its own
 * exchange, naming the header, and later events are published and served.
 */
class PublishBadValuesTest {

    @TempDir
    Path tmp;

    private final HttpClient http = HttpClient.newHttpClient();
    private CamelContext context;
    private URI base;

    @BeforeEach
    void serve() throws Exception {
        int port = TestContexts.freePort();
        base = URI.create("http://127.0.0.1:" + port + "/rs/");
        context = TestContexts.servingPublishedSource(tmp.resolve("state"), port, tmp.resolve("site"), "/rs");
        // flushSize=1: the documents are written before the exchange completes
        RouteBuilder.addRoutes(context, r -> r.from("direct:publish").routeId("publish")
                .to("resourcesync-publish:" + tmp.resolve("site") + "?baseUrl=" + base + "&flushSize=1"
                    + "&resourceListInterval=0"));
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    private Exchange publish(String path, Map<String, Object> headers) {
        Map<String, Object> h = new HashMap<>(Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/" + path,
                ResourceSyncConstants.CHANGE, "created"));
        h.putAll(headers);
        return context.createProducerTemplate().request("direct:publish", e -> {
            e.getIn().setBody(path);
            e.getIn().setHeaders(h);
        });
    }

    private String served(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertEquals(200, r.statusCode(), path);
        return r.body();
    }

    @Test
    void aValueNoDocumentCanHoldFailsOnlyItsEventNamingTheHeader() throws Exception {
        context.start();
        // header, value, what the message must say
        List<Object[]> bad = List.of(
                new Object[] { ResourceSyncConstants.MEDIA_TYPE, "text/plain\u0001", "RFC 6838" },
                new Object[] { Exchange.CONTENT_TYPE, "text/\u0001plain", "RFC 6838" },
                new Object[] { ResourceSyncConstants.MEDIA_TYPE, "plain", "RFC 6838" },
                new Object[] { ResourceSyncConstants.HASH, "md5:not-hex", "algorithm:hexdigest" },
                new Object[] { ResourceSyncConstants.LENGTH, -3L, "0 or more" },
                new Object[] { ResourceSyncConstants.LENGTH, "12 bytes", "a number of bytes" },
                new Object[] { ResourceSyncConstants.DATETIME, Instant.parse("+10000-01-01T00:00:00Z"), "9999" });
        for (Object[] b : bad) {
            Exchange refused = publish("bad.txt", Map.of((String) b[0], b[1]));
            Exception e = refused.getException();
            assertNotNull(e, b[0] + " " + b[1] + " is refused");
            String m = e.getMessage();
            assertTrue(m.contains("header " + b[0] + " of http://origin.example/bad.txt") && m.contains((String) b[2]),
                    m);
            assertFalse(m.contains("\u0001"), "the value is escaped in the message: " + m);
        }
        Exchange location = publish("bad.txt", Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/\uFFFE"));
        assertTrue(location.getException().getMessage().contains(
                "header CamelResourceSyncLocation is \"http://origin.example/\\ufffe\": expected an absolute URI of"
                + " XML 1.0 characters"), location.getException().getMessage());
        assertTrue(publish("a.txt", Map.of(ResourceSyncConstants.MEDIA_TYPE, "text/plain\u0001")).getException()
                .getMessage().contains("\"text/plain\\u0001\": expected an RFC 6838 media type"));

        assertEquals(Boolean.TRUE, publish("a.txt", Map.of(ResourceSyncConstants.MEDIA_TYPE, "text/plain; charset=utf-8"))
                .getMessage().getHeader(ResourceSyncConstants.PUBLISHED));
        assertEquals(Boolean.TRUE, publish("b.txt", Map.of()).getMessage().getHeader(ResourceSyncConstants.PUBLISHED));
        String changes = served("changelist.xml");
        assertTrue(changes.contains("http://origin.example/a.txt") && changes.contains("http://origin.example/b.txt")
                   && changes.contains("type=\"text/plain; charset=utf-8\""), changes);
        assertFalse(changes.contains("bad.txt"), changes);
        assertTrue(served("resourcelist.xml").contains("http://origin.example/b.txt"));

        context.getRouteController().stopRoute("publish");
        context.getRouteController().startRoute("publish");
        assertEquals(Boolean.TRUE, publish("c.txt", Map.of()).getMessage().getHeader(ResourceSyncConstants.PUBLISHED));
        assertTrue(served("changelist.xml").contains("http://origin.example/c.txt"));
        PublishedDocsAccess.assertAllValid(tmp.resolve("site"));
    }

    @Test
    void aSourceServingAControlCharacterContentTypeIsRepublished() throws Exception {
        try (LiteralSource source = new LiteralSource()) {
            source.capabilities("resourcelist");
            source.xml("/resourcelist.xml", URLSET + """
                      <rs:ln rel="up" href="{base}/capabilitylist.xml"/>
                      <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z"/>
                      <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>
                      <url><loc>{base}/res/b.txt</loc><lastmod>2024-01-01T00:00:02Z</lastmod></url>
                      <url><loc>{base}/res/c.txt</loc><lastmod>2024-01-01T00:00:03Z</lastmod><rs:md type="pdf"/></url>
                    </urlset>""");
            source.bytes("/res/a.txt", "alpha".getBytes(StandardCharsets.UTF_8), "text/plain\u0001");
            source.text("/res/b.txt", "bravo");
            source.bytes("/res/c.txt", "charlie".getBytes(StandardCharsets.UTF_8), "text/plain\u0001");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?delay=100&initialDelay=0&stateId=origin")
                            .routeId("harvest").to("direct:publish");
                }
            });
            context.start();
            Polls.awaitQuiet(context, "harvest");
            String resources = served("resourcelist.xml");
            // a.txt's Content-Type and c.txt's rs:md type="pdf" are no media types: read as absent, not refused
            assertTrue(resources.contains(source.origin() + "/res/a.txt")
                       && resources.contains(source.origin() + "/res/b.txt")
                       && resources.contains(source.origin() + "/res/c.txt"), resources);
            assertTrue(resources.contains("type=\"text/plain\""), "b.txt keeps its Content-Type: " + resources);
            PublishedDocsAccess.assertAllValid(tmp.resolve("site"));
        }
    }

    @Test
    void aStorePoisonedByAnEarlierVersionIsRepairedOnStart() throws Exception {
        PublishedDocsAccess.storeUnchecked(tmp.resolve("site/.publisher"), URI.create("http://origin.example/p.txt"),
                "text/plain\u0001");
        try (LogCapture log = LogCapture.open()) {
            context.start();
            assertTrue(log.contains("ERROR Dropped resource http://origin.example/p.txt", "its media type is"
                                                                                        + " \"text/plain\\u0001\""),
                    String.join("\n", log.lines()));
            assertTrue(log.contains("ERROR Dropped open change #1"), String.join("\n", log.lines()));
        }
        assertEquals(Boolean.TRUE, publish("a.txt", Map.of()).getMessage().getHeader(ResourceSyncConstants.PUBLISHED));
        String changes = served("changelist.xml");
        assertTrue(changes.contains("http://origin.example/a.txt"), changes);
        assertFalse(changes.contains("p.txt"), changes);
        assertFalse(served("resourcelist.xml").contains("p.txt"));
        PublishedDocsAccess.assertAllValid(tmp.resolve("site"));
    }

    /**
     * A batch body ({@code batching=true} gives {@code List<SyncEvent>}) that a route mixed something else into fails
     * its exchange naming what it found, and publishes nothing of it; the mirror checks the same.
     */
    @Test
    void aBatchHoldingSomethingElseThanSyncEventsIsRefusedNamingIt() throws Exception {
        context.start();
        SyncEvent event = new SyncEvent("source", URI.create("http://origin.example/batch.txt"), ChangeType.CREATED,
                Instant.parse("2024-01-01T00:00:00Z"), null, null, null, "text/plain", "changelist", null, null,
                "id", "batch.txt", null, null);
        for (Object other : java.util.Arrays.asList("a string", null)) {
            Exception refused = context.createProducerTemplate().request("direct:publish",
                    e -> e.getIn().setBody(java.util.Arrays.asList(event, other))).getException();
            assertEquals("resourcesync-publish: a batch body must hold only SyncEvents, found "
                         + (other == null ? "null" : "java.lang.String"), refused.getMessage());
            Exception mirrored = context.createProducerTemplate().request("resourcesync-mirror:" + tmp.resolve("m"),
                    e -> e.getIn().setBody(java.util.Arrays.asList(event, other))).getException();
            assertEquals("resourcesync-mirror: a batch body must hold only SyncEvents, found "
                         + (other == null ? "null" : "java.lang.String"), mirrored.getMessage());
        }
        assertFalse(served("changelist.xml").contains("batch.txt"));
    }
}
