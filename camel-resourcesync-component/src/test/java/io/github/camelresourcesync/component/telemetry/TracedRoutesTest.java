package io.github.camelresourcesync.component.telemetry;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestSource;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.apache.camel.CamelContext;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultPollingConsumerPollStrategy;
import org.apache.camel.opentelemetry2.OpenTelemetryTracer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.component.telemetry.TestTracing.attr;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a traced application sees beyond a clean harvest ({@link TracingTest}): a producer's spans, failed polls and
 * requests, redirects, an excluded consumer, a component bound under a name of the application's. Real
 * camel-opentelemetry2 tracer, real routes against loopback Sources.
 */
class TracedRoutesTest {

    @TempDir
    Path tmp;

    private final TestTracing tracing = new TestTracing();
    private final CamelContext context = new DefaultCamelContext();
    private final OpenTelemetryTracer tracer = tracing.install(context);
    private TestSource source;

    @AfterEach
    void stop() {
        context.stop();
        if (source != null) {
            source.close();
        }
    }

    private void start(RouteBuilder routes) throws Exception {
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(routes);
        context.start();
    }

    @Test
    void aPublishedEventIsNamedAfterItsChangeOrWithoutOneAfterTheSchemeAlone() throws Exception {
        String publish = "resourcesync-publish:" + tmp.resolve("site") + "?baseUrl=http://127.0.0.1:1/rs/";
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:publish").to(publish);
            }
        });
        ProducerTemplate t = context.createProducerTemplate();
        t.sendBodyAndHeaders("direct:publish", "alpha", Map.of(ResourceSyncConstants.LOCATION,
                "http://origin.example/a.txt", ResourceSyncConstants.CHANGE, "created"));
        // no change header: published as an update, the span says only where it went
        t.sendBodyAndHeaders("direct:publish", "bravo", Map.of(ResourceSyncConstants.LOCATION,
                "http://origin.example/b.txt"));

        SpanData created = only("resourcesync-publish created");
        assertEquals("http://origin.example/a.txt", attr(created, SyncSpanDecorator.LOCATION));
        assertEquals("created", attr(created, SyncSpanDecorator.CHANGE));
        assertEquals("camel-resourcesync-publish", attr(created, "component"));
        assertEquals("resourcesync-publish", attr(created, "url.scheme"));
        // not a consumer of a Source: the endpoint URI as Camel has it (no secret option to mask), no server
        assertEquals(context.getEndpoint(publish).getEndpointUri(), attr(created, SyncSpanDecorator.CAMEL_URI));
        assertFalse(tracing.has(created, "server.address"), tracing.names());

        SpanData unnamed = only("resourcesync-publish");
        assertEquals("http://origin.example/b.txt", attr(unnamed, SyncSpanDecorator.LOCATION));
        assertFalse(tracing.has(unnamed, SyncSpanDecorator.CHANGE), tracing.names());
    }

    @Test
    void aFailedPollAndEachFailedRequestAreErrorSpansSayingWhy() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (TestHttpServer refusing = TestHttpServer.start()) {
            // 400, the first status that is an error (not retried: one request)
            refusing.handle("/rs/", TestHttpServer.status(400));
            String refused = refusing.uri("/rs/").toString();
            String unreachable = "http://127.0.0.1:" + closed + "/rs/";
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + refused + "?stateStore=#store&delay=3600000&initialDelay=0")
                            .routeId("refused").to("log:refused?level=OFF");
                    from("resourcesync:" + unreachable + "?stateStore=#store&delay=3600000&initialDelay=0"
                         + "&retryDelay=10&maxRetries=1")
                            .routeId("unreachable").to("log:unreachable?level=OFF");
                }
            });
            await().atMost(60, TimeUnit.SECONDS).until(() -> tracing.named("resourcesync poll").size() == 2);

            // a Source answering 400: the poll failed, and the request says with which status
            SpanData poll400 = poll(refused);
            assertEquals(StatusCode.ERROR, poll400.getStatus().getStatusCode(), tracing.names());
            assertEquals("0", attr(poll400, TelemetryPollTracer.POLL_EVENTS));
            assertEquals(FetchException.class.getName(), attr(poll400, "error.type"), "the failure's class");
            assertTrue(errorMessage(poll400).contains("400"), errorMessage(poll400));
            SpanData get400 = tracing.named("GET").stream().filter(s -> attr(s, "url.full").startsWith(refused))
                    .findFirst().orElseThrow(() -> new AssertionError(tracing.names()));
            assertEquals("400", attr(get400, "http.response.status_code"));
            assertEquals("400", attr(get400, "error.type"));
            assertEquals(StatusCode.ERROR, get400.getStatus().getStatusCode());
            assertEquals(poll400.getSpanId(), get400.getParentSpanId());

            // nothing listening: no status, the error type "fetch" and the reason as the span's error event
            SpanData pollDown = poll(unreachable);
            assertEquals(StatusCode.ERROR, pollDown.getStatus().getStatusCode(), tracing.names());
            List<SpanData> getsDown = tracing.named("GET").stream()
                    .filter(s -> attr(s, "url.full").startsWith(unreachable)).toList();
            assertFalse(getsDown.isEmpty(), tracing.names());
            for (SpanData get : getsDown) {
                assertEquals("fetch", attr(get, "error.type"), tracing.names());
                assertFalse(tracing.has(get, "http.response.status_code"), tracing.names());
                assertEquals(StatusCode.ERROR, get.getStatus().getStatusCode());
                assertFalse(errorMessage(get).isEmpty(), tracing.names());
                assertEquals(pollDown.getSpanId(), get.getParentSpanId());
            }
        }
    }

    @Test
    void aRedirectedRequestNamesWhereItEnded() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        try (TestHttpServer moved = TestHttpServer.start()) {
            String wellKnown = ".well-known/resourcesync";
            moved.redirect("/" + wellKnown, 302, source.uri("/" + wellKnown).toString());
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + moved.baseUri() + "?stateStore=#store&delay=3600000&initialDelay=0"
                         + "&allowedHosts=*")
                            .routeId("sync").to("log:sync?level=OFF");
                }
            });
            await().atMost(60, TimeUnit.SECONDS).until(() -> tracing.named("resourcesync poll").size() == 1);
            SpanData discovery = tracing.named("GET").stream()
                    .filter(s -> attr(s, "url.full").equals(moved.uri("/" + wellKnown).toString())).findFirst()
                    .orElseThrow(() -> new AssertionError(tracing.names()));
            assertEquals(source.uri("/" + wellKnown).toString(), attr(discovery, "resourcesync.redirected_to"));
            assertEquals("200", attr(discovery, "http.response.status_code"));
            SpanData resource = tracing.named("GET").stream()
                    .filter(s -> attr(s, "url.full").equals(source.uri("/res/a.txt").toString())).findFirst()
                    .orElseThrow(() -> new AssertionError(tracing.names()));
            assertFalse(tracing.has(resource, "resourcesync.redirected_to"), "not redirected: " + tracing.names());
        }
    }

    @Test
    void anExcludedConsumerHasNoPollOrRequestSpans() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        tracer.setExcludePatterns("resourcesync:*");
        List<String> delivered = new CopyOnWriteArrayList<>();
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=50&initialDelay=0")
                        .routeId("sync").process(e -> delivered.add(e.getIn().getHeader(
                                ResourceSyncConstants.LOCATION, String.class)));
            }
        });
        Polls.awaitQuiet(context, "sync");
        assertEquals(List.of(source.uri("/res/a.txt").toString()), delivered, "harvested as without a tracer");
        assertEquals(List.of(), tracing.named("resourcesync poll"), tracing.names());
        assertEquals(List.of(), tracing.named("GET"), tracing.names());
    }

    @Test
    void aComponentBoundUnderAnotherNameIsTracedAsAResourceSyncHarvest() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        context.addComponent("archive", new ResourceSyncComponent());
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("archive:" + source.base() + "?stateStore=#store&delay=3600000&initialDelay=0")
                        .routeId("sync").to("log:sync?level=OFF");
            }
        });
        // camel-telemetry finds the decorator by the component's class when the scheme is not its own
        await().atMost(60, TimeUnit.SECONDS).until(() -> tracing.named("resourcesync created").size() == 1);
        SpanData event = tracing.named("resourcesync created").get(0);
        assertEquals(source.uri("/res/a.txt").toString(), attr(event, SyncSpanDecorator.LOCATION));
        assertEquals("archive:" + source.base(), attr(event, SyncSpanDecorator.CAMEL_URI));
    }

    @Test
    void eachPollIsATraceOfItsOwnAndTheCurrentSpanWhileItRuns() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        // the consumer's own work during a poll (here: reading its state) sees the poll as the current span, so
        // spans other instrumentation makes there (a JDBC driver's, say) nest under it
        List<String> currentWhileReadingState = new CopyOnWriteArrayList<>();
        context.getRegistry().bind("recordingStore", new InMemoryStateStore() {
            @Override
            public SourceState source(String sourceKey) {
                currentWhileReadingState.add(Span.current().getSpanContext().getSpanId());
                return super.source(sourceKey);
            }
        });
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#recordingStore&delay=50&initialDelay=0")
                        .routeId("sync").to("log:sync?level=OFF");
            }
        });
        await().atMost(60, TimeUnit.SECONDS).until(() -> tracing.named("resourcesync poll").size() >= 2);
        List<SpanData> polls = tracing.named("resourcesync poll");
        for (SpanData poll : polls) {
            // a trace per poll, not one trace growing for as long as the route runs
            assertFalse(poll.getParentSpanContext().isValid(), "each poll a root span: " + tracing.names());
        }
        assertEquals(polls.size(), polls.stream().map(SpanData::getTraceId).distinct().count());
        assertTrue(currentWhileReadingState.contains(polls.get(0).getSpanId()),
                "the poll current while it read the state: " + currentWhileReadingState + " " + tracing.names());
    }

    @Test
    void nothingIsCurrentOnTheConsumersThreadBetweenPolls() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        // a poll strategy runs on the consumer's thread just before each poll: there, as in a log line's trace id
        // or a task sharing the scheduler, the last poll must not still be the current span
        List<Boolean> spanCurrentBeforePoll = new CopyOnWriteArrayList<>();
        context.getRegistry().bind("recordingStrategy", new DefaultPollingConsumerPollStrategy() {
            @Override
            public boolean begin(Consumer consumer, Endpoint endpoint) {
                spanCurrentBeforePoll.add(Span.current().getSpanContext().isValid());
                return true;
            }
        });
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=50&initialDelay=0"
                     + "&pollStrategy=#recordingStrategy").routeId("sync").to("log:sync?level=OFF");
            }
        });
        await().atMost(60, TimeUnit.SECONDS).until(() -> spanCurrentBeforePoll.size() >= 3);
        assertFalse(tracing.named("resourcesync poll").isEmpty(), tracing.names());
        assertFalse(spanCurrentBeforePoll.contains(true), "a span current before a poll: " + spanCurrentBeforePoll);
    }

    @Test
    void aUrlWithoutAPortNamesTheSchemesDefaultPort() throws Exception {
        // real Sources have no port in their URLs: a loopback proxy receives the requests for hosts that do not
        // resolve; the spans are made before the request is sent, whatever the proxy answers
        try (TestHttpServer proxy = TestHttpServer.start()) {
            String proxied = "?stateStore=#store&delay=3600000&initialDelay=0&maxRetries=0&proxyHost=127.0.0.1"
                             + "&proxyPort=" + proxy.port();
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:http://source.example.invalid/rs/" + proxied).routeId("http")
                            .to("log:http?level=OFF");
                    from("resourcesync:https://secure.example.invalid/rs/" + proxied).routeId("https")
                            .to("log:https?level=OFF");
                }
            });
            await().atMost(60, TimeUnit.SECONDS).until(() -> tracing.named("resourcesync poll").size() == 2);
            assertEquals("80", attr(request("http://source.example.invalid/rs/"), "server.port"));
            assertEquals("source.example.invalid", attr(request("http://source.example.invalid/rs/"),
                    "server.address"));
            assertEquals("443", attr(request("https://secure.example.invalid/rs/"), "server.port"));
        }
    }

    private SpanData request(String url) {
        return tracing.named("GET").stream().filter(s -> attr(s, "url.full").equals(url)).findFirst()
                .orElseThrow(() -> new AssertionError(tracing.names()));
    }

    private SpanData only(String name) {
        await().atMost(60, TimeUnit.SECONDS).until(() -> !tracing.named(name).isEmpty());
        List<SpanData> spans = tracing.named(name);
        assertEquals(1, spans.size(), tracing.names());
        return spans.get(0);
    }

    private SpanData poll(String sourceUrl) {
        return tracing.named("resourcesync poll").stream()
                .filter(s -> attr(s, SyncSpanDecorator.SOURCE).equals(sourceUrl)).findFirst()
                .orElseThrow(() -> new AssertionError(tracing.names()));
    }

    /** The message of the span's error event, {@code ""} without one. */
    private static String errorMessage(SpanData span) {
        return span.getEvents().stream().filter(e -> e.getName().equals("error")).map(EventData::getAttributes)
                .map(a -> a.get(io.opentelemetry.api.common.AttributeKey.stringKey("message"))).findFirst()
                .orElse("");
    }
}
