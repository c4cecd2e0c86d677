package io.github.camelresourcesync;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.DefaultHealthCheckRegistry;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.spi.ExceptionHandler;
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
 * Bad input from the Source: malformed and hostile documents fail the poll with a clear error and leave state
 * unchanged; bad resource bodies fail their event and are never delivered as good; transient errors are retried.
 */
class ResourceSyncFailureTest extends CamelTestSupport {

    private TestSource source;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Exchange> delivered = new CopyOnWriteArrayList<>();
    private final List<Exchange> failed = new CopyOnWriteArrayList<>();

    @Override
    protected void doPreSetup() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo").put("/res/c.txt", "charlie");
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext camel = super.createCamelContext();
        // what camel-main does with camel.health.enabled=true: consumer checks report poll failures
        HealthCheckRegistry health = new DefaultHealthCheckRegistry();
        health.setCamelContext(camel);
        health.register(health.resolveById("consumers"));
        camel.getCamelContextExtension().addContextPlugin(HealthCheckRegistry.class, health);
        return camel;
    }

    @Override
    protected void bindToRegistry(Registry registry) {
        registry.bind("store", store);
        // the consumer's exception handler sees events that failed before reaching the route (fixity)
        registry.bind("recorder", (ExceptionHandler) new ExceptionHandler() {
            @Override
            public void handleException(Throwable exception) {
                handleException(null, null, exception);
            }

            @Override
            public void handleException(String message, Throwable exception) {
                handleException(message, null, exception);
            }

            @Override
            public void handleException(String message, Exchange exchange, Throwable exception) {
                if (exchange != null) {
                    Exchange copy = exchange.copy();
                    copy.setProperty(Exchange.EXCEPTION_CAUGHT, exception);
                    failed.add(copy);
                }
            }
        });
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
                             + "&retryDelay=5&maxRetries=2";
                // the default exception handler: poll failures are logged and reported by the health check
                from(uri).routeId("sync").autoStartup(false)
                        .process(e -> delivered.add(e.copy()));
                // a recording exception handler: shows which events failed before reaching the route
                from(uri + "&exceptionHandler=#recorder").routeId("recorded").autoStartup(false)
                        .process(e -> delivered.add(e.copy()));
            }
        };
    }

    private List<String> deliveredFiles() {
        return delivered.stream().map(e -> e.getIn().getHeader(Exchange.FILE_NAME, String.class)).toList();
    }

    private Optional<HealthCheck.Result> consumerHealth() {
        return HealthCheckHelper.invoke(context).stream()
                .filter(r -> r.getCheck().getId().equals("consumer:sync")).findFirst();
    }

    @Test
    void malformedChangeListFailsThePollAndKeepsState() throws Exception {
        context.getRouteController().startRoute("sync");
        await().atMost(10, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
        var before = store.source(source.uri("/capabilitylist.xml").toString());

        source.change("/res/a.txt", "alpha 2");
        source.override("/changelist.xml", "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><url><loc>");
        await().atMost(10, TimeUnit.SECONDS).until(() -> consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        assertEquals(3, delivered.size(), "nothing delivered from a malformed Change List");
        assertEquals(before, store.source(source.uri("/capabilitylist.xml").toString()), "state unchanged");
        HealthCheck.Result health = consumerHealth().orElseThrow();
        assertEquals(HealthCheck.State.DOWN, health.getState());
        assertEquals(200, health.getDetails().getOrDefault(HealthCheck.HTTP_RESPONSE_CODE, 200));
        assertTrue(health.getError().orElseThrow().getMessage().contains("/changelist.xml"),
                health.getError().get().getMessage());

        source.clearOverride("/changelist.xml");
        await().atMost(10, TimeUnit.SECONDS).until(() -> delivered.size() == 4);
        assertEquals("res/a.txt", deliveredFiles().get(3));
        assertEquals("alpha 2", delivered.get(3).getIn().getBody(String.class));
    }

    @Test
    void xxeAndEntityBombsAreRefused() throws Exception {
        source.override("/resourcelist.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                  <url><loc>http://example.org/&xxe;</loc></url>
                </urlset>""");
        context.getRouteController().startRoute("sync");
        await().atMost(10, TimeUnit.SECONDS).until(() -> consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        String message = consumerHealth().orElseThrow().getError().orElseThrow().getMessage();
        assertTrue(message.contains("/resourcelist.xml"), message);
        assertTrue(delivered.isEmpty());
        assertFalse(store.source(source.uri("/capabilitylist.xml").toString()).baselineComplete());

        source.override("/resourcelist.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
                 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&lol3;</loc></url></urlset>""");
        Thread.sleep(500);
        assertTrue(delivered.isEmpty());

        source.clearOverride("/resourcelist.xml");
        await().atMost(10, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
    }

    @Test
    void hashMismatchIsNeverDeliveredAndBlocksUntilFixed() throws Exception {
        source.change("/res/d.txt", "delta");
        source.change("/res/e.txt", "echo");
        source.override("/res/d.txt", "tampered");
        // baseline first: d.txt is in the Resource List too, with its hash
        context.getRouteController().startRoute("recorded");
        await().atMost(10, TimeUnit.SECONDS).until(() -> !failed.isEmpty());
        Exception cause = failed.get(0).getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        assertInstanceOf(FixityException.class, cause);
        assertTrue(cause.getMessage().contains("/res/d.txt"), cause.getMessage());
        assertFalse(deliveredFiles().contains("res/d.txt"), "a body that fails fixity is never delivered");
        // breakOnFirstError: e.txt (after d.txt) waits
        Thread.sleep(400);
        assertFalse(deliveredFiles().contains("res/e.txt"));

        source.clearOverride("/res/d.txt");
        await().atMost(10, TimeUnit.SECONDS).until(() -> deliveredFiles().containsAll(List.of("res/d.txt",
                "res/e.txt")));
        assertEquals("delta", delivered.get(deliveredFiles().indexOf("res/d.txt")).getIn().getBody(String.class));
    }

    @Test
    void lengthMismatchFailsTheEvent() throws Exception {
        context.getRouteController().startRoute("recorded");
        await().atMost(10, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
        source.change("/res/a.txt", "alpha 2");
        source.override("/res/a.txt", "alpha 2 but longer");
        await().atMost(10, TimeUnit.SECONDS).until(() -> !failed.isEmpty());
        Exception cause = failed.get(0).getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        assertInstanceOf(FixityException.class, cause);
        assertTrue(cause.getMessage().contains("Length"), cause.getMessage());
        assertEquals(3, delivered.size());
    }

    @Test
    void goneDuringBaselineIsSkippedAndTransientErrorsAreRetried() throws Exception {
        source.fail("/res/a.txt", 404, 1);
        source.fail("/res/b.txt", 500, 2);
        context.getRouteController().startRoute("sync");
        await().atMost(10, TimeUnit.SECONDS).until(() -> delivered.size() >= 2);
        Thread.sleep(300);
        Map<String, String> bodies = new java.util.TreeMap<>();
        delivered.forEach(e -> bodies.put(e.getIn().getHeader(Exchange.FILE_NAME, String.class),
                e.getIn().getBody(String.class)));
        assertEquals("bravo", bodies.get("res/b.txt"), "500 then 200 is retried and delivered");
        assertEquals("charlie", bodies.get("res/c.txt"));
        assertTrue(failed.isEmpty(), "a 404 does not fail the baseline");
        assertEquals(2, source.requests("/res/b.txt") - 1, "two failures, then the success");
    }
}
