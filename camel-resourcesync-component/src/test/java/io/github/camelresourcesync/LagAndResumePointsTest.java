package io.github.camelresourcesync;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateChange;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lag an operator reads (JMX {@code LagSeconds}, the {@code camel.resourcesync.lag} gauge): now minus the Source's
 * time of the newest change delivered, and after a restart, before any new change, minus the newest resume point of
 * the Sources followed. With it what the last poll delivered and the resume points as JMX and the dev console show
 * them, a cursor included.
 */
class LagAndResumePointsTest {

    private static final long MONTH = Duration.ofDays(30).toSeconds();

    private final InMemoryStateStore store = new InMemoryStateStore();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private TestSource a;
    private TestSource b;
    private CamelContext context;

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        for (TestSource s : new TestSource[] { a, b }) {
            if (s != null) {
                s.close();
            }
        }
    }

    private SyncEventPollingConsumer start() throws Exception {
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
        context.getRegistry().bind("metricsRegistry", meters);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // one poll when the route starts; the test runs the others itself
                from("resourcesync:" + a.base() + "?stateStore=#store&delay=3600000&initialDelay=0").routeId("sync")
                        .to("mock:out");
            }
        });
        context.start();
        SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer.getPolls() == 1);
        return consumer;
    }

    /** A Source Description listing two Capability Lists: the Source follows both, each with its resume point. */
    private static String description(String... capabilityLists) {
        StringBuilder b = new StringBuilder("""
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="description"/>
                """);
        for (String c : capabilityLists) {
            b.append("  <url><loc>").append(c).append("</loc><rs:md capability=\"capabilitylist\"/></url>\n");
        }
        return b.append("</urlset>\n").toString();
    }

    private static void assertLag(Instant newest, long lagSeconds) {
        long expected = Duration.between(newest, Instant.now()).toSeconds();
        assertTrue(Math.abs(expected - lagSeconds) <= 5, "lag " + lagSeconds + " s, expected about " + expected
                                                          + " s (the newest change at " + newest + ")");
    }

    @Test
    void theLagIsFromTheNewestChangeDeliveredAndAfterARestartFromTheNewestResumePoint() throws Exception {
        a = new TestSource().put("/res/a1.txt", "a1");
        b = new TestSource().put("/res/b1.txt", "b1");
        String listA = a.uri("/capabilitylist.xml").toString();
        String listB = b.uri("/capabilitylist.xml").toString();
        a.override("/.well-known/resourcesync", description(listB, listA));
        SyncEventPollingConsumer consumer = start();
        assertEquals(2L, consumer.getStatistics().events(), "both baselines");

        // two changes a month apart, then a month later another: delivered oldest first
        a.tick(MONTH);
        a.change("/res/a2.txt", "a2");
        a.tick(MONTH);
        Instant newest = a.change("/res/a3.txt", "a3");
        consumer.run();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = consumerMBean();
        assertEquals(2L, server.getAttribute(name, "LastPollEvents"));
        assertLag(newest, (Long) server.getAttribute(name, "LagSeconds"));
        context.stop();

        // a harvester's progress marker kept with A's resume point (state stores keep one per source)
        store.apply(listA, StateChange.of(store.source(listA).withCursor("page 7")));
        consumer = start();
        assertEquals(0L, consumer.getStatistics().events(), "nothing new since the restart");
        name = consumerMBean();
        // B's resume point is two months older than A's: the newest of the two counts
        assertLag(newest, (Long) server.getAttribute(name, "LagSeconds"));
        double gauge = meters.get("camel.resourcesync.lag").tag("routeId", "sync").gauge().value();
        double expected = Duration.between(newest, Instant.now()).toMillis() / 1000.0;
        assertTrue(Math.abs(expected - gauge) <= 5, "gauge " + gauge + " s, expected about " + expected + " s");

        @SuppressWarnings("unchecked")
        Map<String, String> resume = (Map<String, String>) server.getAttribute(name, "ResumePoints");
        assertTrue(resume.get(listA).endsWith("resume at " + newest + ", cursor page 7"), resume.toString());
        assertFalse(resume.get(listB).contains("cursor"), resume.toString());

        DevConsole console = PluginHelper.getDevConsoleResolver(context).resolveDevConsole("resourcesync");
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) console.call(DevConsole.MediaType.JSON);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> consumers = (List<Map<String, Object>>) json.get("consumers");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sources = (List<Map<String, Object>>) consumers.get(0).get("sources");
        Map<String, Object> sourceA = sources.stream().filter(s -> listA.equals(s.get("key"))).findFirst().orElseThrow();
        Map<String, Object> sourceB = sources.stream().filter(s -> listB.equals(s.get("key"))).findFirst().orElseThrow();
        assertEquals("page 7", sourceA.get("cursor"), sources.toString());
        assertFalse(sourceB.containsKey("cursor"), sources.toString());
    }

    private ObjectName consumerMBean() throws Exception {
        Set<ObjectName> names = ManagementFactory.getPlatformMBeanServer().queryNames(
                new ObjectName("org.apache.camel:context=" + context.getName() + ",type=consumers,*"), null);
        assertEquals(1, names.size(), names.toString());
        return names.iterator().next();
    }
}
