package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code breakOnFirstError=false}: a resource passed over after a failure is tried again at the next polls, also once
 * the baseline completed and the harvest follows the Change List (which never lists it again), and across a restart,
 * until it is delivered or given up after {@code maxEventAttempts}; the health check shows it meanwhile.
 */
class PassedOverRetryTest {

    @TempDir
    Path dir;

    private final TestSource source = new TestSource();
    private CamelContext context;
    private final List<String> delivered = new CopyOnWriteArrayList<>();

    PassedOverRetryTest() throws Exception {
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private SyncEventPollingConsumer start(String options) throws Exception {
        context = TestContexts.withStateIn(dir);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.uri("/.well-known/resourcesync") + "?delay=20&maxRetries=0"
                     + "&breakOnFirstError=false" + options).routeId("harvest")
                        .process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.FILE_NAME, String.class)
                                                    + "=" + e.getIn().getBody(String.class)));
            }
        });
        context.start();
        return Polls.consumer(context, "harvest");
    }

    private static Map<String, Object> health(SyncEventPollingConsumer consumer) {
        return consumer.getHealthCheck().call(Map.of()).getDetails();
    }

    @Test
    void aResourcePassedOverInTheBaselineIsDeliveredByALaterIncrementalPoll() throws Exception {
        source.put("/res/a.txt", "alpha").put("/res/b.txt", "beta");
        source.fail("/res/b.txt", 500, 3);
        SyncEventPollingConsumer consumer = start("");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("res/b.txt=beta"));
        Polls.awaitFullPolls(consumer, 2);

        assertEquals(List.of("res/a.txt=alpha", "res/b.txt=beta"), delivered);
        assertEquals(4, source.requests("/res/b.txt"), "three failures, then delivered once and never asked again");
        assertEquals(3, consumer.getFailedEvents());
        assertEquals(0, consumer.getGivenUpEvents());
        assertEquals(0L, health(consumer).get("resourcesync.events.pending.retry"));
        assertTrue(consumer.getResumePoints().values().iterator().next().startsWith("baseline complete"));
    }

    @Test
    void aPassedOverResourceIsRememberedAcrossARestart() throws Exception {
        source.put("/res/a.txt", "alpha").put("/res/b.txt", "beta");
        source.fail("/res/b.txt", 500, 1000);
        SyncEventPollingConsumer consumer = start("&maxEventAttempts=0"); // pending however many polls run
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("res/a.txt=alpha"));
        Polls.awaitFullPolls(consumer, 1);
        assertEquals(1L, health(consumer).get("resourcesync.events.pending.retry"), "visible while it is pending");
        assertEquals("UP", consumer.getHealthCheck().call(Map.of()).getState().name());
        context.stop();

        source.clearFaults();
        start("");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("res/b.txt=beta"));
        assertEquals(List.of("res/a.txt=alpha", "res/b.txt=beta"), delivered);
    }

    @Test
    void aResourceThatFailsForeverIsGivenUpAfterMaxEventAttempts() throws Exception {
        source.put("/res/a.txt", "alpha").put("/res/b.txt", "beta");
        source.fail("/res/b.txt", 500, 1000);
        SyncEventPollingConsumer consumer = start("&maxEventAttempts=3");
        await().atMost(Polls.TIMEOUT).until(() -> consumer.getGivenUpEvents() == 1);
        source.change("/res/c.txt", "gamma");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("res/c.txt=gamma"));
        Polls.awaitFullPolls(consumer, 2);

        assertEquals(List.of("res/a.txt=alpha", "res/c.txt=gamma"), delivered);
        assertEquals(3, source.requests("/res/b.txt"), "tried maxEventAttempts times, once per poll, then no more");
        Map<String, Object> health = health(consumer);
        assertEquals(0L, health.get("resourcesync.events.pending.retry"));
        assertEquals(1L, health.get("resourcesync.events.given.up"));
        // what an operator reads in the health check: which event was given up, and why
        String lastGivenUp = String.valueOf(health.get("resourcesync.last.given.up"));
        assertTrue(lastGivenUp.contains("/res/b.txt") && lastGivenUp.contains("500"), lastGivenUp);
    }
}
