package io.github.camelresourcesync;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Progress survives stopping the route and restarting the application: the embedded state store (a file) carries
 * the resume point, so nothing is lost and nothing is delivered twice beyond the in-flight batch.
 */
class ResourceSyncRestartTest {

    @TempDir
    Path tmp;

    private final List<String> events = new CopyOnWriteArrayList<>();

    private CamelContext start(TestSource source, String options, long slowMillis) throws Exception {
        CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=100&initialDelay=0" + options).routeId("sync")
                        .process(e -> {
                            Thread.sleep(slowMillis);
                            events.add(e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class));
                        })
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
        return context;
    }

    @Test
    void stopMidBaselineThenRestartDeliversEverythingOnce() throws Exception {
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 60; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext first = start(source, "&maxMessagesPerPoll=7&greedy=true", 10);
            await().atMost(20, TimeUnit.SECONDS).until(() -> events.size() >= 20);
            first.getRouteController().stopRoute("sync");
            first.stop();
            int beforeRestart = events.size();
            assertTrue(beforeRestart < 60, "stopped mid-baseline (" + beforeRestart + " events)");

            CamelContext second = start(source, "&maxMessagesPerPoll=7&greedy=true", 0);
            await().atMost(20, TimeUnit.SECONDS).until(() -> new HashSet<>(events).size() == 60);
            Thread.sleep(300);
            second.stop();
            Set<String> distinct = new HashSet<>(events);
            assertEquals(60, distinct.size());
            assertEquals(60, events.size(), "no event delivered twice: completed events were committed");
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));
        }
    }

    /**
     * A baseline limited to a few events per poll runs over many polls, each re-reading the Resource List. Resources
     * updated meanwhile are delivered in their new version, and that version must be what the state keeps: it once
     * kept the old one, so every poll re-delivered the same updates and the baseline never ended.
     */
    @Test
    void aBaselineSpreadOverPollsCompletesWhenTheSourceChangesMeanwhile() throws Exception {
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 60; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = start(source, "&maxMessagesPerPoll=5&greedy=true&emitDeletes=true", 10);
            await().atMost(20, TimeUnit.SECONDS).until(() -> events.size() >= 40);
            // resources the baseline already delivered change before it has read the whole list
            Set<String> changes = new HashSet<>();
            for (int i = 0; i < 12; i++) {
                String path = "/res/r" + i + ".txt";
                Instant t = i % 4 == 0 ? source.delete(path) : source.change(path, "resource " + i + " changed");
                changes.add(source.uri(path) + "@" + t);
            }
            // the baseline ends and the Change List is followed from the Resource List's time
            await().atMost(20, TimeUnit.SECONDS).until(() -> events.containsAll(changes));
            Thread.sleep(300);
            context.stop();
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));
            Map<String, Integer> counts = new HashMap<>();
            events.forEach(id -> counts.merge(id, 1, Integer::sum));
            counts.values().removeIf(n -> n <= 2);
            assertEquals(Map.of(), counts, "an event at most twice: once by the baseline and once from the Change"
                    + " List, which is replayed from the Resource List's time");
        }
    }

    @Test
    void restartedApplicationFollowsChangesWithoutNewBaseline() throws Exception {
        try (TestSource source = new TestSource()) {
            source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            CamelContext first = start(source, "", 0);
            await().atMost(10, TimeUnit.SECONDS).until(() -> events.size() == 2);
            first.stop();

            source.change("/res/a.txt", "alpha 2");
            source.delete("/res/b.txt");
            source.change("/res/c.txt", "charlie");
            CamelContext second = start(source, "", 0);
            await().atMost(10, TimeUnit.SECONDS).until(() -> events.size() == 5);
            Thread.sleep(300);
            second.stop();
            assertEquals(5, events.size(), "only the three changes after the restart: " + events);
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));
        }
    }
}
