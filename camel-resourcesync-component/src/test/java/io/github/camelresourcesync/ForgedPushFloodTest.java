package io.github.camelresourcesync;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RawHttp;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A flood of forged deliveries against a push callback that has a {@code pushSecret}: 10,000 unsigned or wrongly
 * signed change notifications, each for a real change of the Source. Every one is refused with 403, none becomes an
 * event or moves the state, and the route still takes a real, signed notification and a polled change afterwards.
 */
class ForgedPushFloodTest {

    private static final String SECRET = "flood-test-secret";
    private static final int FORGERIES = 10_000;

    @TempDir
    Path tmp;

    private TestHub hub;
    private TestSource source;
    private HubClient hubClient;
    private CamelContext context;
    private ResourceSyncConsumer consumer;
    private final List<String> bodies = new CopyOnWriteArrayList<>();

    @BeforeEach
    void subscribe() throws Exception {
        hub = new TestHub();
        source = new TestSource().hub(hub.uri()).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        hubClient = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY));
        context = new DefaultCamelContext();
        int port = TestContexts.platformHttpOnFreePort(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=3600000&initialDelay=0&push=true&stateDirectory="
                     + tmp.resolve("state") + "&pushCallbackUrl=http://127.0.0.1:" + port + "&pushSecret=" + SECRET)
                        .routeId("sync")
                        .process(e -> bodies.add(new String(e.getIn().getBody(byte[].class), StandardCharsets.UTF_8)))
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
        consumer = (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
        await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 2 && hub.subscriptions().size() == 2);
    }

    @AfterEach
    void stop() throws Exception {
        context.stop();
        hubClient.close();
        source.close();
        hub.close();
    }

    @Test
    void tenThousandForgedDeliveriesAreRefusedAndChangeNothing() throws Exception {
        URI callback = consumer.push().callback();
        String topic = source.changeTopic().toString();
        source.change("/res/a.txt", "forged change");
        byte[] payload = source.changeNotification(1);
        Map<String, String> resumePoints = consumer.getResumePoints();
        List<String> signatures = new ArrayList<>();
        signatures.add(null); // unsigned
        signatures.add("sha256=" + "00".repeat(32));
        signatures.add("sha256=");
        signatures.add("md5=abcd");
        signatures.add("sha256");
        signatures.add(io.github.camelresourcesync.notify.HubSignature.sign("sha256", "guessed-secret", payload));
        signatures.add(io.github.camelresourcesync.notify.HubSignature.sign("sha1", SECRET + "x", payload));
        signatures.add(io.github.camelresourcesync.notify.HubSignature.sign("sha512", SECRET.toUpperCase(java.util.Locale.ROOT), payload));
        ExecutorService senders = Executors.newFixedThreadPool(4);
        try {
            List<Future<int[]>> parts = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int first = t;
                parts.add(senders.submit(() -> {
                    int[] statuses = new int[600];
                    for (int i = first; i < FORGERIES; i += 4) {
                        statuses[hub.forge(callback, topic, payload, signatures.get(i % signatures.size()))]++;
                    }
                    return statuses;
                }));
            }
            int refused = 0;
            for (Future<int[]> part : parts) {
                int[] statuses = part.get();
                refused += statuses[403];
                for (int s = 0; s < statuses.length; s++) {
                    assertTrue(s == 403 || statuses[s] == 0, statuses[s] + " forgeries answered " + s);
                }
            }
            assertEquals(FORGERIES, refused);
        } finally {
            senders.shutdownNow();
        }
        Polls.awaitQueuedPasses(consumer); // a pass a forgery had woken would have run by now
        assertEquals(2, bodies.size(), () -> "a forgery became an event: " + bodies);
        assertEquals(resumePoints, consumer.getResumePoints(), "the state did not move");

        // the real notification of the same change is taken, and polling still works
        new WebSubPublisher(hub.uri(), hubClient).publish(source.changeTopic(), source.changeNotification(1));
        await().atMost(Polls.TIMEOUT).until(() -> bodies.size() == 3);
        assertEquals("forged change", bodies.get(2));
        source.change("/res/b.txt", "bravo 2");
        consumer.run();
        assertEquals(List.of("alpha", "bravo", "forged change", "bravo 2"), bodies);
        assertMirrors(source.snapshot(), tmp.resolve("mirror"));
    }

    /**
     * A refused delivery is answered with its reason as plain text and nothing of the request: the forger's headers
     * (the signature it tried among them) are not sent back, as Camel would with the exchange's headers left in.
     */
    @Test
    void aRefusedDeliveryIsAnsweredWithItsReasonAndNoneOfTheRequestsHeaders() throws Exception {
        URI callback = consumer.push().callback();
        String forged = "sha256=" + "00".repeat(32);
        HttpResponse<String> answer = HttpClient.newHttpClient().send(hub.forgery(callback,
                source.changeTopic().toString(), source.changeNotification(1), forged).header("X-Probe", "echo-me")
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, answer.statusCode());
        assertTrue(answer.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"),
                () -> "Content-Type: " + answer.headers().map());
        assertTrue(answer.body().contains("X-Hub-Signature"), () -> "the reason: " + answer.body());
        for (String echoed : List.of("X-Hub-Signature", "X-Probe", "Link")) {
            assertTrue(answer.headers().firstValue(echoed).isEmpty(), () -> echoed + " sent back: " + answer.headers().map());
        }
    }

    // DEFECT (ResourceSyncPush.handle, owned by the push work): the callback has no cap of its own; it takes every
    // delivery whole as a byte[] (in.getBody(byte[].class)) before the signature is checked. platform-http's Vert.x
    // BodyHandler buffers up to 10 MiB by default (413 above, but only after reading the connection to its end), so
    // an unsigned 8 MiB POST is read and held whole before the 403. Needs a cap near a notification's size enforced
    // while reading (or the signature header checked before the body is read). platform-http's useStreaming=true does
    // not help (4.18: its StreamingHttpRequestBodyHandler copies the whole body into a CachedOutputStream before the
    // processor runs); a fix needs a handler of our own on the Vert.x router ahead of platform-http's body handler.
    // Enable once fixed.
    @Disabled("defect: the push callback reads a forged body whole (up to platform-http's 10 MiB) before refusing it")
    @Test
    void aForgedBodyFarLargerThanAnyNotificationIsRefusedWithoutBeingReadWhole() throws Exception {
        URI callback = consumer.push().callback();
        // under platform-http's own limit (Vert.x BodyHandler, 10 MiB by default: 413 above it, after draining the
        // connection to the end), and a thousand times a notification
        long size = 8L * 1024 * 1024;
        AtomicLong written = new AtomicLong();
        byte[] head = ("POST " + callback.getRawPath() + " HTTP/1.1\r\nHost: 127.0.0.1:" + callback.getPort()
                       + "\r\nContent-Type: application/xml\r\nLink: <" + source.changeTopic() + ">; rel=\"self\", <"
                       + hub.uri() + ">; rel=\"hub\"\r\nX-Hub-Signature: sha256=" + "00".repeat(32)
                       + "\r\nContent-Length: " + size + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        RawHttp.Response answer = RawHttp.send(callback.getPort(), head, out -> {
            byte[] block = new byte[64 * 1024];
            while (written.get() < size) {
                out.write(block);
                written.addAndGet(block.length);
            }
        });
        assertTrue(answer.status() == 403 || answer.status() == 413, answer.text());
        assertTrue(written.get() < size / 2, "the callback read " + written + " of " + size + " bytes of a forgery");
        assertEquals(2, bodies.size());
    }
}
