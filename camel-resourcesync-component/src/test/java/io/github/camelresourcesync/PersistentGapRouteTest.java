package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncStatistics;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Through a route: a loopback Source whose Resource List is older than its Change List. The deletion in the Change
 * List reaches the route after the baseline, the consumer's health is DOWN naming the gap (with the count as a
 * detail and in the statistics) until the Source publishes a current Resource List and a baseline closes the gap.
 */
class PersistentGapRouteTest {

    @TempDir
    Path tmp;

    private TestSource source;
    private CamelContext context;
    private final List<String> delivered = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        String resourceList = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(source.uri("/resourcelist.xml")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        source.override("/resourcelist.xml", resourceList); // the Resource List stays as of now
        context = TestContexts.withStateIn(tmp.resolve("state"));
        HealthCheckRegistry health = TestContexts.withConsumerHealthChecks(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // polled by the test only
                from("resourcesync:" + source.base() + "?delay=3600000&initialDelay=3600000&fetchContent=true")
                        .routeId("sync")
                        .process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class)
                                                    + " " + e.getIn().getHeader(Exchange.FILE_NAME, String.class)));
            }
        });
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        source.close();
    }

    private ResourceSyncConsumer consumer() {
        return (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
    }

    private List<String> poll() {
        int before = delivered.size();
        consumer().run();
        return List.copyOf(delivered.subList(before, delivered.size()));
    }

    private HealthCheck.Result health() {
        return TestContexts.consumerHealth(context, "sync").orElseThrow();
    }

    @Test
    void theDeletionIsDeliveredAndTheGapShowsInHealthAndStatisticsUntilABaselineClosesIt() {
        assertEquals(List.of("created res/a.txt", "created res/b.txt"), poll());
        source.tick(3600);
        source.compactChanges(); // the Change List starts an hour after the Resource List's at
        source.delete("/res/b.txt");
        source.change("/res/c.txt", "charlie");

        assertEquals(List.of("deleted res/b.txt", "created res/c.txt"), poll());
        assertEquals(List.of(), poll(), "no re-baseline on every poll");
        SyncStatistics stats = consumer().getStatistics();
        assertEquals(1, stats.gaps());
        HealthCheck.Result down = health();
        assertEquals(HealthCheck.State.DOWN, down.getState());
        String message = down.getMessage().orElseThrow();
        assertTrue(message.contains("Gap in the Change Lists") && message.contains("/changelist.xml"), message);
        assertEquals(1L, down.getDetails().get("resourcesync.gaps"));

        source.clearOverride("/resourcelist.xml");
        source.compactChanges(); // a current Resource List
        assertEquals(List.of(), poll(), "the closing baseline finds the mirror current");
        poll();
        assertEquals(HealthCheck.State.UP, health().getState());
        assertEquals(1, stats.gaps(), "the counter keeps that changes may have been lost");
        assertEquals(0, stats.openGaps().size());
    }
}
