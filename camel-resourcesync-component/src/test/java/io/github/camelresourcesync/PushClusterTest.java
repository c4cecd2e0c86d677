package io.github.camelresourcesync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.HubSignature;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/**
 * Push in a cluster: two nodes (CamelContexts) follow one Source with {@code push=true}, each subscribed with its own
 * callback, the state and the leases in one PostgreSQL. A notification that reaches both nodes (the hub's fan-out)
 * or only one of them (a load balancer in front of a shared callback) leads to each change being harvested once, by
 * whichever node holds or takes the Source's lease; a node notified while the other's pass holds the lease waits
 * for it instead of dropping the notification.
 */
class PushClusterTest {

    private static final String SECRET = "cluster-push-secret";

    private final List<String> events = new CopyOnWriteArrayList<>();
    private final AtomicLong slowA = new AtomicLong();

    @Test
    void aNotificationReachingAnyNodeIsHarvestedOnceByTheNodeHoldingTheLease() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        try (TestHub hub = new TestHub();
             TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")) {
            source.hub(hub.uri());
            CamelContext a = node("a", url, prefix, source);
            CamelContext b = node("b", url, prefix, source);
            try {
                a.start();
                b.start();
                await().atMost(Duration.ofSeconds(60)).until(() -> events.size() >= 2 && hub.subscriptions().size() == 4);
                Thread.sleep(500); // the second node's first poll: skipped or finding nothing new
                assertEquals(2, events.size(), "the baseline once: " + events);
                WebSubPublisher publisher = new WebSubPublisher(hub.uri(),
                        new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY)));

                // 1. through the hub, which notifies both nodes: one harvests each change, the other finds it done
                List<Long> fanOut = new ArrayList<>();
                for (int i = 1; i <= 3; i++) {
                    source.change("/res/a.txt", "alpha " + i);
                    long t0 = System.nanoTime();
                    publisher.publish(source.changeTopic(), source.changeNotification(1));
                    String want = "alpha " + i;
                    await().pollInterval(Duration.ofMillis(2)).atMost(Duration.ofSeconds(30))
                            .until(() -> events.stream().anyMatch(e -> e.endsWith(" " + want)));
                    fanOut.add((System.nanoTime() - t0) / 1_000_000);
                }
                hub.awaitDelivered();
                Thread.sleep(1500); // both nodes' pushed passes are over
                assertEquals(5, events.size(), "each change once, by one node: " + events);

                // 2. a notification reaching only b while a's pushed pass (slowed: 3 events x 400 ms) holds the lease:
                // b waits for the lease and then harvests what it was told of
                slowA.set(400);
                for (String r : List.of("c", "d", "e")) {
                    source.change("/res/" + r + ".txt", r);
                }
                assertTrue(deliverTo(hub, consumer(a).push().callback(), source, 3) < 300);
                await().atMost(Duration.ofSeconds(30)).until(() -> events.stream().anyMatch(e -> e.startsWith("a ")
                                                                                                  && e.endsWith(" c")));
                source.change("/res/f.txt", "f");
                long t0 = System.nanoTime();
                assertTrue(deliverTo(hub, consumer(b).push().callback(), source, 1) < 300);
                await().pollInterval(Duration.ofMillis(2)).atMost(Duration.ofSeconds(30))
                        .until(() -> events.stream().anyMatch(e -> e.endsWith(" f")));
                long handOver = (System.nanoTime() - t0) / 1_000_000;
                Thread.sleep(1500);
                slowA.set(0);

                assertEquals(9, events.size(), "every change once: " + events);
                assertEquals(9, events.stream().map(e -> e.split(" ")[1]).distinct().count(), events.toString());
                assertTrue(consumer(b).getStatistics().skippedPolls() > 0,
                        "b found the lease held by a's pass and waited: " + consumer(b).getStatistics().skippedPolls());
                System.out.printf("push in a cluster: publish to delivery %s ms (both nodes notified); notified node"
                                  + " waiting for the other's lease %d ms; events %s%n", fanOut, handOver, events);
            } finally {
                b.stop();
                a.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    /** What a hub would deliver, signed, to one callback only. */
    private static int deliverTo(TestHub hub, URI callback, TestSource source, int changes) throws Exception {
        byte[] payload = source.changeNotification(changes);
        return hub.forge(callback, source.changeTopic().toString(), payload, HubSignature.sign("sha256", SECRET,
                payload));
    }

    private CamelContext node(String id, String url, String prefix, TestSource source) throws Exception {
        JdbcStateStore store = TestDatabase.nodeStore(url, prefix, id);
        CamelContext context = new DefaultCamelContext();
        int port = TestContexts.platformHttpOnFreePort(context);
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateStore(store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=3600000&initialDelay=0&push=true&pushSecret=" + SECRET
                     + "&pushCallbackUrl=http://127.0.0.1:" + port).routeId("sync")
                        .process(e -> {
                            if (id.equals("a") && slowA.get() > 0) {
                                Thread.sleep(slowA.get());
                            }
                            byte[] body = e.getIn().getBody(byte[].class);
                            events.add(id + " " + e.getIn().getHeader(ResourceSyncConstants.EVENT_ID) + " "
                                       + (body == null ? "" : new String(body, StandardCharsets.UTF_8)));
                        });
            }
        });
        return context;
    }

    private static ResourceSyncConsumer consumer(CamelContext context) {
        return (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
    }
}
