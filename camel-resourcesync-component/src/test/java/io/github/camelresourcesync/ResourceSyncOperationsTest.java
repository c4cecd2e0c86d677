package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.camelresourcesync.http.LinkRefusedException;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator sees of a running harvest: JMX attributes on the consumer's MBean, Micrometer meters, the
 * {@code resourcesync} dev console; and the allow-list refusing a Source's link to another host.
 */
class ResourceSyncOperationsTest {

    private TestSource source;
    private CamelContext context;
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private void startHarvest(String options) throws Exception {
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.getRegistry().bind("metricsRegistry", meters);
        context.getRegistry().bind("recorder", (org.apache.camel.spi.ExceptionHandler) new org.apache.camel.spi
                .ExceptionHandler() {
            @Override
            public void handleException(Throwable exception) {
                failures.add(exception);
            }

            @Override
            public void handleException(String message, Throwable exception) {
                failures.add(exception);
            }

            @Override
            public void handleException(String message, Exchange exchange, Throwable exception) {
                failures.add(exception);
            }
        });
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0&retryDelay=5"
                     + options).routeId("sync").to("mock:out");
            }
        });
        context.start();
    }

    private SyncEventPollingConsumer consumer() {
        return (SyncEventPollingConsumer) context.getRoute("sync").getConsumer();
    }

    @Test
    void jmxMetricsAndDevConsoleShowResumePointLastPollAndCounts() throws Exception {
        startHarvest("");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer().getStatistics().events() == 2);
        source.change("/res/a.txt", "alpha 2");
        source.delete("/res/b.txt");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer().getStatistics().events() == 4);
        String capabilityList = source.uri("/capabilitylist.xml").toString();

        // JMX: the consumer's MBean carries the sync attributes beside Camel's own
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = server.queryNames(new ObjectName("org.apache.camel:context=" + context.getName()
                                                                 + ",type=consumers,*"), null);
        assertEquals(1, names.size(), names.toString());
        ObjectName name = names.iterator().next();
        assertEquals(2L, server.getAttribute(name, "CreatedEvents"));
        assertEquals(1L, server.getAttribute(name, "UpdatedEvents"));
        assertEquals(1L, server.getAttribute(name, "DeletedEvents"));
        assertEquals(0L, server.getAttribute(name, "FixityFailures"));
        assertEquals(5L + 5 + 7, server.getAttribute(name, "BytesDelivered"), "alpha, bravo, alpha 2");
        assertTrue((Long) server.getAttribute(name, "Polls") >= 2);
        assertFalse(((String) server.getAttribute(name, "LastPollStarted")).isEmpty());
        assertTrue((Long) server.getAttribute(name, "LagSeconds") >= 0);
        @SuppressWarnings("unchecked")
        Map<String, String> resume = (Map<String, String>) server.getAttribute(name, "ResumePoints");
        assertTrue(resume.get(capabilityList).startsWith("baseline complete"), resume.toString());
        assertTrue(resume.get(capabilityList).contains("resume at 2024-01-01T00:00:04Z"), resume.toString());
        assertEquals(100L, server.getAttribute(name, "Delay"), "Camel's own attributes are still there");

        // Micrometer: counters by change type, bytes, poll timer, lag
        assertEquals(2.0, meters.get("camel.resourcesync.events").tag("change", "created").tag("routeId", "sync")
                .functionCounter().count());
        assertEquals(1.0, meters.get("camel.resourcesync.events").tag("change", "deleted").functionCounter().count());
        assertEquals(5 + 5 + 7, meters.get("camel.resourcesync.bytes.delivered").functionCounter().count());
        assertTrue(meters.get("camel.resourcesync.poll").functionTimer().count() >= 2);
        double lag = meters.get("camel.resourcesync.lag").gauge().value();
        assertTrue(lag > 0, "the Source's clock is in 2024: lag " + lag);
        // documents and bodies: more than the bodies delivered
        assertTrue(meters.get("camel.resourcesync.bytes.received").functionCounter().count() > 5 + 5 + 7);
        // the counters operations.md lists are registered, at zero on a harvest without trouble
        for (String counter : List.of("events.failed", "fixity.failures", "events.given.up", "retries", "http.errors",
                "polls.failed", "polls.skipped", "lease.handovers", "lease.lost", "gaps")) {
            assertEquals(0.0, meters.get("camel.resourcesync." + counter).tag("routeId", "sync").functionCounter()
                    .count(), counter);
        }

        // dev console
        DevConsole console = PluginHelper.getDevConsoleResolver(context).resolveDevConsole("resourcesync");
        assertNotNull(console, "resourcesync dev console found through its service file");
        String text = (String) console.call(DevConsole.MediaType.TEXT);
        // the endpoint as its log lines name it: the scheme and the Source, without the options
        assertTrue(text.contains("Route: sync (resourcesync:" + source.base() + ")"), text);
        assertTrue(text.contains("Source: " + capabilityList + ": baseline complete"), text);
        assertTrue(text.contains("2 created, 1 updated, 1 deleted"), text);
        assertTrue(text.contains("Last poll: 20"), text);
        assertTrue(text.matches("(?s).*Lag: \\d+ s.*"), text);
        // a harvest without trouble on an embedded store: no line about what did not happen
        for (String absent : List.of("failed: ", "Node ", "Given up", "Last failed event")) {
            assertFalse(text.contains(absent), () -> absent + " in " + text);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) console.call(DevConsole.MediaType.JSON);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> consumers = (List<Map<String, Object>>) json.get("consumers");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sources = (List<Map<String, Object>>) consumers.get(0).get("sources");
        assertEquals("2024-01-01T00:00:04Z", sources.get(0).get("resumeTime"));
        assertEquals("resourcesync:" + source.base(), consumers.get(0).get("endpointUri"));
        assertTrue(consumers.get(0).containsKey("lastPollStarted"), consumers.toString());
        for (String absent : List.of("lastPollError", "leaseNode", "lastGivenUp", "lastEventError")) {
            assertFalse(consumers.get(0).containsKey(absent), () -> absent + " in " + consumers);
        }
        assertEquals(true, sources.get(0).get("baselineComplete"));

        context.getRouteController().stopRoute("sync");
        assertTrue(meters.find("camel.resourcesync.events").meters().isEmpty(), "meters removed with the consumer");
    }

    @Test
    void aLinkToAnotherHostIsRefusedOnTheEventAndCounted() throws Exception {
        startHarvest("&exceptionHandler=#recorder&breakOnFirstError=false");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer().getStatistics().events() == 2);
        // localhost is the same machine under another name: an address the Source must not steer the harvester to
        String internal = "http://localhost:" + source.base().getPort() + "/res/a.txt";
        source.change("/res/c.txt", "charlie");
        source.override("/changelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="changelist" from="2024-01-01T00:00:00Z"/>
                  <url><loc>%s</loc><rs:md change="updated" datetime="2024-01-01T00:00:10Z"/></url>
                  <url><loc>%s</loc><rs:md change="created" datetime="2024-01-01T00:00:11Z"/></url>
                </urlset>""".formatted(internal, source.uri("/res/c.txt")));
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer().getStatistics().events() == 3);
        LinkRefusedException refused = assertInstanceOf(LinkRefusedException.class, failures.get(0));
        assertTrue(refused.getMessage().contains(internal), refused.getMessage());
        assertTrue(refused.getMessage().contains("allowed: 127.0.0.1 and its subdomains"), refused.getMessage());
        // the refused change stays failed and is retried by later polls, each refusal counted: stop polling to compare
        var refusedMeter = meters.get("camel.resourcesync.refused.links").functionCounter();
        long seenInJmx = (Long) ManagementFactory.getPlatformMBeanServer().getAttribute(consumerMBean(), "RefusedLinks");
        context.getRouteController().stopRoute("sync");
        long refusals = failures.stream().filter(LinkRefusedException.class::isInstance).count();
        assertTrue(refusals >= 1);
        assertEquals(refusals, consumer().getStatistics().refusedLinks());
        assertEquals(refusals, refusedMeter.count());
        assertTrue(seenInJmx >= 1 && seenInJmx <= refusals, "JMX RefusedLinks " + seenInJmx + " of " + refusals);
    }

    private ObjectName consumerMBean() throws Exception {
        Set<ObjectName> names = ManagementFactory.getPlatformMBeanServer().queryNames(
                new ObjectName("org.apache.camel:context=" + context.getName() + ",type=consumers,*"), null);
        assertEquals(1, names.size(), names.toString());
        return names.iterator().next();
    }
}
