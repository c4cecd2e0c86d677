package io.github.camelresourcesync;

import io.github.camelresourcesync.component.publish.PublishEndpoint;
import io.github.camelresourcesync.component.publish.PublisherPush;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.ResourceSyncConsumer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.notify.HubNotifier;
import io.github.camelresourcesync.notify.HubSignature;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Causes;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.DirectoryServer;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHub;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Push from the Source side, end to end on loopback: a route publishes events through {@code resourcesync-publish:}
 * into a directory served by a static web server; the publisher notifies a WebSub hub ({@link TestHub}); a
 * {@code resourcesync:} consumer with {@code push=true} finds the channels in the published Capability List,
 * subscribes through the hub and harvests. The consumer's own delay is an hour: polls are driven by the test, so what
 * came by push and what by polling is unambiguous.
 */
class PublisherPushTest extends CamelTestSupport {

    private static final Logger LOG = LoggerFactory.getLogger(PublisherPushTest.class);
    private static final String SECRET = "s3cret-for-tests";
    private static final String ORIGIN = "http://origin.example.org/res/";

    @TempDir
    Path tmp;

    private TestHub hub;
    private DirectoryServer site;
    private Path siteDir;
    private int httpPort;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Exchange> events = new CopyOnWriteArrayList<>();

    @Override
    protected void doPreSetup() throws Exception {
        hub = new TestHub();
        siteDir = tmp.resolve("site");
        Files.createDirectories(siteDir);
        site = new DirectoryServer(siteDir);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        httpPort = TestContexts.platformHttpOnFreePort(context);
        context.getRegistry().bind("store", store);
        return context;
    }

    @AfterEach
    void stopServers() {
        context.stop(); // unsubscribes while the hub is still there
        site.close();
        hub.close();
    }

    private String publishUri(URI hubUri, String options) {
        return "resourcesync-publish:" + siteDir + "?baseUrl=" + site.base()
               // flushSize=1: each change is listed (and announced) as its exchange completes
               + "&storeContent=true&resourceListInterval=0&flushSize=1&pushHub=" + hubUri + options;
    }

