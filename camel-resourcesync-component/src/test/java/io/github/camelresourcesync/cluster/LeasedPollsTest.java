package io.github.camelresourcesync.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/**
 * Two CamelContexts (two nodes) poll the same Source every 200 ms with the state in one PostgreSQL and no scheduler
 * in common: the leases alone keep the Source to one poll at a time. While one node's slow baseline runs, the other
 * skips its polls, and the meters' counters and the health check say so per node.
 */
class LeasedPollsTest {

    private static final int RESOURCES = 30;

    @Test
    void aSecondNodeSkipsItsPollsWhileTheFirstHoldsTheLease() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        List<String> events = new CopyOnWriteArrayList<>();
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < RESOURCES; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext a = node("a", url, prefix, source, events);
            CamelContext b = null;
            try {
                a.start();
                await().atMost(Duration.ofSeconds(60)).until(() -> !events.isEmpty()); // a's baseline runs
                b = node("b", url, prefix, source, events);
                b.start();
                SyncEventPollingConsumer consumerB = consumer(b);
                await().atMost(Duration.ofSeconds(60)).until(() -> consumerB.getStatistics().skippedPolls() > 0);
                await().atMost(Duration.ofSeconds(120)).until(() -> events.size() >= RESOURCES);
                source.change("/res/r0.txt", "changed");
                await().atMost(Duration.ofSeconds(60)).until(() -> events.size() >= RESOURCES + 1);
                Thread.sleep(1000); // further polls of either node would deliver duplicates now

                assertEquals(RESOURCES + 1, events.size(), "every event once, by one node: " + events);
                Map<String, Object> health = consumerB.getHealthCheck().call(Map.of()).getDetails();
                assertEquals("b", health.get("resourcesync.lease.node"));
                assertTrue(((Number) health.get("resourcesync.polls.skipped.lease.held")).longValue() > 0, health.toString());
                assertTrue(health.get("resourcesync.last.skipped.for").toString().startsWith("a (token "),
                        health.toString());
                assertEquals(0L, consumer(a).getStatistics().leasesLost());
            } finally {
                if (b != null) {
                    b.stop();
                }
                a.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    private static CamelContext node(String id, String url, String prefix, TestSource source, List<String> events)
            throws Exception {
        JdbcStateStore store = TestDatabase.nodeStore(url, prefix, id);
        CamelContext context = new DefaultCamelContext();
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateStore(store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=200&initialDelay=0").routeId("leased")
                        .delay(100)
                        .process(e -> events.add(id + " " + e.getIn().getHeader(ResourceSyncConstants.EVENT_ID)));
            }
        });
        return context;
    }

    private static SyncEventPollingConsumer consumer(CamelContext context) {
        return (SyncEventPollingConsumer) context.getRoute("leased").getConsumer();
    }
}
