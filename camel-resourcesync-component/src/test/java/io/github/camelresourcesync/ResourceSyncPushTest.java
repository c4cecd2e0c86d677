package io.github.camelresourcesync;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.HubSignature;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Push end to end: a loopback Source publishes to a loopback WebSub hub, which delivers to the callback the route
 * serves through platform-http (Vert.x); polls are driven by the test (the route's own delay is an hour) so what
 * arrives by push and what by polling is unambiguous.
 */
class ResourceSyncPushTest extends PushRouteTestSupport {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceSyncPushTest.class);
    private static final String SECRET = "s3cret-for-tests";

    @TempDir
    Path tmp;

    private HubClient hubClient;
    private WebSubPublisher publisher;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Exchange> events = new CopyOnWriteArrayList<>();

    @Override
    protected TestSource newSource() throws Exception {
        return new TestSource().hub(hub.uri()).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @Override
    protected SyncStateStore stateStore() {
        return store;
    }

    @Override
    protected void doPreSetup() throws Exception {
        super.doPreSetup();
        hubClient = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY));
        publisher = new WebSubPublisher(hub.uri(), hubClient);
    }


    private ResourceSyncConsumer startRoute(String options) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=3600000&initialDelay=0&push=true"
                     + "&pushCallbackUrl=http://127.0.0.1:" + httpPort + options)
                        .routeId("sync")
                        .process(e -> events.add(e.copy()))
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        return (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
    }

    private ResourceSyncConsumer startSubscribed() throws Exception {
        ResourceSyncConsumer consumer = startRoute("&pushSecret=" + SECRET);
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 2 && hub.subscriptions().size() == 2);
        return consumer;
    }

    private static String capability(Exchange e) {
        return e.getIn().getHeader(ResourceSyncConstants.CAPABILITY, String.class);
    }

    private static String body(Exchange e) {
        byte[] b = e.getIn().getBody(byte[].class);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void notifiedChangeArrivesWithinMillisecondsAndPollingDoesNotRepeatIt() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        assertTrue(hub.subscriptions().stream().allMatch(s -> SECRET.equals(s.secret())));

        // the first one pays for connections and class loading; the log shows every one
        for (int i = 1; i <= 5; i++) {
            source.change("/res/a.txt", "alpha, version " + i);
            long t0 = System.nanoTime();
            publisher.publish(source.changeTopic(), source.changeNotification(1));
            int want = 2 + i;
            // the route polls once an hour and the test drives no poll here: arriving at all, it came by push
            await().pollInterval(Duration.ofMillis(1)).atMost(Polls.TIMEOUT).until(() -> events.size() >= want);
            long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0);
            LOG.info("Publish-to-exchange latency through the hub, change {}: {} us", i, micros);
            Exchange pushed = events.get(want - 1);
            assertEquals("changelist-notification", capability(pushed));
            assertEquals("alpha, version " + i, body(pushed));
        }

        // the next poll lists the same changes: not delivered again
        consumer.run();
        assertEquals(7, events.size());
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));

        // later changes still come by polling when notifications go missing (the hub drops them)
        hub.drop(1);
        source.change("/res/c.txt", "charlie");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        hub.awaitDelivered();
        Polls.awaitQueuedPasses(consumer);
        assertEquals(7, events.size());
        consumer.run();
        assertEquals(8, events.size());
        assertEquals("changelist", capability(events.get(7)));
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));
        assertEquals(events.size(), events.stream().map(e -> e.getIn().getHeader(ResourceSyncConstants.EVENT_ID))
                .distinct().count());
    }

    @Test
    void forgedDeliveriesAreRefused() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        URI callback = consumer.push().callback();
        source.change("/res/a.txt", "forged?");
        byte[] payload = source.changeNotification(1);
        assertEquals(403, hub.forge(callback, source.changeTopic().toString(), payload, null));
        assertEquals(403, hub.forge(callback, source.changeTopic().toString(), payload, "sha256=" + "00".repeat(32)));
        assertEquals(403, hub.forge(callback, source.changeTopic().toString(), payload, "md5=abcd"));
        // an empty or truncated digest of the right signature
        String full = HubSignature.sign("sha256", SECRET, payload);
        for (String cut : List.of("sha256=", full.substring(0, 15), full.substring(0, full.length() - 2))) {
            assertEquals(403, hub.forge(callback, source.changeTopic().toString(), payload, cut), cut);
        }
        // signed with another secret
        assertEquals(403, hub.forge(callback, source.changeTopic().toString(), payload,
                HubSignature.sign("sha256", "guess", payload)));
        // a topic this destination never subscribed to: 410 tells a hub to stop
        assertEquals(410, hub.forge(callback, "http://elsewhere.example/topic", payload, null));
        Polls.awaitQueuedPasses(consumer); // a pass a forgery had woken would have run by now
        assertEquals(2, events.size());

        // each signature method a hub may use is accepted
        int expected = 2;
        for (String method : List.of("sha1", "sha384", "sha512", "sha256")) {
            hub.signatureMethod(method);
            source.change("/res/a.txt", "signed with " + method);
            publisher.publish(source.changeTopic(), source.changeNotification(1));
            int want = ++expected;
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= want);
            assertEquals("signed with " + method, body(events.get(want - 1)));
        }
    }

    @Test
    void verificationIsAnsweredOnlyForWhatWasAskedFor() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        URI callback = consumer.push().callback();
        String[] wrongTopic = hub.verifyIntent(callback, "subscribe", "http://elsewhere.example/topic", "c1");
        assertEquals("404", wrongTopic[0]);
        String[] notAsked = hub.verifyIntent(callback, "unsubscribe", source.changeTopic().toString(), "c2");
        assertEquals("404", notAsked[0]);
        String[] renewal = hub.verifyIntent(callback, "subscribe", source.changeTopic().toString(), "c3");
        assertEquals("200", renewal[0]);
        assertEquals("c3", renewal[1]);
    }

    @Test
    void duplicatedAndReorderedNotificationsDeliverEachChangeOnce() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        hub.hold(true).duplicate(true);
        source.change("/res/a.txt", "alpha 2");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        source.change("/res/a.txt", "alpha 3");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        source.change("/res/b.txt", "bravo 2");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        hub.releaseReversed();
        await().atMost(Polls.TIMEOUT).until(() -> events.size() >= 4);
        Polls.awaitQueuedPasses(consumer); // the passes the six deliveries woke have run
        consumer.run();
        Set<Object> ids = new HashSet<>();
        events.forEach(e -> assertTrue(ids.add(e.getIn().getHeader(ResourceSyncConstants.EVENT_ID)),
                "delivered twice: " + e.getIn().getHeader(ResourceSyncConstants.EVENT_ID)));
        // alpha 2 is older than alpha 3, which was delivered first: it never comes out
        assertEquals(4, events.size(), () -> events.stream().map(ResourceSyncPushTest::body).toList().toString());
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));
    }

    @Test
    void frameworkNotificationTriggersAnImmediateListing() throws Exception {
        startSubscribed();
        source.change("/res/d.txt", "delta");
        publisher.publish(source.frameworkTopic(), source.frameworkNotification());
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 3);
        assertEquals("changelist", capability(events.get(2)));
        assertEquals("delta", body(events.get(2)));
    }

    @Test
    void hubsThatFetchTheTopicDeliverToo() throws Exception {
        startSubscribed();
        source.change("/res/e.txt", "echo");
        publisher.ping(source.changeTopic());
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 3);
        assertEquals("changelist-notification", capability(events.get(2)));
        assertEquals("echo", body(events.get(2)));
    }

    @Test
    void routeStopUnsubscribes() throws Exception {
        startSubscribed();
        context.getRouteController().stopRoute("sync");
        assertEquals(2, hub.unsubscribeRequests());
        // the route waited for the hub's verification; the hub drops the subscription once it read the answer
        await().atMost(60, TimeUnit.SECONDS).until(() -> hub.subscriptions().isEmpty());
    }

    @Test
    void hubThatAnswers202AndNeverVerifiesIsAskedAgainWhilePollingGoesOn() throws Exception {
        hub.verify(false);
        ResourceSyncConsumer consumer = startRoute("&pushVerifyTimeout=200&pushAllowUnsigned=true");
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 2 && hub.subscribeRequests() >= 6);
        // the health check shows push is not working, but stays UP: polling goes on
        Map<String, Object> details = consumer.getHealthCheck().call(Map.of()).getDetails();
        assertEquals(HealthCheck.State.UP, consumer.getHealthCheck().call(Map.of()).getState());
        assertEquals(2, details.get("resourcesync.push.requested"), details.toString());
        assertEquals(0, details.get("resourcesync.push.active"), details.toString());
        source.change("/res/a.txt", "polled");
        consumer.run();
        assertEquals("polled", body(events.get(2)));
        // the hub recovers: the next request is verified and push works
        hub.verify(true);
        await().atMost(60, TimeUnit.SECONDS).until(() -> hub.subscriptions().size() == 2);
        await().atMost(60, TimeUnit.SECONDS).until(() -> Integer.valueOf(2).equals(
                consumer.getHealthCheck().call(Map.of()).getDetails().get("resourcesync.push.active")));
        assertTrue(Instant.parse((String) consumer.getHealthCheck().call(Map.of()).getDetails()
                .get("resourcesync.push.lease.expires")).isAfter(Instant.now()));
        source.change("/res/a.txt", "pushed");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 4);
        assertEquals("pushed", body(events.get(3)));
    }

    @Test
    void configuredTopicThroughAMovedHub() throws Exception {
        source.hub(null);
        startRoute("&pushTopic=" + source.changeTopic() + "&pushHub=" + hub.movedUri() + "&pushAllowUnsigned=true");
        // the 307 is followed with the method and body kept: the subscription reaches the hub
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 2 && hub.subscriptions().size() == 1);
        source.change("/res/f.txt", "foxtrot");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 3);
        assertEquals("foxtrot", body(events.get(2)));
    }

    @Test
    void leasesAreRenewedBeforeTheyEnd() throws Exception {
        hub.maxLeaseSeconds(2);
        startSubscribed();
        // granted 2 s: renewed after 1.5 s, so the subscriptions outlive their first lease
        await().atMost(60, TimeUnit.SECONDS).until(() -> hub.verifications() >= 6);
        assertEquals(2, hub.subscriptions().size());
        source.change("/res/a.txt", "after renewal");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 3);
        assertEquals("after renewal", body(events.get(2)));
    }

    @Test
    void aSubscriptionTheDestinationDoesNotHaveIsEndedWith410() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        String stale = source.base() + "notification/old-channel.xml";
        hub.addSubscription(stale, consumer.push().callback(), null, 60);
        source.change("/res/a.txt", "to a stale channel");
        publisher.publish(URI.create(stale), source.changeNotification(1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> hub.subscriptions().stream()
                .noneMatch(s -> s.topic().equals(stale)));
        assertTrue(hub.attempts().stream().anyMatch(a -> a.topic().equals(stale) && a.status() == 410));
        assertEquals(2, hub.subscriptions().size());
    }

    /** A change notification of changes at one time ("path change" each), as a forger (or a confused hub) writes it. */
    private byte[] notificationOf(Instant datetime, String... changes) {
        StringBuilder xml = new StringBuilder(LiteralSource.URLSET)
                .append("<rs:md capability=\"changelist-notification\"/>\n");
        for (String c : changes) {
            String[] pathAndChange = c.split(" ");
            xml.append("<url><loc>").append(source.uri(pathAndChange[0])).append("</loc><rs:md change=\"")
                    .append(pathAndChange[1]).append("\" datetime=\"").append(datetime).append("\"/></url>\n");
        }
        return xml.append("</urlset>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Posts a delivery the callback accepts and returns once the pass it woke has run: the consumer's polls never
     * overlap and none other is due (the route polls once an hour), so the next one completed is that pass.
     */
    private void forgeAccepted(ResourceSyncConsumer consumer, byte[] body, String signature) throws Exception {
        long polls = consumer.getPolls();
        assertEquals(202, hub.forge(consumer.push().callback(), source.changeTopic().toString(), body, signature));
        await().atMost(Polls.TIMEOUT).until(() -> consumer.getPolls() > polls);
    }

    private static Object healthDetail(ResourceSyncConsumer consumer, String key) {
        return consumer.getHealthCheck().call(Map.of()).getDetails().get(key);
    }

    @Test
    void withoutPushSecretTheRouteIsRefusedUnlessUnsignedPushesAreAllowed() {
        assertStartFails("resourcesync:" + source.base() + "?push=true&pushCallbackUrl=http://127.0.0.1:" + httpPort,
                "pushAllowUnsigned=true");
    }

    @Test
    void anUnsignedDeletionIsOnlyAHint() throws Exception {
        ResourceSyncConsumer consumer = startRoute("&pushAllowUnsigned=true");
        await().atMost(Polls.TIMEOUT).until(() -> events.size() >= 2 && hub.subscriptions().size() == 2);
        // a forger announces changes in the future: a.txt updated, b.txt (which the Source still serves) deleted
        byte[] forged = notificationOf(Instant.parse("2100-01-01T00:00:00Z"), "/res/a.txt updated",
                "/res/b.txt deleted");
        forgeAccepted(consumer, forged, null);
        assertEquals(2, events.size(), () -> "delivered on an unsigned word: " + events.stream()
                .map(e -> e.getIn().getHeader(ResourceSyncConstants.EVENT_ID)).toList());
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));

        // their real next changes still come out: nothing recorded them as delivered
        source.change("/res/a.txt", "alpha, changed after the forgery");
        source.change("/res/b.txt", "bravo, changed after the forgery");
        publisher.publish(source.changeTopic(), source.changeNotification(2));
        await().atMost(Polls.TIMEOUT).until(() -> events.size() >= 4);
        assertEquals(List.of("alpha, changed after the forgery", "bravo, changed after the forgery"),
                List.of(body(events.get(2)), body(events.get(3))));
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));
    }

    @Test
    void aSignedDeletionIsDeliveredOnlyWhenTheSourceNoLongerServesTheResource() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        // signed, but a.txt is still served: the Source's own answer wins
        byte[] wrong = notificationOf(source.tick(1), "/res/a.txt deleted");
        forgeAccepted(consumer, wrong, HubSignature.sign("sha256", SECRET, wrong));
        assertEquals(2, events.size());
        assertEquals(1L, healthDetail(consumer, "resourcesync.push.deletions.unconfirmed"));
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));

        // b.txt is deleted for real: the Source answers 404 and the pushed deletion comes out at once
        source.delete("/res/b.txt");
        publisher.publish(source.changeTopic(), source.changeNotification(1));
        await().atMost(Polls.TIMEOUT).until(() -> events.size() >= 3);
        assertEquals("deleted", events.get(2).getIn().getHeader(ResourceSyncConstants.CHANGE));
        assertEquals("changelist-notification", capability(events.get(2)));
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));
    }

    @Test
    void refusedDeliveriesAreCountedNotLoggedOneByOne() throws Exception {
        ResourceSyncConsumer consumer = startSubscribed();
        URI callback = consumer.push().callback();
        String topic = source.changeTopic().toString();
        // signed but not a notification, its capability carrying a line break: what it says must not forge a line
        byte[] malformed = (LiteralSource.URLSET + "<rs:md capability=\"x&#10;ERROR forged line\"/></urlset>")
                .getBytes(StandardCharsets.UTF_8);
        String signed = HubSignature.sign("sha256", SECRET, malformed);
        byte[] payload = source.changeNotification(1);
        try (LogCapture log = LogCapture.open()) {
            for (int i = 0; i < 1000; i++) {
                int status = switch (i % 3) {
                    case 0 -> hub.forge(callback, topic, malformed, signed);
                    case 1 -> hub.forge(callback, topic, payload, "sha256=" + "00".repeat(32));
                    default -> hub.forge(callback, "http://elsewhere.example/topic", payload, null);
                };
                assertEquals(List.of(400, 403, 410).get(i % 3), status);
            }
            assertEquals(1000L, healthDetail(consumer, "resourcesync.push.refused"));
            // the push refusals only: the log is the JVM's, where other tests' routes may still say "Connection refused"
            List<String> refusals = log.lines().stream()
                    .filter(l -> l.contains("Refused a delivery") || l.contains("callback requests refused")).toList();
            assertTrue(refusals.size() <= 2, () -> refusals.size() + " lines: " + refusals.subList(0, 3));
            assertTrue(log.lines().stream().noneMatch(l -> l.contains("\n")), log.lines()::toString);
            assertTrue(log.contains("with 400", "\\u000aERROR forged line"), log.lines()::toString);
            context.getRouteController().stopRoute("sync");
            assertTrue(log.contains("999 more callback requests refused"), log.lines()::toString);
        }
    }

    @Test
    void aHubNamedOnlyByTheCapabilityListMustBeOnAnAllowedHost() throws Exception {
        // the Source (127.0.0.1) names a hub on another host: subscribing would send requests there
        source.hub(URI.create(hub.uri().toString().replace("127.0.0.1", "localhost")));
        try (LogCapture log = LogCapture.open()) {
            startRoute("&pushSecret=" + SECRET);
            await().atMost(Polls.TIMEOUT).until(() -> log.contains("Cannot subscribe", "localhost")
                                                      || hub.subscribeRequests() > 0);
            assertEquals(0, hub.subscribeRequests());
        }
    }

    @Test
    void aHubsCredentialsNeverReachTheLog() throws Exception {
        source.hub(null);
        String password = "pa55-w0rd-of-the-hub";
        try (LogCapture log = LogCapture.everything()) {
            startRoute("&pushSecret=" + SECRET + "&pushTopic=" + source.changeTopic() + "&pushHub="
                       + hub.uri().toString().replace("//", "//hubuser:" + password + "@"));
            await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 1);
            context.getRouteController().stopRoute("sync");
            assertTrue(log.contains("INFO", "Subscribed to", "at hub http://"), log.lines()::toString);
            List<String> leaks = log.lines().stream().filter(l -> !l.startsWith("DEBUG") && !l.startsWith("TRACE"))
                    .filter(l -> l.contains(password)).toList();
            assertEquals(List.of(), leaks);
        }
    }

    @Test
    void aMissingCallbackUrlOrHttpServerIsReportedAtStart() {
        assertStartFails("resourcesync:" + source.base() + "?push=true", "pushCallbackUrl");
        assertStartFails("resourcesync:" + source.base() + "?push=true&pushCallbackUrl=http://127.0.0.1:1"
                         + "&pushSecret=" + SECRET + "&pushComponent=no-such-http", "camel-platform-http-main");
    }

    private void assertStartFails(String uri, String expected) {
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                () -> context.addRoutes(new RouteBuilder() {
                    @Override
                    public void configure() {
                        from(uri).routeId("broken-" + expected).to("mock:unused");
                    }
                }));
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append(" / ");
        }
        assertTrue(messages.toString().contains(expected), messages.toString());
    }
}
