package io.github.camelresourcesync;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.HubSignature;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * What the callback does with a delivery it accepts: the pass it wakes (on the consumer's scheduler, or on push's own
 * thread when the route polls with another scheduler such as camel-quartz), the count a caller waits on to know the
 * delivery was acted on, and request headers a hub sends more than once. Loopback Source, hub and Camel HTTP server;
 * the route's own polls are an hour (or a year) apart, so what arrives between the test's polls came by push.
 */
class PushDeliveryHandlingTest extends PushRouteTestSupport {

    private static final String SECRET = "delivery-test-secret";

    private final List<String> bodies = new CopyOnWriteArrayList<>();
    /** when set, the route holds each pushed change (a body with "pushed") until it is counted down */
    private volatile CountDownLatch holdPushed;

    @Override
    protected TestSource newSource() throws Exception {
        return new TestSource().hub(hub.uri()).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    /** A signed push route with these scheduling options, after its first poll (the test's) and subscriptions. */
    private ResourceSyncConsumer subscribed(String scheduling) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store" + scheduling + "&push=true&pushSecret="
                     + SECRET + "&pushCallbackUrl=http://127.0.0.1:" + httpPort)
                        .routeId("sync")
                        .process(e -> {
                            String body = e.getIn().getBody(String.class);
                            bodies.add(body);
                            CountDownLatch hold = holdPushed;
                            if (hold != null && body.contains("pushed")) {
                                hold.await(Polls.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                            }
                        });
            }
        });
        ResourceSyncConsumer consumer = (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
        consumer.run();
        await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 2 && hub.subscriptions().size() == 2);
        return consumer;
    }

    private void publishChange(String content) throws Exception {
        source.change("/res/a.txt", content);
        try (HubClient client = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY))) {
            new WebSubPublisher(hub.uri(), client).publish(source.changeTopic(), source.changeNotification(1));
        }
    }

    @Test
    void aDeliveryWakesAPassWhenTheRoutePollsWithQuartz() throws Exception {
        // cron: once, in 2099: every event after the first poll comes from a pass a delivery woke
        ResourceSyncConsumer consumer = subscribed("&scheduler=quartz&scheduler.cron=0+0+0+1+1+?+2099");
        publishChange("alpha, pushed");
        await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 3);
        assertEquals("alpha, pushed", bodies.get(2));
        assertEquals(1, consumer.getPushPassesQueued());
        // and the next one too: the wake-up thread is kept for the route's life
        publishChange("alpha, pushed again");
        await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 4);
        assertEquals("alpha, pushed again", bodies.get(3));
    }

    @Test
    void theCallerSeesThePassItsDeliveryWokeAndWhenItHasEnded() throws Exception {
        ResourceSyncConsumer consumer = subscribed("&delay=3600000&initialDelay=3600000");
        assertEquals(0, consumer.getPushPassesQueued(), "no delivery yet");
        CountDownLatch release = new CountDownLatch(1);
        holdPushed = release;
        source.change("/res/a.txt", "alpha, pushed");
        byte[] notification = source.changeNotification(1);
        assertEquals(202, hub.forge(consumer.push().callback(), source.changeTopic().toString(), notification,
                HubSignature.sign("sha256", SECRET, notification)));
        // the pass was queued before the hub got its answer: the count says so, and waiting on it is enough
        long queued = consumer.getPushPassesQueued();
        assertEquals(1, queued);
        // the pass is in the route, held there: it has not ended
        await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 3);
        assertFalse(consumer.pushPassesEnded(queued), "the pass is still delivering");
        release.countDown();
        await().atMost(Polls.TIMEOUT).until(() -> consumer.pushPassesEnded(queued));
        assertEquals(List.of("alpha", "bravo", "alpha, pushed"), bodies);
    }

    @Test
    void linkAndSignatureHeadersSentSeveralTimesAreAllRead() throws Exception {
        // subscribed to two channels: the delivery's topic must come from its Link rel="self"
        ResourceSyncConsumer consumer = subscribed("&delay=3600000&initialDelay=3600000");
        source.change("/res/a.txt", "alpha, pushed");
        byte[] notification = source.changeNotification(1);
        String signature = HubSignature.sign("sha256", SECRET, notification);
        // one Link header per link, as many hubs send them, and the signature twice (a proxy repeating it); over
        // HTTP/1.1, as hubs post: over HTTP/2 (h2c) Vert.x hands Camel one value per header name
        HttpRequest request = HttpRequest.newBuilder(consumer.push().callback())
                .header("Content-Type", "application/xml")
                .header("Link", "<" + source.changeTopic() + ">; rel=\"self\"")
                .header("Link", "<" + hub.uri() + ">; rel=\"hub\"")
                .header("X-Hub-Signature", signature).header("X-Hub-Signature", signature)
                .POST(HttpRequest.BodyPublishers.ofByteArray(notification)).build();
        HttpResponse<String> answer = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(202, answer.statusCode(), answer::body);
        long queued = consumer.getPushPassesQueued();
        await().atMost(Polls.TIMEOUT).until(() -> consumer.pushPassesEnded(queued));
        assertEquals(List.of("alpha", "bravo", "alpha, pushed"), bodies);
    }
}
