package io.github.camelresourcesync.component.atompmh;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.component.atompmh.AtomPmhConsumerTest.HEAD;
import static io.github.camelresourcesync.component.atompmh.AtomPmhConsumerTest.entry;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fetchParallelism}, {@code fetchThreads} and {@code progressInterval} on {@code resourcesync-atompmh:}: the
 * representations are fetched ahead on the component's fetch pool, as many at a time as asked and no more, the
 * records still reach the route in feed order, and a long harvest logs its progress. Each representation answers
 * after 200 ms; the server counts how many requests it holds at once.
 */
class AtomPmhParallelFetchTest {

    private static final int RECORDS = 12;

    private final TestHttpServer server = TestHttpServer.start();
    private final TestHttpServer.InFlight inFlight = new TestHttpServer.InFlight();
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private CamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    private void serveFeed() {
        StringBuilder feed = new StringBuilder(HEAD + "<updated>2024-01-01T01:00:00Z</updated>");
        for (int i = 0; i < RECORDS; i++) {
            String time = String.format("2024-01-01T00:%02d:00Z", i);
            feed.append(entry("urn:r" + i, time, "/records/r" + i + ".xml"));
            String body = "<r" + i + "/>";
            server.handle("/records/r" + i + ".xml", inFlight.waiting(200,
                    exchange -> TestHttpServer.respond(exchange, 200, body.getBytes(), "application/xml")));
        }
        server.serve("/feed", feed + "</feed>", "application/atom+xml");
    }

    private void harvest(String options, int fetchThreads) throws Exception {
        serveFeed();
        context = new DefaultCamelContext();
        context.getComponent("resourcesync-atompmh", AtomPmhComponent.class).setFetchThreads(fetchThreads);
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync-atompmh:" + server.uri("/feed") + "?stateStore=#store&initialDelay=0&delay=60000"
                     + options)
                        .process(e -> seen.add(e.getIn().getBody(String.class)));
            }
        });
        context.start();
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == RECORDS);
    }

    private static List<String> expectedBodies() {
        return java.util.stream.IntStream.range(0, RECORDS).mapToObj(i -> "<r" + i + "/>").toList();
    }

    @Test
    void fetchesFourRepresentationsAtATimeDeliversInFeedOrderAndLogsProgress() throws Exception {
        try (LogCapture log = LogCapture.debug(SyncProgress.class.getName())) {
            harvest("&fetchParallelism=4&progressInterval=1", 8);
            assertEquals(expectedBodies(), seen);
            assertEquals(4, inFlight.most(), "fetchParallelism=4: four representations requested at once");
            await().atMost(30, TimeUnit.SECONDS).until(() -> log.contains("sync done: 1 documents read",
                    RECORDS + " entries, " + RECORDS + " events"));
            assertTrue(log.contains("in progress:", "events"), String.join("\n", log.lines()));
        }
    }

    @Test
    void fetchesOneRepresentationAtATimeWhenAskedTo() throws Exception {
        harvest("&fetchParallelism=1", 8);
        assertEquals(expectedBodies(), seen);
        assertEquals(1, inFlight.most());
    }

    @Test
    void theComponentsFetchThreadsBoundEveryRun() throws Exception {
        harvest("&fetchParallelism=4", 2);
        assertEquals(expectedBodies(), seen);
        assertEquals(2, inFlight.most(), "fetchThreads=2: the shared pool runs two fetches at a time");
    }
}