    private void startPublisher(String uri) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:publish").routeId("publish").to(uri);
            }
        });
    }

    private boolean publish(String name, String body) {
        Map<String, Object> headers = new HashMap<>();
        headers.put(ResourceSyncConstants.LOCATION, ORIGIN + name);
        Exchange done = template.request("direct:publish", e -> {
            e.getIn().setHeaders(headers);
            e.getIn().setBody(body.getBytes(StandardCharsets.UTF_8));
        });
        if (done.getException() != null) {
            throw new AssertionError("publishing failed", done.getException());
        }
        return done.getMessage().getHeader(ResourceSyncConstants.PUBLISHED, Boolean.class);
    }

    private ResourceSyncConsumer startConsumer() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + site.base() + ".well-known/resourcesync?stateStore=#store&delay=3600000"
                     + "&initialDelay=0&push=true&pushSecret=" + SECRET + "&pushCallbackUrl=http://127.0.0.1:"
                     + httpPort)
                        .routeId("sync")
                        .process(e -> {
                            LOG.info("event {} {} {}", capability(e),
                                    e.getIn().getHeader(ResourceSyncConstants.EVENT_ID), text(e));
                            events.add(e.copy());
                        });
            }
        });
        return (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
    }

    /**
     * Waits for the baseline and both subscriptions, then polls once more: the first Change List read after a
     * baseline repeats the change at the Resource List's {@code at} (the consumer reads that boundary inclusively).
     *
     * @return the number of events so far
     */
    private int settle(ResourceSyncConsumer consumer, int resources) {
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= resources
                                                         && hub.subscriptions().size() == 2);
        consumer.run();
        return events.size();
    }

    private URI changeTopic() {
        return site.base().resolve(PublisherPush.CHANGE_TOPIC);
    }

    private URI frameworkTopic() {
        return site.base().resolve(PublisherPush.FRAMEWORK_TOPIC);
    }

    private static String capability(Exchange e) {
        return e.getIn().getHeader(ResourceSyncConstants.CAPABILITY, String.class);
    }

    private static String text(Exchange e) {
        byte[] b = e.getIn().getBody(byte[].class);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** What the destination holds now: the body of the last event per resource. */
    private Map<String, String> mirrored() {
        Map<String, String> m = new HashMap<>();
        for (Exchange e : events) {
            String loc = e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class);
            m.put(loc.substring(loc.lastIndexOf('/') + 1), text(e));
        }
        return m;
    }

    private HubNotifier.Stats stats(String uri) {
        return context.getEndpoint(uri, PublishEndpoint.class).publisherPushStats();
    }

    /** The "What it must show", through the publisher. */
    @Test
    void subscribedDestinationGetsPublishedChangesAtOnceRefusesForgeriesAndConvergesByPolling() throws Exception {
        String uri = publishUri(hub.uri(), "");
        startPublisher(uri);
        assertTrue(publish("a.txt", "alpha"));
        assertTrue(publish("b.txt", "bravo"));
        String capabilityList = Files.readString(siteDir.resolve("capabilitylist.xml"));
        assertTrue(capabilityList.contains("<loc>" + changeTopic() + "</loc>"), capabilityList);
        assertTrue(capabilityList.contains("capability=\"changelist-notification\""), capabilityList);
        assertTrue(capabilityList.contains("capability=\"framework-notification\""), capabilityList);
        assertTrue(capabilityList.contains("rel=\"hub\" href=\"" + hub.uri() + "\""), capabilityList);

        // the destination has only push=true, a callback and a secret: channels come from the Capability List
        ResourceSyncConsumer consumer = startConsumer();
        int base = settle(consumer, 2);
        assertEquals(List.of(changeTopic().toString(), frameworkTopic().toString()),
                hub.subscriptions().stream().map(TestHub.Subscription::topic).sorted().toList());

        // a published change reaches the route through the hub; the first one pays for connections
        for (int i = 1; i <= 5; i++) {
            long t0 = System.nanoTime();
            assertTrue(publish("a.txt", "alpha, version " + i));
            long published = System.nanoTime();
            int want = base + i;
            // the route polls once an hour and the test drives no poll here: arriving at all, it came by push
            await().pollInterval(Duration.ofMillis(1)).atMost(Polls.TIMEOUT).until(() -> events.size() >= want);
            long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0);
            LOG.info("Publisher-to-exchange latency through the hub, change {}: {} us ({} us of it publishing)", i,
                    micros, TimeUnit.NANOSECONDS.toMicros(published - t0));
            Exchange pushed = events.get(want - 1);
            assertEquals("changelist-notification", capability(pushed));
            assertEquals("alpha, version " + i, text(pushed));
        }
        await().atMost(60, TimeUnit.SECONDS).until(() -> stats(uri).posted() >= 5);

        // forged deliveries (a genuine payload, unsigned or signed with a guessed secret) are refused
        URI callback = consumer.push().callback();
        assertTrue(publish("a.txt", "alpha 6"));
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= base + 6);
        byte[] payload = Files.readAllBytes(siteDir.resolve(PublisherPush.CHANGE_TOPIC));
        assertEquals(403, hub.forge(callback, changeTopic().toString(), payload, null));
        assertEquals(403, hub.forge(callback, changeTopic().toString(), payload,
                HubSignature.sign("sha256", "guess", payload)));
        Polls.awaitQueuedPasses(consumer); // a pass a forgery had woken would have run by now
        assertEquals(base + 6, events.size());

        // the next poll lists the same changes: none delivered twice
        consumer.run();
        assertEquals(base + 6, events.size());

        // the hub drops a notification: the change still arrives, by polling
        hub.drop(1);
        long posted = stats(uri).posted();
        assertTrue(publish("c.txt", "charlie"));
        await().atMost(Polls.TIMEOUT).until(() -> stats(uri).posted() > posted); // the hub took it, and dropped it
        hub.awaitDelivered();
        Polls.awaitQueuedPasses(consumer);
        assertEquals(base + 6, events.size());
        consumer.run();
        assertEquals(base + 7, events.size());
        assertEquals("changelist", capability(events.get(base + 6)));
        assertEquals(Map.of("a.txt", "alpha 6", "b.txt", "bravo", "c.txt", "charlie"), mirrored());
        List<Exchange> incremental = events.subList(base, events.size());
        assertEquals(incremental.size(), incremental.stream()
                .map(e -> e.getIn().getHeader(ResourceSyncConstants.EVENT_ID)).distinct().count());
    }

    @Test
    void frameworkNotificationOfARotationTriggersAnImmediateRead() throws Exception {
        startPublisher(publishUri(hub.uri(), "&changeListSize=2"));
        publish("a.txt", "alpha");
        publish("b.txt", "bravo");
        int base = settle(startConsumer(), 2);

        // change notifications are lost; only the framework notification of the rotation gets through
        hub.dropTopic(changeTopic().toString());
        long t0 = System.nanoTime();
        // the publisher closes a full list (the timer does, at once): the list a and b filled was closed before
        // the consumer subscribed, so c and d fill the next one, whose closing is what gets announced
        publish("c.txt", "charlie");
        publish("d.txt", "delta");
        // read at once, not at the next poll: the route polls once an hour and the test drives no poll here
        await().pollInterval(Duration.ofMillis(1)).atMost(Polls.TIMEOUT)
                .until(() -> events.size() >= base + 1);
        long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0);
        LOG.info("Rotation-to-exchange latency (framework notification, then a read): {} us", micros);
        assertEquals("changelist", capability(events.get(base)));
        assertEquals("charlie", text(events.get(base)));

        String framework = Files.readString(siteDir.resolve(PublisherPush.FRAMEWORK_TOPIC));
        assertTrue(framework.contains("capability=\"framework-notification\""), framework);
        assertTrue(framework.contains("changelists/changelist-00002.xml"), framework);
        assertTrue(framework.contains("change=\"created\""), framework);
        assertTrue(framework.contains("rel=\"index\" href=\"" + site.base() + "changelist.xml\""), framework);
    }

    @Test
    void hubsThatFetchTheTopicGetThemWithHubModePublish() throws Exception {
        startPublisher(publishUri(hub.uri(), "&pushMode=publish"));
        publish("a.txt", "alpha");
        int base = settle(startConsumer(), 1);
        long t0 = System.nanoTime();
        publish("b.txt", "bravo");
        await().pollInterval(Duration.ofMillis(1)).atMost(60, TimeUnit.SECONDS)
                .until(() -> events.size() >= base + 1);
        LOG.info("Publisher-to-exchange latency, hub.mode=publish (the hub fetches the topic): {} us",
                TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0));
        assertEquals("changelist-notification", capability(events.get(base)));
        assertEquals("bravo", text(events.get(base)));
    }

    @Test
    void publishingWorksWhileTheHubIsDownAndTheDestinationConvergesByPolling() throws Exception {
        URI down;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            down = URI.create("http://127.0.0.1:" + s.getLocalPort() + "/hub");
        }
        String uri = publishUri(down, "&pushRetries=2&pushRetryDelay=10");
        try (LogCapture log = LogCapture.open()) {
            startPublisher(uri);
            assertTrue(publish("a.txt", "alpha"));
            ResourceSyncConsumer consumer = startConsumer();
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 1);
            assertTrue(publish("b.txt", "bravo"));
            assertTrue(publish("a.txt", "alpha 2"));
            consumer.run();
            assertEquals(Map.of("a.txt", "alpha 2", "b.txt", "bravo"), mirrored());

            // each notification was tried three times (first attempt and two retries), then given up and counted
            await().atMost(60, TimeUnit.SECONDS).until(() -> {
                HubNotifier.Stats s = stats(uri);
                return s.queued() == 0 && s.givenUp() >= 2 && s.failedPosts() == 3 * s.givenUp();
            });
            assertEquals(0, stats(uri).posted());
            assertTrue(log.contains("Gave up notifying hub", down.toString(), "after 3 attempts"), log.lines()
                    .toString());
        }
    }

    @Test
    void misconfiguredPushIsRefusedAtStartWithAMessage() throws Exception {
        Exception mode = assertThrows(Exception.class,
                () -> startPublisher(publishUri(hub.uri(), "&pushMode=fat")));
        assertTrue(Causes.rootMessage(mode).contains("pushMode is 'fat', expected fatPing or publish"), Causes.rootMessage(mode));
        context.removeRoute("publish");
        Exception topic = assertThrows(Exception.class, () -> startPublisher(publishUri(hub.uri(),
                "&pushMode=publish&pushChangeTopic=http://elsewhere.example/topic")));
        assertTrue(Causes.rootMessage(topic).contains("must lie under baseUrl"), Causes.rootMessage(topic));
    }


    @Test
    void aHangingHubNeverHoldsUpPublishing() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HttpServer stuck = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stuck.setExecutor(Executors.newCachedThreadPool());
        stuck.createContext("/hub", ex -> {
            try (ex) {
                release.await(30, TimeUnit.SECONDS);
                ex.sendResponseHeaders(202, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stuck.start();
        String uri = publishUri(URI.create("http://127.0.0.1:" + stuck.getAddress().getPort() + "/hub"),
                "&pushQueueSize=3&connectTimeout=30000");
        try {
            startPublisher(uri);
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                for (int i = 0; i < 20; i++) {
                    assertTrue(publish("r" + i + ".txt", "body " + i));
                }
            });
            HubNotifier.Stats s = stats(uri);
            // one notification in flight at the stuck hub, three queued: most of the rest were dropped, not waited for
            assertTrue(s.dropped() >= 10, s.toString());
            assertTrue(s.queued() <= 3, s.toString());
        } finally {
            release.countDown();
            stuck.stop(0);
        }
    }
}
