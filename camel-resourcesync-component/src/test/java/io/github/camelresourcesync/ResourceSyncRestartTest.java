package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.Polls;
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

    /** {@code true}: the Source writes its documents as text, not with the project's writer. */
    boolean literalXml() {
        return false;
    }

    private TestSource newSource() throws java.io.IOException {
        return new TestSource().literalXml(literalXml());
    }

    /** Holds the route at its {@code at}-th event until released: where a test stops it or changes the Source. */
    private static final class Pause {
        final int at;
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        Pause(int at) {
            this.at = at;
        }

        void await() throws InterruptedException {
            assertTrue(reached.await(Polls.TIMEOUT.toSeconds(), TimeUnit.SECONDS), "event " + at + " not reached");
        }
    }

    private static final Pause NO_PAUSE = new Pause(0);

    private CamelContext start(TestSource source, String options, Pause pause) throws Exception {
        CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=100&initialDelay=0" + options).routeId("sync")
                        .process(e -> {
                            events.add(e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class));
                            if (events.size() == pause.at) {
                                pause.reached.countDown();
                                pause.release.await(Polls.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                            }
                        })
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
        return context;
    }

    @Test
    void stopMidBaselineThenRestartDeliversEverythingOnce() throws Exception {
        try (TestSource source = newSource()) {
            for (int i = 0; i < 60; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            Pause pause = new Pause(20);
            CamelContext first = start(source, "&maxMessagesPerPoll=7&greedy=true", pause);
            pause.await();
            // the stop begins while the 20th event is in the route: the consumer hands out no more after it
            SyncEventPollingConsumer consumer = Polls.consumer(first, "sync");
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> {
                try {
                    first.getRouteController().stopRoute("sync");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            await().atMost(Polls.TIMEOUT).until(() -> !consumer.isBatchAllowed());
            pause.release.countDown();
            stopping.get(Polls.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            first.stop();
            assertEquals(20, events.size(), "stopped mid-baseline, after the event in the route");

            CamelContext second = start(source, "&maxMessagesPerPoll=7&greedy=true", NO_PAUSE);
            await().atMost(60, TimeUnit.SECONDS).until(() -> new HashSet<>(events).size() == 60);
            Polls.awaitQuiet(second, "sync");
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
        try (TestSource source = newSource()) {
            for (int i = 0; i < 60; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            Pause pause = new Pause(40);
            CamelContext context = start(source, "&maxMessagesPerPoll=5&greedy=true&emitDeletes=true", pause);
            pause.await();
            // resources the baseline already delivered change before it has read the whole list (it waits at its
            // 40th event until they did)
            Set<String> changes = new HashSet<>();
            for (int i = 0; i < 12; i++) {
                String path = "/res/r" + i + ".txt";
                Instant t = i % 4 == 0 ? source.delete(path) : source.change(path, "resource " + i + " changed");
                changes.add(source.uri(path) + "@" + t);
            }
            pause.release.countDown();
            // the baseline ends and the Change List is followed from the Resource List's time
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.containsAll(changes));
            Polls.awaitQuiet(context, "sync");
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
        try (TestSource source = newSource()) {
            source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            CamelContext first = start(source, "", NO_PAUSE);
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() == 2);
            first.stop();

            source.change("/res/a.txt", "alpha 2");
            source.delete("/res/b.txt");
            source.change("/res/c.txt", "charlie");
            CamelContext second = start(source, "", NO_PAUSE);
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 5);
            Polls.awaitQuiet(second, "sync");
            second.stop();
            assertEquals(5, events.size(), "only the three changes after the restart: " + events);
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));

            // a third start with nothing new: the change at the resume point is not delivered again
            CamelContext third = start(source, "", NO_PAUSE);
            Polls.awaitQuiet(third, "sync");
            source.change("/res/d.txt", "delta");
            await().atMost(Polls.TIMEOUT).until(() -> events.size() >= 6);
            Polls.awaitQuiet(third, "sync");
            third.stop();
            assertEquals(6, events.size(), "nothing repeats after a restart: " + events);
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));
        }
    }
}
