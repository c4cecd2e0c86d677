package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An attacker who captured signed change notifications on their way to the callback replays them later, after newer
 * versions arrived by polling: the signature is valid (WebSub signatures carry no nonce or time), so only the state
 * can tell. The old versions are not delivered again, not even fetched, and the mirror keeps the newest.
 */
class ReplayedPushTest {

    private static final String SECRET = "replay-test-secret";

    @TempDir
    Path tmp;

    @Test
    void aCapturedSignedNotificationReplayedAfterANewerPolledVersionDeliversNothing() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        try (TestHub hub = new TestHub(); TestSource source = new TestSource()) {
            source.hub(hub.uri()).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            CamelContext context = new DefaultCamelContext();
            int port = TestContexts.platformHttpOnFreePort(context);
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // polls are driven by the test: what arrives between them came by push
                    from("resourcesync:" + source.base() + "?stateStore=#store&delay=3600000&initialDelay=0&push=true"
                         + "&pushCallbackUrl=http://127.0.0.1:" + port + "&pushSecret=" + SECRET)
                            .routeId("sync")
                            .process(e -> {
                                byte[] body = e.getIn().getBody(byte[].class);
                                bodies.add(body == null ? e.getIn().getHeader(ResourceSyncConstants.CHANGE)
                                        + " " + e.getIn().getHeader(Exchange.FILE_NAME)
                                        : new String(body, StandardCharsets.UTF_8));
                            })
                            .to("resourcesync-mirror:" + tmp.resolve("mirror"));
                }
            });
            try (HubClient hubClient = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY))) {
                context.start();
                WebSubPublisher publisher = new WebSubPublisher(hub.uri(), hubClient);
                SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
                await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 2 && hub.subscriptions().size() == 2);

                // version 1 of a.txt and a new c.txt come by push; the signed deliveries are captured
                source.change("/res/a.txt", "alpha 1");
                source.change("/res/c.txt", "charlie");
                publisher.publish(source.changeTopic(), source.changeNotification(2));
                await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 4);
                hub.awaitDelivered();
                List<TestHub.Sent> captured = hub.sent().stream()
                        .filter(s -> s.topic().equals(source.changeTopic().toString())).toList();
                assertEquals(1, captured.size());
                assertTrue(captured.get(0).signature().startsWith("sha256="), "a signed delivery was captured");

                // version 2 of a.txt and the deletion of c.txt come by polling (no notification)
                source.change("/res/a.txt", "alpha 2");
                source.delete("/res/c.txt");
                consumer.run();
                assertEquals(List.of("alpha", "bravo", "alpha 1", "charlie", "alpha 2", "deleted res/c.txt"), bodies);
                int fetchesOfA = source.requests("/res/a.txt");
                int fetchesOfC = source.requests("/res/c.txt");
                long failedEvents = consumer.getFailedEvents();

                // the replay: signed correctly, so accepted by the callback; delivered nothing
                for (int i = 0; i < 3; i++) {
                    int status = hub.replay(captured.get(0));
                    assertEquals(2, status / 100, "a correctly signed delivery is accepted: " + status);
                }
                Polls.awaitQueuedPasses(consumer); // the pass the replays woke has run
                consumer.run();
                assertEquals(6, bodies.size(), () -> "delivered again: " + bodies.subList(6, bodies.size()));
                assertEquals(fetchesOfA, source.requests("/res/a.txt"), "the replayed version 1 was not even fetched");
                assertEquals(fetchesOfC, source.requests("/res/c.txt"), "the deleted resource was not fetched");
                assertEquals(failedEvents, consumer.getFailedEvents(), "no event failed over the replay");
                assertMirrors(source.snapshot(), tmp.resolve("mirror"));
                assertEquals("alpha 2", source.snapshot().get("/res/a.txt"));
            } finally {
                context.stop();
            }
        }
    }
}
