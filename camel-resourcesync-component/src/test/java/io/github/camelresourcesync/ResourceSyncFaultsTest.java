package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.component.support.SyncStatistics;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.FaultyProxy;
import io.github.camelresourcesync.testsupport.FaultyProxy.Fault;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static io.github.camelresourcesync.MirrorAssertions.read;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Harvesting through a Source that misbehaves (5xx bursts, 429, timeouts, stalled bodies, resets, truncated bodies,
 * wrong Content-Length, resources that change between listing and fetching) converges to the Source's state: nothing
 * lost, nothing delivered that fails fixity. Each fault shows in the log, the health check and the metrics.
 */
class ResourceSyncFaultsTest {

    /**
     * A read timeout that a loaded 2-core machine never reaches with a real answer; the proxy's stalls last far longer,
     * so a stalled request always times out.
     */
    private static final String OPTIONS = "?stateStore=#store&delay=100&initialDelay=0&readTimeout=2000"
                                          + "&connectTimeout=5000&retryDelay=5&retryMaxDelay=100&maxRetries=2"
                                          // faults here last until healed: the sync must wait for them, not give up
                                          + "&maxEventAttempts=0";

    @TempDir
    Path tmp;

    private TestSource source;
    private FaultyProxy proxy;
    private CamelContext context;
    private LogCapture log;
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    /** path ("/res/a.txt") and body of every delivered event, in order */
    private final List<Map.Entry<String, String>> delivered = new CopyOnWriteArrayList<>();
    /** for each Change List event, the number of polls completed before the one that delivered it */
    private final Set<Long> changePolls = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @BeforeEach
    void startSource() throws Exception {
        source = new TestSource();
        proxy = new FaultyProxy(source).stallMillis(30_000);
        log = LogCapture.open();
    }

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        log.close();
        proxy.close();
        source.close();
    }

    private void startHarvest(String extra) throws Exception {
        context = new DefaultCamelContext();
        HealthCheckRegistry health = TestContexts.withConsumerHealthChecks(context);
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.getRegistry().bind("metricsRegistry", meters);
        Path mirror = tmp.resolve("mirror");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + proxy.base() + OPTIONS + extra).routeId("sync")
                        .process(e -> {
                            String location = e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class);
                            String path = java.net.URI.create(location).getPath();
                            delivered.add(Map.entry(path, String.valueOf(e.getIn().getBody(String.class))));
                            if ("changelist".equals(e.getIn().getHeader(ResourceSyncConstants.CAPABILITY))) {
                                changePolls.add(Polls.consumer(context, "sync").getPolls());
                            }
                        })
                        .to("resourcesync-mirror:" + mirror);
            }
        });
        context.start();
    }

    private Path mirror() {
        return tmp.resolve("mirror");
    }

    private SyncStatistics statistics() {
        return ((SyncEventPollingConsumer) context.getRoute("sync").getConsumer()).getStatistics();
    }

    private Optional<HealthCheck.Result> health() {
        return TestContexts.consumerHealth(context, "sync");
    }

    private boolean healthIs(HealthCheck.State state) {
        return TestContexts.consumerHealthIs(context, "sync", state);
    }

    private double meter(String name) {
        return meters.find("camel.resourcesync." + name).functionCounters().stream()
                .mapToDouble(c -> c.count()).sum();
    }

    private void awaitMirrorEqualsSource(int seconds) {
        await().atMost(seconds, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS).untilAsserted(
                () -> assertMirrors(source.snapshot(), mirror()));
    }

    /** Every body delivered is one the Source published for that path: nothing short, stale-hashed or mixed. */
    private void assertNothingDeliveredFailsFixity() {
        Map<String, Set<String>> history = source.history();
        for (Map.Entry<String, String> e : delivered) {
            if ("null".equals(e.getValue())) {
                continue; // a deletion
            }
            assertTrue(history.getOrDefault(e.getKey(), Set.of()).contains(e.getValue()),
                    "delivered " + e + " is no version the Source published: " + history.get(e.getKey()));
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void persistentFaultOnAResourceStopsTheSyncThereVisiblyAndItConvergesOnceItEnds(Fault fault) throws Exception {
        source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo").put("/res/c.txt", "charlie");
        startHarvest("");
        awaitMirrorEqualsSource(60);

        source.change("/res/b.txt", "bravo 2");
        source.change("/res/d.txt", "delta");
        proxy.inject("/res/b.txt", fault, 10_000);
        await().atMost(60, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.DOWN));
        HealthCheck.Result down = health().orElseThrow();
        String error = down.getError().map(Throwable::getMessage).orElse("");
        assertTrue(error.contains("/res/b.txt"), "health names the resource: " + error);
        assertTrue(String.valueOf(down.getDetails().get("resourcesync.last.event.error")).contains("/res/b.txt"));
        assertFalse(read(mirror()).containsKey("res/d.txt"), "nothing after the failed event is applied");
        assertEquals("bravo", read(mirror()).get("res/b.txt"), "the failed body was never applied");

        SyncStatistics stats = statistics();
        assertTrue(stats.failedEvents() >= 1);
        assertTrue(meter("events.failed") >= 1, "metrics count the failed event");
        if (fault == Fault.WRONG_CONTENT_LENGTH || fault.changesTheSource()) {
            assertTrue(stats.fixityFailures() >= 1, "a short or changed body fails fixity");
            assertTrue(meter("fixity.failures") >= 1);
            // a body of the listed length with other bytes fails its hash; the others their length
            String check = fault == Fault.CHANGED_IN_PLACE ? "hash mismatch" : "Length mismatch";
            await().atMost(Polls.TIMEOUT).until(() -> log.contains("/res/b.txt", check));
        } else {
            assertTrue(stats.retries() >= 2, "transient faults are retried (maxRetries=2): " + stats.retries());
            assertTrue(meter("retries") >= 2);
            assertTrue(log.contains("/res/b.txt", "retry 1 of 2"), "retries are logged: " + log.lines());
            assertTrue(down.getDetails().containsKey("resourcesync.last.retry"));
        }
        // the exception handler logs right after the statistics counted the failure
        await().atMost(60, TimeUnit.SECONDS).until(() -> log.contains("Route ", "sync event", "/res/b.txt"));

        proxy.heal();
        awaitMirrorEqualsSource(60);
        await().atMost(60, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.UP));
        assertNothingDeliveredFailsFixity();
        assertTrue(proxy.injected(fault) > 0);
    }

    @ParameterizedTest
    @EnumSource(value = Fault.class, names = { "CHANGED_BETWEEN_READS", "CHANGED_IN_PLACE", "WRONG_CONTENT_LENGTH" }, mode = EnumSource.Mode.EXCLUDE)
    void faultOnTheChangeListFailsThePollVisiblyAndTheSyncResumes(Fault fault) throws Exception {
        source.put("/res/a.txt", "alpha");
        startHarvest("");
        awaitMirrorEqualsSource(60);
        // the fault first, and a poll failed by it before the change: a poll that read the Change List before the
        // fault was in place could otherwise still fetch a.txt (listed as created) after the change
        long failedBefore = statistics().failedPolls();
        proxy.inject("/changelist.xml", fault, 10_000);
        await().atMost(60, TimeUnit.SECONDS).until(() -> statistics().failedPolls() > failedBefore);
        source.change("/res/a.txt", "alpha 2");
        await().atMost(60, TimeUnit.SECONDS).until(() -> statistics().failedPolls() > failedBefore + 1);
        await().atMost(60, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.DOWN));
        String error = health().orElseThrow().getError().map(Throwable::getMessage).orElse("");
        assertTrue(error.contains("/changelist.xml"), error);
        assertTrue(statistics().failedPolls() >= 1);
        assertTrue(meter("polls.failed") >= 1);
        assertEquals("alpha", read(mirror()).get("res/a.txt"));

        proxy.heal();
        awaitMirrorEqualsSource(60);
        await().atMost(60, TimeUnit.SECONDS).until(() -> healthIs(HealthCheck.State.UP));
        assertNothingDeliveredFailsFixity();
    }

    @Test
    void shortBurstsOfTransientFaultsAreAbsorbedByRetries() throws Exception {
        source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        proxy.inject("/res/a.txt", Fault.UNAVAILABLE, 2);
        proxy.inject("/res/b.txt", Fault.TOO_MANY_REQUESTS, 1);
        proxy.inject("/res/b.txt", Fault.RESET, 1);
        proxy.inject("/resourcelist.xml", Fault.SERVER_ERROR, 1);
        startHarvest("");
        awaitMirrorEqualsSource(60);
        SyncStatistics stats = statistics();
        assertEquals(0, stats.failedEvents(), "bursts within maxRetries never fail an event");
        // five injected; a pooled connection the proxy closed may add one (a retried NoHttpResponse)
        assertTrue(stats.retries() >= 5, "every injected fault was retried: " + stats.retries());
        assertEquals((double) stats.retries(), meter("retries"));
        assertTrue(log.contains("/res/b.txt", "429"), "the 429 is logged: " + log.lines());
        assertTrue(healthIs(HealthCheck.State.UP));
        assertEquals(stats.retries(), health().orElseThrow().getDetails().get("resourcesync.retries"));
    }

    @Test
    void convergesUnderRandomFaultsWhileTheSourceKeepsChanging() throws Exception {
        source.changesPerList(5);
        for (int i = 0; i < 10; i++) {
            source.put("/res/r" + i + ".txt", "resource " + i);
        }
        proxy.chaos(42, 0.3, 80, List.of(Fault.values()));
        startHarvest("&fetchParallelism=2");
        // changes start once the baseline is under way, and keep coming while the harvest follows them: two changes
        // per poll (each pair waits for a poll to complete), whatever the machine's speed
        await().atMost(Polls.TIMEOUT).until(() -> statistics().events() >= 5);
        SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
        for (int i = 0; i < 40; i++) {
            int n = i % 13;
            if (i % 7 == 6) {
                source.delete("/res/r" + (n % 10) + ".txt");
            } else {
                source.change("/res/r" + n + ".txt", "resource " + n + " version " + i);
            }
            if (i % 2 == 1) {
                long polls = consumer.getPolls();
                await().atMost(Polls.TIMEOUT).until(() -> consumer.getPolls() > polls);
            }
        }
        awaitMirrorEqualsSource(180);
        assertTrue(changePolls.size() >= 2, "changes were followed as they came, not in one catch-up at the end: "
                                            + "Change List events from polls " + changePolls);
        assertNothingDeliveredFailsFixity();
        Map<Fault, Integer> injected = proxy.injected();
        int total = injected.values().stream().mapToInt(Integer::intValue).sum();
        assertTrue(total >= 10, "faults were injected: " + injected);
        SyncStatistics stats = statistics();
        assertTrue(stats.retries() > 0, "retries counted");
        if (injected.get(Fault.WRONG_CONTENT_LENGTH) + injected.get(Fault.CHANGED_BETWEEN_READS)
            + injected.get(Fault.CHANGED_IN_PLACE) > 0) {
            assertTrue(stats.fixityFailures() + stats.failedPolls() > 0, "fixity failures or failed polls counted");
        }
        System.out.printf("chaos: injected %s; retries %d, failed events %d (fixity %d), failed polls %d, events %d%n",
                injected, stats.retries(), stats.failedEvents(), stats.fixityFailures(), stats.failedPolls(),
                stats.events());
    }
}
