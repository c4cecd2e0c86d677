package io.github.camelresourcesync.component.telemetry;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.component.telemetry.TestTracing.attr;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A traced harvest through camel-opentelemetry2 into an in-memory exporter, against a loopback Source reached with
 * credentials in its URL: one span per poll naming the Source, one per event (child of the poll) with the event's
 * location, change, capability and Source document, one per HTTP request (child of the poll) with the HTTP client
 * attributes, a failed attempt marked as an error, and no credential anywhere.
 */
class TracingTest extends CamelTestSupport {

    private static final String SECRET = "s3cret-pw";

    @TempDir
    Path mirror;

    private final TestTracing tracing = new TestTracing();
    private final InMemoryStateStore store = new InMemoryStateStore();
    private TestSource source;
    private String sourceUrl;

    @Override
    protected void doPreSetup() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/sub/c.txt", "charlie");
        // the first attempt at b fails: a span of its own, marked as an error, then the retry's
        source.fail("/res/b.txt", 503, 1);
        URI base = source.base();
        sourceUrl = base.getScheme() + "://alice:" + SECRET + "@" + base.getAuthority() + base.getPath();
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("store", store);
        tracing.install(context);
        return context;
    }

    @AfterEach
    void stopSource() {
        source.close();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + sourceUrl + "?stateStore=#store&delay=3600000&initialDelay=0"
                     + "&retryDelay=10")
                        .routeId("sync")
                        .to("resourcesync-mirror:" + mirror);
            }
        };
    }

    @Test
    void aPollIsASpanWithItsEventsAndFetchesAsChildren() {
        await().atMost(60, TimeUnit.SECONDS).until(() -> named("resourcesync poll").size() == 1);
        // the route's spans end when their exchanges complete, just before the poll's
        await().atMost(60, TimeUnit.SECONDS).until(() -> named("resourcesync created").size() == 3);
        List<SpanData> spans = tracing.spans();

        SpanData poll = named("resourcesync poll").get(0);
        assertEquals(source.base().toString(), attr(poll, "resourcesync.source"));
        assertEquals("3", attr(poll, "resourcesync.poll.events"));
        assertFalse(poll.getParentSpanContext().isValid(), "the poll is a root span");
        assertEquals("camel-resourcesync", attr(poll, "component"));
        assertEquals("resourcesync", attr(poll, "url.scheme"));

        List<SpanData> events = named("resourcesync created");
        assertEquals(3, events.size(), () -> "event spans in " + names(spans));
        Map<String, SpanData> byLocation = events.stream()
                .collect(Collectors.toMap(s -> attr(s, "resourcesync.location"), s -> s));
        SpanData a = byLocation.get(source.uri("/res/a.txt").toString());
        assertNotNull(a, () -> "locations: " + byLocation.keySet());
        assertEquals("created", attr(a, "resourcesync.change"));
        assertEquals("resourcelist", attr(a, "resourcesync.capability"));
        assertTrue(attr(a, "resourcesync.source_document").startsWith(source.base().toString()),
                attr(a, "resourcesync.source_document"));
        for (SpanData event : events) {
            assertChildOf(poll, event);
            assertEquals("camel-resourcesync", attr(event, "component"));
            assertEquals("resourcesync", attr(event, "url.scheme"));
            // the consumer's URI as its scheme and Source, without the credentials and without its options
            assertEquals("resourcesync:" + source.base(), attr(event, "camel.uri"));
            assertEquals(source.base().toString(), attr(event, "server.address"));
            assertEquals(source.uri("/capabilitylist.xml").toString(), attr(event, "resourcesync.source"),
                    "the Capability List whose state the event advances");
        }
        assertEquals(3, events.stream().map(s -> attr(s, "exchangeId")).filter(id -> !id.isEmpty()).distinct()
                .count(), "each event's exchange id: " + names(spans));

        // the mirror's span: the event's child, the same event attributes
        List<SpanData> writes = named("resourcesync-mirror created");
        assertEquals(3, writes.size(), () -> "mirror spans in " + names(spans));
        for (SpanData write : writes) {
            SpanData event = byLocation.get(attr(write, "resourcesync.location"));
            assertNotNull(event, attr(write, "resourcesync.location"));
            assertEquals(event.getSpanId(), write.getParentSpanId(), "the mirror's span is the event's child");
            assertEquals("resourcelist", attr(write, "resourcesync.capability"));
            assertEquals(attr(event, "exchangeId"), attr(write, "exchangeId"), "the event's exchange");
            assertEquals("camel-resourcesync-mirror", attr(write, "component"));
            assertEquals("resourcesync-mirror://" + mirror, attr(write, "camel.uri"), "as Camel normalises it");
            assertEquals("", attr(write, "server.address"), "a mirror is no Source");
        }

        List<SpanData> fetches = named("GET");
        SpanData fetchA = fetches.stream().filter(s -> attr(s, "url.full").endsWith("/res/a.txt")).findFirst()
                .orElseThrow(() -> new AssertionError("no fetch span of a.txt in " + names(spans)));
        assertChildOf(poll, fetchA);
        assertEquals("GET", attr(fetchA, "http.request.method"));
        assertEquals(source.uri("/res/a.txt").toString(), attr(fetchA, "url.full"));
        assertEquals("200", attr(fetchA, "http.response.status_code"));
        assertEquals("127.0.0.1", attr(fetchA, "server.address"));
        assertEquals(Integer.toString(source.base().getPort()), attr(fetchA, "server.port"));
        assertEquals("http", attr(fetchA, "url.scheme"));
        assertEquals("camel-resourcesync", attr(fetchA, "component"));
        assertEquals("", attr(fetchA, "error.type"), "a success is no error");
        List<String> statusesOfB = fetches.stream().filter(s -> attr(s, "url.full").endsWith("/res/b.txt"))
                .map(s -> attr(s, "http.response.status_code")).toList();
        assertEquals(List.of("503", "200"), statusesOfB, "the failed attempt and the retry, each a span");
        SpanData failedB = fetches.stream().filter(s -> "503".equals(attr(s, "http.response.status_code")))
                .findFirst().orElseThrow();
        assertEquals(io.opentelemetry.api.trace.StatusCode.ERROR, failedB.getStatus().getStatusCode());
        assertEquals("503", attr(failedB, "error.type"));
        assertTrue(fetches.stream().anyMatch(s -> attr(s, "url.full").contains(".well-known/resourcesync")
                                                 || attr(s, "url.full").endsWith(".xml")),
                () -> "the discovery's documents are fetch spans too: " + names(spans));
        for (SpanData fetch : fetches) {
            assertChildOf(poll, fetch);
        }

        for (SpanData span : spans) {
            span.getAttributes().forEach((key, value) -> assertFalse(String.valueOf(value).contains(SECRET)
                                                                     || String.valueOf(value).contains("alice:"),
                    () -> "span " + span.getName() + " leaks credentials in " + key + "=" + value));
            assertFalse(span.getName().contains(SECRET), span.getName());
        }
    }

    private static void assertChildOf(SpanData parent, SpanData child) {
        assertEquals(parent.getTraceId(), child.getTraceId(), child.getName() + " in the poll's trace");
        assertEquals(parent.getSpanId(), child.getParentSpanId(), child.getName() + " a child of the poll");
    }

    private List<SpanData> named(String name) {
        return tracing.named(name);
    }

    private static List<String> names(List<SpanData> spans) {
        return spans.stream().map(s -> s.getName() + s.getAttributes().asMap()).toList();
    }
}
