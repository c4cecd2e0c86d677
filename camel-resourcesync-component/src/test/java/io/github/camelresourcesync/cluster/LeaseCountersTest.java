package io.github.camelresourcesync.cluster;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.LambdaRouteBuilder;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lease counters of two nodes (two CamelContexts, one PostgreSQL) as JMX shows them per node
 * ({@code PollsSkippedLeaseHeld}, {@code LeaseHandOvers}, {@code LeasesLost}): a poll skipped while the other node's
 * poll holds the lease, a lease taken from the other node, a poll whose lease expired under it (the node paused past
 * it, as the database sees it) and was taken over. The test runs each poll itself, so every count is exact.
 */
class LeaseCountersTest {

    private final CountDownLatch paused = new CountDownLatch(1);
    private final CountDownLatch resume = new CountDownLatch(1);
    private volatile boolean pauseA = true;

    @Test
    void skippedPollsHandOversAndALostLeaseAreCountedPerNode() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        try (TestSource source = new TestSource().put("/res/r0.txt", "r0")) {
            CamelContext a = node("a", url, prefix, source);
            CamelContext b = node("b", url, prefix, source);
            try {
                a.start();
                b.start();
                SyncEventPollingConsumer nodeA = Polls.consumer(a, "leased");
                SyncEventPollingConsumer nodeB = Polls.consumer(b, "leased");

                // a's poll takes the lease and stops in its route at the first event
                Thread pollA = new Thread(nodeA::run, "poll-of-a");
                pollA.start();
                assertTrue(paused.await(60, TimeUnit.SECONDS), "a delivers its first event");
                nodeB.run(); // skipped: a holds the lease
                // a "pauses" past its lease: the database sees it expired; b's next poll takes it over
                try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                    assertEquals(1, st.executeUpdate("UPDATE " + prefix + "lease SET expires_at = 0"));
                }
                nodeB.run();
                resume.countDown(); // a wakes up: its commit is refused, the poll ends
                pollA.join(60_000);
                assertTrue(!pollA.isAlive(), "a's poll ended");
                pauseA = false;
                nodeA.run(); // takes the lease back from b

                assertEquals(1L, attribute(b, "PollsSkippedLeaseHeld"));
                assertEquals(1L, attribute(b, "LeaseHandOvers"), "b took the lease a held");
                assertEquals(0L, attribute(b, "LeasesLost"));
                assertEquals(0L, attribute(a, "PollsSkippedLeaseHeld"));
                assertEquals(1L, attribute(a, "LeaseHandOvers"), "a took it back from b");
                assertEquals(1L, attribute(a, "LeasesLost"), "a's paused poll lost its lease");
            } finally {
                resume.countDown();
                b.stop();
                a.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    /**
     * Two routes harvest one Source into two destinations (their own {@code stateId}s), on two nodes: each has its own
     * resume point and so its own lease, and one route's long poll on one node does not hold back the other's.
     */
    @Test
    void routesWithTheirOwnStateIdsOnOneSourceHoldTheirOwnLeases() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        List<String> second = new CopyOnWriteArrayList<>();
        try (TestSource source = new TestSource().put("/res/r0.txt", "r0")) {
            String later = "?delay=3600000&initialDelay=3600000&stateId=";
            CamelContext a = node("a", url, prefix, r -> r.from("resourcesync:" + source.base() + later + "first")
                    .routeId("first").process(e -> holdUntilResumed()));
            CamelContext b = node("b", url, prefix, r -> r.from("resourcesync:" + source.base() + later + "second")
                    .routeId("second").process(e -> second.add(e.getIn().getBody(String.class))));
            try {
                a.start();
                b.start();
                Thread first = new Thread(Polls.consumer(a, "first")::run, "poll-of-first");
                first.start();
                assertTrue(paused.await(60, TimeUnit.SECONDS), "a's route holds the lease of its resume point");
                Polls.consumer(b, "second").run();
                assertEquals(List.of("r0"), second, "b's route polled while a's held its own lease");
                resume.countDown();
                first.join(60_000);
            } finally {
                resume.countDown();
                b.stop();
                a.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    /** A leased poll tells Camel what it delivered: with {@code sendEmptyMessageWhenIdle} only an idle poll sends one. */
    @Test
    void aLeasedPollThatDeliveredIsNotIdle() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        List<String> received = new CopyOnWriteArrayList<>();
        try (TestSource source = new TestSource().put("/res/r0.txt", "r0")) {
            CamelContext a = node("a", url, prefix, r -> r.from("resourcesync:" + source.base()
                    + "?delay=3600000&initialDelay=3600000&sendEmptyMessageWhenIdle=true").routeId("idle")
                    .process(e -> received.add(String.valueOf(e.getIn().getBody(String.class)))));
            try {
                a.start();
                Polls.consumer(a, "idle").run();
                assertEquals(List.of("r0"), received, "the poll delivered r0: no empty exchange");
                Polls.consumer(a, "idle").run();
                assertEquals(List.of("r0", "null"), received, "nothing new: one empty exchange");
            } finally {
                a.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    /** Node {@code id} of the cluster in the tables of {@code prefix}, with {@code routes}; not started. */
    private static CamelContext node(String id, String url, String prefix, LambdaRouteBuilder routes) throws Exception {
        CamelContext context = new DefaultCamelContext();
        context.getComponent("resourcesync", ResourceSyncComponent.class)
                .setStateStore(TestDatabase.nodeStore(url, prefix, id));
        RouteBuilder.addRoutes(context, routes);
        return context;
    }

    private CamelContext node(String id, String url, String prefix, TestSource source) throws Exception {
        // no scheduled poll within the test: it runs each poll itself
        return node(id, url, prefix, r -> r.from("resourcesync:" + source.base() + "?delay=3600000&initialDelay=3600000")
                .routeId("leased").process(e -> {
                    if (id.equals("a") && pauseA) {
                        holdUntilResumed();
                    }
                }));
    }

    /** Holds the route at its event, and the poll with the lease, until the test counts {@code resume} down. */
    private void holdUntilResumed() throws InterruptedException {
        paused.countDown();
        assertTrue(resume.await(60, TimeUnit.SECONDS));
    }

    private static long attribute(CamelContext context, String attribute) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = server.queryNames(new ObjectName("org.apache.camel:context=" + context.getName()
                                                                 + ",type=consumers,*"), null);
        assertEquals(1, names.size(), names.toString());
        return (Long) server.getAttribute(names.iterator().next(), attribute);
    }
}
