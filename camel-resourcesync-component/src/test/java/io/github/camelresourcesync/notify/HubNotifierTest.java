package io.github.camelresourcesync.notify;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link HubNotifier} against a loopback hub that fails on demand. */
class HubNotifierTest {

    private static final URI TOPIC = URI.create("http://source.example/notification/changelist.xml");

    private HttpServer server;
    private final AtomicInteger failuresLeft = new AtomicInteger();
    /** set: the hub holds every request until it opens (a slow hub) */
    private volatile CountDownLatch holdRequests;
    private final AtomicInteger requests = new AtomicInteger();
    /** when each request reached the hub ({@link System#nanoTime}) */
    private final List<Long> arrivals = new CopyOnWriteArrayList<>();
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    private final List<String> links = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private HubNotifier notifier;

    @BeforeEach
    void startHub() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hub", ex -> {
            try (ex; InputStream in = ex.getRequestBody()) {
                byte[] b = in.readAllBytes();
                arrivals.add(System.nanoTime());
                requests.incrementAndGet();
                CountDownLatch hold = holdRequests;
                if (hold != null) {
                    try {
                        hold.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (failuresLeft.getAndDecrement() > 0) {
                    ex.sendResponseHeaders(503, -1);
                    return;
                }
                bodies.add(b);
                links.add(ex.getRequestHeaders().getFirst("Link"));
                ex.sendResponseHeaders(202, -1);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        CountDownLatch hold = holdRequests;
        if (hold != null) {
            hold.countDown();
        }
        if (notifier != null) {
            notifier.close(Duration.ofSeconds(1));
        }
        executor.shutdownNow();
        server.stop(0);
    }

    private URI hub() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hub");
    }

    private HubNotifier notifier(HubNotifier.Mode mode, int attempts, HubNotifier.TopicDocuments docs) {
        return notifier(mode, 100, attempts, Duration.ofMillis(5), Duration.ofMillis(20), docs);
    }

    private HubNotifier notifier(HubNotifier.Mode mode, int queueSize, int attempts, Duration retryDelay,
                                 Duration maxRetryDelay, HubNotifier.TopicDocuments docs) {
        notifier = new HubNotifier(config(mode, queueSize, attempts, retryDelay, maxRetryDelay), publisher(), docs,
                executor);
        return notifier;
    }

    private static HubNotifier.Config config(HubNotifier.Mode mode, int queueSize, int attempts, Duration retryDelay,
                                             Duration maxRetryDelay) {
        return new HubNotifier.Config(mode, queueSize, attempts, retryDelay, maxRetryDelay,
                URI.create("http://source.example/capabilitylist.xml"));
    }

    private WebSubPublisher publisher() {
        return new WebSubPublisher(hub(), new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY)));
    }

    private static Entry change(String name, int second) {
        return new Entry(URI.create("http://source.example/" + name), null, new Metadata(null, null, null, null, null,
                Instant.parse("2026-01-01T00:00:00Z").plusSeconds(second), null, "updated", null, 5L, null, null,
                null), null, false);
    }

    @Test
    void retriesWithBackoffThenPostsAChangeNotificationWithLinkHeaders() throws Exception {
        failuresLeft.set(2);
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 3, null);
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1)));
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().posted() == 1);
        assertEquals(2, n.stats().failedPosts());
        assertEquals(0, n.stats().givenUp());
        assertEquals("<" + TOPIC + ">; rel=\"self\", <" + hub() + ">; rel=\"hub\"", links.get(0));
        Notification parsed = new NotificationParser(new SitemapReader(1000)).parse(bodies.get(0), TOPIC, 0);
        assertTrue(parsed.isChangeNotification());
        assertEquals(List.of(change("a", 1)), parsed.entries());
        assertTrue(new String(bodies.get(0), StandardCharsets.UTF_8).contains("rel=\"up\""));
    }

    @Test
    void eachRetryWaitsItsBackoffBeforePostingAgain() {
        failuresLeft.set(2);
        // jitter fixed near its top: the first retry waits 594 ms, the second (doubled) 1,188 ms; without the wait
        // the posts follow as fast as the hub answers
        notifier = new HubNotifier(config(HubNotifier.Mode.FAT_PING, 100, 3, Duration.ofMillis(600),
                Duration.ofSeconds(5)), publisher(), null, executor, () -> 0.99);
        notifier.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> notifier.stats().posted() == 1);
        assertEquals(3, arrivals.size());
        // lower bounds only: a scheduled retry is never early, however slow the machine
        long first = TimeUnit.NANOSECONDS.toMillis(arrivals.get(1) - arrivals.get(0));
        long second = TimeUnit.NANOSECONDS.toMillis(arrivals.get(2) - arrivals.get(1));
        assertTrue(first >= 590, "first retry after " + first + " ms, expected at least 594 ms");
        assertTrue(second >= 1180, "second retry after " + second + " ms, expected at least 1,188 ms");
    }

    @Test
    void givesUpAfterTheLastAttemptAndCarriesOn() {
        failuresLeft.set(2);
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 2, null);
        n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().givenUp() == 1);
        n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("b", 2));
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().posted() == 1);
        assertEquals(2, n.stats().failedPosts());
    }

    @Test
    void publishModeWritesTheTopicDocumentThenPings() throws Exception {
        Map<URI, byte[]> docs = new ConcurrentHashMap<>();
        HubNotifier n = notifier(HubNotifier.Mode.PUBLISH, 1, docs::put);
        n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1));
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().posted() == 1);
        String form = new String(bodies.get(0), StandardCharsets.UTF_8);
        assertTrue(form.contains("hub.mode=publish"), form);
        assertTrue(form.contains("hub.topic=" + java.net.URLEncoder.encode(TOPIC.toString(), StandardCharsets.UTF_8)));
        Notification parsed = new NotificationParser(new SitemapReader(1000))
                .parse(new ByteArrayInputStream(docs.get(TOPIC)).readAllBytes(), TOPIC, 0);
        assertEquals(List.of(change("a", 1)), parsed.entries());
    }

    @Test
    void entriesOfferedTogetherGoOutInOneNotification() throws Exception {
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 1, null);
        for (int i = 0; i < 20; i++) {
            assertTrue(n.offer(TOPIC, Capability.FRAMEWORK_NOTIFICATION,
                    List.of(change("closed-" + i, i), change("opened-" + i, i))));
        }
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().entriesPosted() == 40);
        for (byte[] body : bodies) {
            List<Entry> entries = new NotificationParser(new SitemapReader(1000)).parse(body, TOPIC, 0).entries();
            assertEquals(0, entries.size() % 2, "a pair split over two notifications: " + entries);
            for (int e = 0; e < entries.size(); e += 2) {
                assertEquals(entries.get(e).loc().toString().replace("closed-", "opened-"),
                        entries.get(e + 1).loc().toString());
            }
        }
    }

    @Test
    void aFullQueueDropsAndCountsWithoutWaitingThenTheQueuedOnesGoOutTogether() throws Exception {
        holdRequests = new CountDownLatch(1);
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 2, 1, Duration.ofMillis(5), Duration.ofMillis(20), null);
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1)));
        await().atMost(60, TimeUnit.SECONDS).until(() -> requests.get() == 1); // the worker waits on the hub
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("b", 2)));
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("c", 3)));
        try (LogCapture log = LogCapture.open()) {
            assertFalse(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("d", 4)), "the queue holds two");
            assertFalse(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("e", 5)));
            // the first drop is logged, then every thousandth: a flood of changes does not flood the log
            assertEquals(1, fullLines(log), log.lines().toString());
            for (int i = 3; i <= 1000; i++) {
                assertFalse(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("f", i)));
            }
            assertEquals(2, fullLines(log), log.lines().toString());
            assertTrue(log.contains("1000 notifications dropped so far"), log.lines().toString());
        }
        assertEquals(1000, n.stats().dropped());
        assertEquals(2, n.stats().queued());
        holdRequests.countDown();
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().entriesPosted() == 3);
        assertEquals(2, n.stats().posted(), "a, then b and c merged into one notification");
        assertEquals(List.of(change("b", 2), change("c", 3)),
                new NotificationParser(new SitemapReader(1000)).parse(bodies.get(1), TOPIC, 0).entries());
    }

    private static long fullLines(LogCapture log) {
        return log.lines().stream().filter(l -> l.contains("is full")).count();
    }

    @Test
    void closingPostsWhatIsQueuedWithinTheDrainTime() throws Exception {
        holdRequests = new CountDownLatch(1);
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 1, null);
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1)));
        await().atMost(60, TimeUnit.SECONDS).until(() -> requests.get() == 1); // the worker waits on the hub
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("b", 2)));
        try (LogCapture log = LogCapture.open()) {
            Thread closing = new Thread(() -> n.close(Duration.ofSeconds(60)));
            closing.start();
            await().atMost(60, TimeUnit.SECONDS).until(() -> closing.getState() == Thread.State.TIMED_WAITING);
            holdRequests.countDown(); // the hub answers once the stop has begun
            closing.join(60_000);
            assertEquals(new HubNotifier.Stats(2, 2, 0, 0, 0, 0), n.stats(), "b still went out");
            assertFalse(log.contains("not sent before shutdown"), "nothing left behind: " + log.lines());
        }
    }

    @Test
    void closeStopsTakingNotifications() {
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 1, null);
        n.close();
        assertFalse(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1)));
    }

    @Test
    void anInterruptedCloseReturnsAndKeepsTheInterrupt() throws Exception {
        holdRequests = new CountDownLatch(1);
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 1, null);
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1)));
        await().atMost(60, TimeUnit.SECONDS).until(() -> requests.get() == 1); // the worker waits on the hub
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread closing = new Thread(() -> {
            n.close(Duration.ofMinutes(5));
            interruptKept.set(Thread.currentThread().isInterrupted());
        });
        closing.start();
        await().atMost(60, TimeUnit.SECONDS).until(() -> closing.getState() == Thread.State.TIMED_WAITING);
        closing.interrupt();
        closing.join(60_000);
        assertFalse(closing.isAlive(), "returned when interrupted");
        assertTrue(interruptKept.get(), "the caller still sees the interrupt");
    }

    @Test
    void closingGivesUpWhatIsQueuedAndCountsIt() throws Exception {
        failuresLeft.set(Integer.MAX_VALUE);
        // retries wait up to ten minutes: the worker is asleep between attempts when the stop comes
        HubNotifier n = notifier(HubNotifier.Mode.FAT_PING, 100, 1000, Duration.ofMinutes(10), Duration.ofMinutes(10),
                null);
        assertTrue(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("a", 1)));
        await().atMost(60, TimeUnit.SECONDS).until(() -> n.stats().failedPosts() >= 1);
        // two more topics: whether the stop finds them queued or (after a short retry wait) sends and gives up
        // each, they count one each
        assertTrue(n.offer(URI.create("http://source.example/notification/b.xml"), Capability.CHANGELIST_NOTIFICATION,
                change("b", 2)));
        assertTrue(n.offer(URI.create("http://source.example/notification/c.xml"), Capability.CHANGELIST_NOTIFICATION,
                change("c", 3)));
        n.close(Duration.ofSeconds(5));
        HubNotifier.Stats s = n.stats();
        assertEquals(0, s.queued(), s.toString());
        assertEquals(3, s.givenUp(), "the one between its retries and the two queued, none lost uncounted: " + s);
        assertEquals(0, s.posted());
        assertFalse(n.offer(TOPIC, Capability.CHANGELIST_NOTIFICATION, change("d", 4)), "closed: refused");
        assertEquals(0, n.stats().queued());
    }
}
