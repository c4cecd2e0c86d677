package io.github.camelresourcesync;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.DefaultHealthCheckRegistry;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.spi.Registry;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad resource bodies fail their event and are never delivered as good; gone resources do not abort a baseline;
 * transient errors are retried.
 */
class ResourceSyncFixityTest extends CamelTestSupport {

    private TestSource source;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Exchange> delivered = new CopyOnWriteArrayList<>();
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();
    private final List<Exchange> failed = recorder.failedEvents();

    @Override
    protected void doPreSetup() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo").put("/res/c.txt", "charlie");
    }

    @Override
    protected void bindToRegistry(Registry registry) {
        registry.bind("store", store);
        // the consumer's exception handler sees events that failed before reaching the route (fixity)
        registry.bind("recorder", recorder);
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
                String uri = "resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0"
                             + "&retryDelay=5&maxRetries=2&maxEventAttempts=0"; // blocks until fixed: never given up
                // a recording exception handler: shows which events failed before reaching the route
                from(uri + "&exceptionHandler=#recorder").routeId("recorded").autoStartup(false)
                        .process(e -> delivered.add(e.copy()));
            }
        };
    }

    private List<String> deliveredFiles() {
        return delivered.stream().map(e -> e.getIn().getHeader(Exchange.FILE_NAME, String.class)).toList();
    }

    @Test
    void hashMismatchIsNeverDeliveredAndBlocksUntilFixed() throws Exception {
        source.change("/res/d.txt", "delta");
        source.change("/res/e.txt", "echo");
        // the published length, other bytes: only a hash tells (lengthMismatchFailsTheEvent is the length check)
        source.override("/res/d.txt", "DELTA");
        // baseline first: d.txt is in the Resource List too, with its hash
        context.getRouteController().startRoute("recorded");
        await().atMost(60, TimeUnit.SECONDS).until(() -> !failed.isEmpty());
        Exception cause = failed.get(0).getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        assertInstanceOf(FixityException.class, cause);
        assertTrue(cause.getMessage().contains("hash mismatch for " + source.uri("/res/d.txt")), cause.getMessage());
        // breakOnFirstError: e.txt (after d.txt) waits, however many polls come
        Polls.awaitQuiet(context, "recorded");
        assertFalse(deliveredFiles().contains("res/d.txt"), "a body that fails fixity is never delivered");
        assertFalse(deliveredFiles().contains("res/e.txt"));

        source.clearOverride("/res/d.txt");
        await().atMost(60, TimeUnit.SECONDS).until(() -> deliveredFiles().containsAll(List.of("res/d.txt",
                "res/e.txt")));
        assertEquals("delta", delivered.get(deliveredFiles().indexOf("res/d.txt")).getIn().getBody(String.class));
    }

    @Test
    void lengthMismatchFailsTheEvent() throws Exception {
        context.getRouteController().startRoute("recorded");
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
        source.change("/res/a.txt", "alpha 2");
        source.override("/res/a.txt", "alpha 2 but longer");
        await().atMost(60, TimeUnit.SECONDS).until(() -> !failed.isEmpty());
        Exception cause = failed.get(0).getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        assertInstanceOf(FixityException.class, cause);
        assertTrue(cause.getMessage().startsWith("Length mismatch for " + source.uri("/res/a.txt")),
                cause.getMessage());
        Polls.awaitQuiet(context, "recorded");
        assertEquals(3, delivered.size());
    }

    @Test
    void goneDuringBaselineIsSkippedAndTransientErrorsAreRetried() throws Exception {
        source.fail("/res/a.txt", 404, 1);
        source.fail("/res/b.txt", 500, 2);
        context.getRouteController().startRoute("recorded");
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() >= 2);
        Polls.awaitQuiet(context, "recorded");
        Map<String, String> bodies = new java.util.TreeMap<>();
        delivered.forEach(e -> bodies.put(e.getIn().getHeader(Exchange.FILE_NAME, String.class),
                e.getIn().getBody(String.class)));
        assertEquals("bravo", bodies.get("res/b.txt"), "500 then 200 is retried and delivered");
        assertEquals("charlie", bodies.get("res/c.txt"));
        assertTrue(failed.isEmpty(), "a 404 does not fail the baseline");
        assertEquals(2, source.requests("/res/b.txt") - 1, "two failures, then the success");
    }
}
