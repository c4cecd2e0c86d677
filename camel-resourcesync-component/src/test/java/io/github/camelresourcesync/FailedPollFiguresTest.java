package io.github.camelresourcesync;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FaultyProxy;
import io.github.camelresourcesync.testsupport.FaultyProxy.Fault;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator reads about a poll that failed: its duration on the consumer's MBean (docs/operations.md), the
 * health check's HTTP status only when the Source answered one, and the "stopped at a failed event" state cleared by
 * the first run that gets past it.
 */
class FailedPollFiguresTest {

    private static final String OPTIONS = "?stateStore=#store&delay=100&initialDelay=0&readTimeout=500"
                                          + "&connectTimeout=2000&maxRetries=0&maxEventAttempts=0";

    private TestSource source;
    private FaultyProxy proxy;
    private CamelContext context;

    @BeforeEach
    void startSource() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha");
        proxy = new FaultyProxy(source).stallMillis(30_000);
    }

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        proxy.close();
        source.close();
    }

    private void startHarvest(URI sourceUrl) throws Exception {
        context = new DefaultCamelContext();
        TestContexts.withConsumerHealthChecks(context);
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + sourceUrl + OPTIONS).routeId("sync").to("mock:events");
            }
        });
        context.start();
    }

    private Object attribute(String name) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName consumer = server.queryNames(new ObjectName("org.apache.camel:context=" + context.getName()
                                                               + ",type=consumers,*"), null)
                .iterator().next();
        return server.getAttribute(consumer, name);
    }

    private Optional<HealthCheck.Result> health() {
        return TestContexts.consumerHealth(context, "sync");
    }

    private boolean healthIs(HealthCheck.State state) {
        return TestContexts.consumerHealthIs(context, "sync", state);
    }

    @Test
    void aFailedPollReportsHowLongItTook() throws Exception {
        long started = System.nanoTime();
        startHarvest(proxy.base());
        await().atMost(30, TimeUnit.SECONDS).until(() -> (Long) attribute("Polls") >= 1);
        source.change("/res/a.txt", "alpha 2");
        // the Change List answers nothing: each poll fails after the 500 ms read timeout
        proxy.inject("/changelist.xml", Fault.TIMEOUT, 1_000);
        await().atMost(30, TimeUnit.SECONDS).until(() -> (Long) attribute("FailedPolls") >= 1
                                                         && !"".equals(attribute("LastPollError")));
        long duration = (Long) attribute("LastPollDurationMillis");
        long bound = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertTrue(duration >= 450 && duration <= bound,
                "a poll failed by a 500 ms read timeout took " + duration + " ms (at most " + bound + " ms)");
        assertTrue(String.valueOf(attribute("LastPollError")).contains("/changelist.xml"),
                String.valueOf(attribute("LastPollError")));
    }

    @Test
    void aSourceThatNeverAnsweredGivesNoHttpStatus() throws Exception {
        URI nobody = URI.create("http://127.0.0.1:" + TestContexts.freePort() + "/");
        startHarvest(nobody);
        await().atMost(30, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.DOWN));
        Map<String, Object> details = health().orElseThrow().getDetails();
        assertTrue(details.containsKey(HealthCheck.FAILURE_COUNT), "a failed poll: " + details);
        assertFalse(details.containsKey(HealthCheck.HTTP_RESPONSE_CODE),
                "no answer, so no HTTP status: " + details.get(HealthCheck.HTTP_RESPONSE_CODE));
    }

    @Test
    void theStopAtAFailedEventIsClearedByTheFirstRunThatGetsPastIt() throws Exception {
        startHarvest(proxy.base());
        await().atMost(30, TimeUnit.SECONDS).until(() -> (Long) attribute("CreatedEvents") == 1L);
        source.change("/res/a.txt", "alpha 2");
        proxy.inject("/res/a.txt", Fault.SERVER_ERROR, 1_000);
        await().atMost(30, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.DOWN));
        HealthCheck.Result down = health().orElseThrow();
        assertTrue(down.getMessage().orElse("").startsWith("Sync stopped at a failed event, retried each poll"),
                down.getMessage().orElse(""));
        // the polls themselves succeed: only the stopped event makes the consumer DOWN
        long polls = (Long) attribute("Polls");
        await().atMost(30, TimeUnit.SECONDS).until(() -> (Long) attribute("Polls") >= polls + 2);
        assertTrue(healthIs(HealthCheck.State.DOWN), "still stopped there while the resource fails");

        proxy.heal();
        await().atMost(30, TimeUnit.SECONDS).until(() -> (Long) attribute("UpdatedEvents") == 1L);
        await().atMost(30, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.UP));
    }
}
