package io.github.camelresourcesync.notify;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WebSub subscriber without Camel: a real loopback hub ({@link TestHub}) and a loopback callback that hands
 * verifications and deliveries to the subscriber, as the consumer's callback route does.
 */
class WebSubSubscriberTest {

    private static final String NOTIFICATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                               + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                               + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                                               + "<rs:md capability=\"changelist-notification\"/>"
                                               + "<url><loc>http://source.example/res1</loc>"
                                               + "<rs:md change=\"updated\" datetime=\"2024-01-03T09:00:00Z\"/></url>"
                                               + "</urlset>";

    private TestHub hub;
    private HttpServer callbackServer;
    private ScheduledExecutorService scheduler;
    private HubClient client;
    private WebSubSubscriber subscriber;
    private final List<Notification> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        hub = new TestHub();
        callbackServer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        callbackServer.setExecutor(Executors.newCachedThreadPool());
        callbackServer.createContext("/callback", this::callback);
        callbackServer.start();
        scheduler = Executors.newSingleThreadScheduledExecutor();
        client = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY));
    }

    @AfterEach
    void stop() {
        if (subscriber != null) {
            subscriber.close();
        }
        client.close();
        scheduler.shutdownNow();
        callbackServer.stop(0);
        hub.close();
    }

    private URI callback() {
        return URI.create("http://127.0.0.1:" + callbackServer.getAddress().getPort() + "/callback");
    }

    private WebSubSubscriber subscriber(String secret, Duration verifyTimeout) {
        subscriber = new WebSubSubscriber(new WebSubSubscriber.Config(callback(), secret, 3600, verifyTimeout), client,
                scheduler, new NotificationParser(new SitemapReader()), received::add);
        return subscriber;
    }

    /** A subscriber whose backoff always draws 0.99: each retry waits 99 % of its ceiling, so the waits are known. */
    private WebSubSubscriber nearCeilingSubscriber(Duration verifyTimeout) {
        subscriber = new WebSubSubscriber(new WebSubSubscriber.Config(callback(), "s3cret", 3600, verifyTimeout),
                client, scheduler, new NotificationParser(new SitemapReader()), received::add, () -> 0.99);
        return subscriber;
    }

    /** Asserts lower bounds only (a loaded machine is late, never early) on the gaps between {@code times}. */
    private static void assertGapsAtLeast(List<Long> times, long... minimum) {
        for (int i = 0; i < minimum.length; i++) {
            long gap = times.get(i + 1) - times.get(i);
            assertTrue(gap >= minimum[i], "try " + (i + 2) + " came " + gap + " ms after the one before, expected at"
                                          + " least " + minimum[i] + " ms: " + times);
        }
    }

    /** What the consumer's callback route does: GET is a verification of intent, POST a delivery. */
    private void callback(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body;
            try (InputStream in = ex.getRequestBody()) {
                body = in.readAllBytes();
            }
            int status;
            String answer;
            if ("GET".equals(ex.getRequestMethod())) {
                Map<String, String> q = new HashMap<>();
                String raw = ex.getRequestURI().getRawQuery();
                for (String pair : raw == null ? new String[0] : raw.split("&")) {
                    int eq = pair.indexOf('=');
                    q.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
                answer = subscriber.verify(q.get("hub.mode"), q.get("hub.topic"), q.get("hub.challenge"),
                        q.get("hub.lease_seconds"), q.get("hub.reason"));
                status = answer == null ? 404 : 200;
                answer = answer == null ? "" : answer;
            } else {
                WebSubSubscriber.Delivery d = subscriber.deliver(name -> ex.getRequestHeaders().get(name), body, 1L);
                status = d.status();
                answer = d.reason() == null ? "" : d.reason();
            }
            byte[] b = answer.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
            if (b.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(b);
                }
            }
        }
    }

    private Channel channel(String topic) {
        return new Channel(URI.create(topic), hub.uri(), Capability.CHANGELIST_NOTIFICATION);
    }

    private WebSubSubscriber.Status only() {
        List<WebSubSubscriber.Status> all = subscriber.subscriptions();
        assertEquals(1, all.size(), all.toString());
        return all.get(0);
    }

    private void publish(String topic) throws IOException {
        HubClient.Answer a = client.postBody(hub.uri(), "application/xml", NOTIFICATION.getBytes(StandardCharsets.UTF_8),
                Map.of("Link", "<" + topic + ">; rel=\"self\""));
        assertTrue(a.ok(), a.toString());
        hub.awaitDelivered();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aSignedSubscriptionAcceptsOnlyDeliveriesSignedWithItsSecret() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        WebSubSubscriber.Status s = only();
        assertEquals(WebSubSubscriber.State.ACTIVE, s.state());
        assertEquals(1, s.requests());
        long lease = s.expiresAtMillis() - System.currentTimeMillis();
        assertTrue(lease > 3_500_000 && lease <= 3_600_000, "the lease granted (3600 s), was " + lease + " ms");
        assertEquals("s3cret", hub.subscriptions().get(0).secret(), "hub.secret sent with the request");

        publish(topic);
        assertEquals(1, received.size());
        assertTrue(received.get(0).signed(), "a valid signature is marked");
        assertEquals(URI.create(topic), received.get(0).topic());
        assertEquals(0, subscriber.refused());

        // a forger: no signature, a wrong one, one of another body
        assertEquals(403, hub.forge(callback(), topic, bytes(NOTIFICATION), null));
        assertEquals(403, hub.forge(callback(), topic, bytes(NOTIFICATION), HubSignature.sign("sha256", "guess",
                bytes(NOTIFICATION))));
        assertEquals(403, hub.forge(callback(), topic, bytes(NOTIFICATION), HubSignature.sign("sha256", "s3cret",
                bytes("<urlset/>"))));
        // signed right but not a notification
        assertEquals(400, hub.forge(callback(), topic, bytes("<urlset/>"), HubSignature.sign("sha256", "s3cret",
                bytes("<urlset/>"))));
        // a topic nobody subscribed to
        assertEquals(410, hub.forge(callback(), "http://other.example/notify", bytes(NOTIFICATION), null));
        assertEquals(1, received.size(), "nothing refused reached the listener");
        assertEquals(5, subscriber.refused());
    }

    @Test
    void withoutASecretDeliveriesAreAcceptedAsUnsignedHints() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        assertNull(hub.subscriptions().get(0).secret(), "an empty secret is not sent");
        publish(topic);
        assertEquals(1, received.size());
        assertFalse(received.get(0).signed(), "never marked signed without a secret");
    }

    @Test
    void verificationsAreAnsweredOnlyForWhatWasAskedFor() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        assertEquals("404", hub.verifyIntent(callback(), "subscribe", "http://other.example/t", "c1")[0],
                "a topic it did not ask for");
        assertEquals("404", hub.verifyIntent(callback(), "unsubscribe", topic, "c2")[0],
                "an unsubscription it did not ask for");
        assertEquals("404", hub.verifyIntent(callback(), "bogus", topic, "c3")[0], "an unknown mode");
        assertEquals(2, subscriber.refused(), "the unknown topic and the unknown mode");
        assertEquals(WebSubSubscriber.State.ACTIVE, only().state(), "none of them changed the subscription");
        // the subscription's own topic: the challenge comes back
        assertEquals("c4", hub.verifyIntent(callback(), "subscribe", topic, "c4")[1]);
    }

    @Test
    void aHubThatNeverVerifiesIsAskedAgain() throws Exception {
        hub.verify(false);
        subscriber("s3cret", Duration.ofMillis(300)).subscribe(channel("http://source.example/notify"));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.subscribeRequests() >= 3);
        WebSubSubscriber.Status s = only();
        assertEquals(WebSubSubscriber.State.REQUESTED, s.state());
        assertTrue(s.requests() >= 3, s.toString());
    }

    @Test
    void subscribingTwiceToOneTopicAtOneHubSendsOneRequest() throws Exception {
        subscriber("s3cret", Duration.ofSeconds(30));
        subscriber.subscribe(channel("http://source.example/notify"));
        subscriber.subscribe(channel("http://source.example/notify"));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        assertEquals(1, hub.subscribeRequests());
        assertEquals(1, only().requests());
    }

    @Test
    void unsubscribingEndsTheSubscriptionAtTheHubAndRefusesLaterDeliveries() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        subscriber.unsubscribeAll(Duration.ofSeconds(20));
        assertEquals(1, hub.unsubscribeRequests());
        assertEquals(List.of(), subscriber.subscriptions(), "unsubscribeAll returned once the hub verified");
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.subscriptions().isEmpty());
        assertEquals(410, hub.forge(callback(), topic, bytes(NOTIFICATION),
                HubSignature.sign("sha256", "s3cret", bytes(NOTIFICATION))));
        assertEquals(List.of(), received);
    }

    @Test
    void theLeaseTheHubGrantsIsKeptAndRenewedBeforeItEnds() throws Exception {
        hub.maxLeaseSeconds(2);
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel("http://source.example/notify"));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        long lease = only().expiresAtMillis() - System.currentTimeMillis();
        assertTrue(lease <= 2000, "the 2 s the hub granted, not the 3600 s asked for: " + lease + " ms");
        // renewed at three quarters of the granted lease, so the subscription never lapses
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.subscribeRequests() >= 2 && hub.verifications() >= 2);
        List<Long> asked = hub.subscribeRequestTimes();
        // not sooner: the hub verified after the first request arrived, and renewal waits 3/4 of 2 s from there
        assertTrue(asked.get(1) - asked.get(0) >= 1500, "renewed " + (asked.get(1) - asked.get(0)) + " ms after");
        assertEquals(WebSubSubscriber.State.ACTIVE, only().state());
        assertEquals(1, hub.subscriptions().size(), "still subscribed after the first lease ended");
    }
    @Test
    void anUnsubscriptionTheHubVerifiesAfterTheStopEndedIsStillConfirmed() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        hub.verify(false); // it accepts the unsubscription (202) and verifies only later
        subscriber.unsubscribeAll(Duration.ofMillis(200));
        assertEquals(1, hub.unsubscribeRequests());
        assertEquals(WebSubSubscriber.State.UNSUBSCRIBING, only().state(), "accepted, not yet verified");
        // a renewal the hub verifies now is refused: the destination is leaving
        assertEquals("404", hub.verifyIntent(callback(), "subscribe", topic, "renewal")[0]);
        // the hub's late verification of what the subscriber asked for is answered, so the hub drops it
        assertEquals(List.of("200", "late"), List.of(hub.verifyIntent(callback(), "unsubscribe", topic, "late")));
        assertEquals(List.of(), subscriber.subscriptions());
    }

    @Test
    void unsubscribeAllWaitsForAHubThatVerifiesAfterAnswering() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        hub.verify(false);
        // a slow hub: verifies the unsubscription half a second after it was asked for
        Thread slowHub = new Thread(() -> {
            try {
                await().atMost(Duration.ofSeconds(20)).until(() -> hub.unsubscribeRequests() == 1);
                Thread.sleep(500);
                hub.verifyIntent(callback(), "unsubscribe", topic, "slow");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        slowHub.start();
        subscriber.unsubscribeAll(Duration.ofSeconds(20));
        assertEquals(List.of(), subscriber.subscriptions(), "returned once the hub verified, not before");
        slowHub.join();
    }

    @Test
    void aHubThatRefusesIsAskedAgainAfterABackoffNotAfterTheVerifyTimeout() throws Exception {
        try (TestHttpServer refusing = TestHttpServer.start()) {
            refusing.handle("/hub", TestHttpServer.status(503));
            subscriber("s3cret", Duration.ofSeconds(120));
            subscriber.subscribe(new Channel(URI.create("http://source.example/notify"), refusing.uri("/hub"),
                    Capability.CHANGELIST_NOTIFICATION));
            // a refusal is retried within the backoff's first steps (0.5 s, 1 s, ...), an accepted request only
            // after the 120 s verify timeout
            await().atMost(Duration.ofSeconds(30)).until(() -> refusing.requests("/hub") >= 3);
            assertEquals(WebSubSubscriber.State.REQUESTED, only().state());
        }
    }

    @Test
    void aRefusingHubIsAskedAgainAfterWaitsThatDoubleUpToTenSeconds() throws Exception {
        try (TestHttpServer refusing = TestHttpServer.start()) {
            List<Long> asked = new CopyOnWriteArrayList<>();
            refusing.handle("/hub", ex -> {
                asked.add(System.currentTimeMillis());
                TestHttpServer.status(503).handle(ex);
            });
            // a verify timeout under a second: the backoff's cap is still ten seconds (ten times at least one)
            nearCeilingSubscriber(Duration.ofMillis(200));
            subscriber.subscribe(new Channel(URI.create("http://source.example/notify"), refusing.uri("/hub"),
                    Capability.CHANGELIST_NOTIFICATION));
            await().atMost(Duration.ofSeconds(60)).until(() -> asked.size() >= 5);
            // ceilings 0.5 s, 1 s, 2 s, 4 s (a cap of ten times the 200 ms timeout would stop at 2 s)
            assertGapsAtLeast(asked, 495, 990, 1980, 3960);
        }
    }

    @Test
    void aHubThatDropsTheConnectionIsAskedAgainAfterWaitsThatDouble() throws Exception {
        List<Long> asked = new CopyOnWriteArrayList<>();
        try (ServerSocket dropping = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!dropping.isClosed()) {
                    try (Socket s = dropping.accept()) {
                        asked.add(System.currentTimeMillis()); // closed unanswered: an IOException at the client
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.start();
            client.close();
            client = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY).maxRetries(0));
            nearCeilingSubscriber(Duration.ofSeconds(30));
            subscriber.subscribe(new Channel(URI.create("http://source.example/notify"),
                    URI.create("http://127.0.0.1:" + dropping.getLocalPort() + "/hub"),
                    Capability.CHANGELIST_NOTIFICATION));
            await().atMost(Duration.ofSeconds(60)).until(() -> asked.size() >= 3);
        }
        assertGapsAtLeast(asked, 495, 990);
    }

    @Test
    void aSubscriptionDeniedTwiceInARowIsAskedForAfterAWaitThatDoubled() throws Exception {
        String topic = "http://source.example/notify";
        hub.verify(false);
        nearCeilingSubscriber(Duration.ofSeconds(120)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.subscribeRequests() == 1);
        // two denials before the request is sent again (an accepted request in between starts the count afresh)
        hub.verifyIntent(callback(), "denied", topic, "d1");
        long secondDenial = System.currentTimeMillis();
        hub.verifyIntent(callback(), "denied", topic, "d2");
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.subscribeRequests() == 2);
        long waited = hub.subscribeRequestTimes().get(1) - secondDenial;
        // the second denial in a row waits up to 1 s (0.99 of it here), not the first's 0.5 s; a lower bound only
        assertTrue(waited >= 990, "asked again " + waited + " ms after the second denial");
    }

    @Test
    void aDeniedSubscriptionIsMarkedAndAskedForAgain() throws Exception {
        String topic = "http://source.example/notify";
        hub.verify(false);
        subscriber("s3cret", Duration.ofSeconds(120)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.subscribeRequests() == 1);
        assertEquals(List.of("200", ""), List.of(hub.verifyIntent(callback(), "denied", topic, "x")));
        assertEquals(WebSubSubscriber.State.DENIED, only().state());
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.subscribeRequests() >= 2);
    }

    @Test
    void aLeaseOfZeroSecondsIsReadAsTheLeaseAskedFor() throws Exception {
        hub.maxLeaseSeconds(0);
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel("http://source.example/notify"));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        long left = only().expiresAtMillis() - System.currentTimeMillis();
        assertTrue(left > 3_500_000 && left <= 3_600_000, "the 3600 s asked for, was " + left + " ms");
    }

    @Test
    void aTopicThatMovesToAnotherHubIsSubscribedThere() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        try (TestHub other = new TestHub()) {
            subscriber.subscribe(new Channel(URI.create(topic), other.uri(), Capability.CHANGELIST_NOTIFICATION));
            await().atMost(Duration.ofSeconds(20)).until(() -> other.verifications() == 1);
            assertEquals(other.uri(), only().channel().hub());
            assertEquals(WebSubSubscriber.State.ACTIVE, only().state());
            assertEquals(1, hub.subscribeRequests(), "the first hub is not asked again");
        }
    }

    @Test
    void anUnverifiedRequestIsSentAgainAfterAWaitThatDoubles() throws Exception {
        hub.verify(false);
        subscriber("s3cret", Duration.ofMillis(200)).subscribe(channel("http://source.example/notify"));
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.subscribeRequests() >= 5);
        List<Long> asked = hub.subscribeRequestTimes();
        // lower bounds only (a loaded machine is late, never early): 200 ms, then 400, 800, 1600
        for (int i = 1; i < 5; i++) {
            long gap = asked.get(i) - asked.get(i - 1);
            assertTrue(gap >= 200L << (i - 1), "request " + (i + 1) + " came " + gap + " ms after the one before");
        }
    }

    @Test
    void aLeaseThatIsNoNumberIsReadAsTheLeaseAskedFor() throws Exception {
        String topic = "http://source.example/notify";
        hub.verify(false);
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.subscribeRequests() == 1);
        // what the callback route hands over for GET ?hub.mode=subscribe&...&hub.lease_seconds=forever
        assertEquals("c1", subscriber.verify("subscribe", topic, "c1", "forever", null));
        long left = only().expiresAtMillis() - System.currentTimeMillis();
        assertTrue(left > 3_500_000 && left <= 3_600_000, "the 3600 s asked for, was " + left + " ms");
    }

    @Test
    void aRefusedDeliveryTellsTheHubWhetherTheSignatureWasMissingOrWrong() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        byte[] body = bytes(NOTIFICATION);
        Map<String, List<String>> unsigned = Map.of("Link", List.of("<" + topic + ">; rel=\"self\""));
        Map<String, List<String>> wrong = Map.of("Link", List.of("<" + topic + ">; rel=\"self\""),
                HubSignature.HEADER, List.of(HubSignature.sign("sha256", "guess", body)));
        try (LogCapture log = LogCapture.open()) {
            WebSubSubscriber.Delivery d = subscriber.deliver(wrong::get, body, 1L);
            assertEquals(List.of(403, "invalid X-Hub-Signature"), List.of(d.status(), d.reason()));
            assertFalse(d.accepted());
            assertTrue(log.contains("403: wrong X-Hub-Signature"), log.lines().toString());
        }
        WebSubSubscriber.Delivery d = subscriber.deliver(unsigned::get, body, 1L);
        assertEquals(List.of(403, "missing X-Hub-Signature"), List.of(d.status(), d.reason()));
        WebSubSubscriber.Delivery signed = subscriber.deliver(Map.of("Link", List.of("<" + topic + ">; rel=\"self\""),
                HubSignature.HEADER, List.of(HubSignature.sign("sha256", "s3cret", body)))::get, body, 1L);
        assertTrue(signed.accepted(), signed.toString());
    }

    @Test
    void aDeliveryWithoutATopicLinkGoesToTheOnlySubscription() throws Exception {
        // some hubs send no Link header; with one subscription there is no doubt which topic it is
        String topic = "http://source.example/notify";
        subscriber("", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        Map<String, List<String>> none = Map.of();
        WebSubSubscriber.Delivery d = subscriber.deliver(none::get, bytes(NOTIFICATION), 1L);
        assertEquals(202, d.status(), d.toString());
        assertEquals(URI.create(topic), received.get(0).topic());
        // with two it cannot tell which: refused
        subscriber.subscribe(channel("http://source.example/other"));
        assertEquals(410, subscriber.deliver(none::get, bytes(NOTIFICATION), 1L).status());
        assertEquals(1, received.size());
    }

    @Test
    void stoppingWithNoTimeToWaitReturnsWithoutTheHubsVerification() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        hub.verify(false);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> subscriber.unsubscribeAll(Duration.ZERO));
        assertEquals(1, hub.unsubscribeRequests());
    }

    @Test
    void anInterruptedStopReturnsAndKeepsTheInterrupt() throws Exception {
        String topic = "http://source.example/notify";
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel(topic));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        hub.verify(false);
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread stop = new Thread(() -> {
            subscriber.unsubscribeAll(Duration.ofMinutes(5));
            interruptKept.set(Thread.currentThread().isInterrupted());
        });
        stop.start();
        // waiting for a verification that does not come
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.unsubscribeRequests() == 1
                                                           && stop.getState() == Thread.State.TIMED_WAITING);
        stop.interrupt();
        stop.join(20_000);
        assertFalse(stop.isAlive(), "returned when interrupted");
        assertTrue(interruptKept.get(), "the caller still sees the interrupt");
    }

    @Test
    void aClosedSubscriberListsNoSubscriptions() throws Exception {
        subscriber("s3cret", Duration.ofSeconds(30)).subscribe(channel("http://source.example/notify"));
        await().atMost(Duration.ofSeconds(20)).until(() -> hub.verifications() == 1);
        subscriber.close();
        // what the route's health report shows once it stopped
        assertEquals(List.of(), subscriber.subscriptions());
    }

    @Test
    void closingSaysHowManyRefusalsWereNotLogged() throws Exception {
        assertStopSummarises(() -> subscriber.close());
    }

    @Test
    void unsubscribingSaysHowManyRefusalsWereNotLogged() throws Exception {
        assertStopSummarises(() -> subscriber.unsubscribeAll(Duration.ofMillis(100)));
    }

    private void assertStopSummarises(Runnable stop) throws Exception {
        subscriber("s3cret", Duration.ofSeconds(30));
        try (LogCapture log = LogCapture.open()) {
            for (int i = 0; i < 3; i++) {
                assertEquals(410, hub.forge(callback(), "http://other.example/notify", bytes(NOTIFICATION), null));
            }
            stop.run();
            assertTrue(log.contains("2 more callback requests refused"), log.lines().toString());
        }
    }
}
