package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A small WebSub hub (W3C Recommendation, 2018) on 127.0.0.1, written from the spec and independent of the code under
 * test (it signs with its own HMAC code):
 * <ul>
 * <li>{@code POST /hub} with {@code hub.mode=subscribe|unsubscribe}: answers 202, then verifies intent with a GET to
 * the callback carrying {@code hub.challenge}, which must come back with a 2xx; a subscription lives for its lease;</li>
 * <li>{@code POST /hub} with {@code hub.mode=publish&hub.topic=...}: fetches the topic and distributes it;</li>
 * <li>{@code POST /hub} with any other body and {@code Link: <topic>; rel="self"}: a fat ping, distributed as is;</li>
 * <li>{@code POST /moved-hub}: 307 to {@code /hub} (a hub that moved).</li>
 * </ul>
 * Distribution: a POST per subscriber with {@code Link} rel self and hub, {@code X-Hub-Signature} when the
 * subscription has a secret, retried with exponential backoff on errors, and the subscription dropped on 410. Every
 * publication received is recorded ({@link #publications}). Knobs make it misbehave: never verify, verify with a
 * wrong topic, drop, duplicate or hold back deliveries, answer publications slowly.
 */
public final class TestHub implements AutoCloseable {

    /** One verified subscription. */
    public record Subscription(String topic, URI callback, String secret, long expiresAtMillis) {
    }

    /** A delivery the subscriber accepted, as it went over the wire: what an eavesdropper could capture and replay. */
    public record Sent(URI callback, String topic, byte[] body, String signature) {
    }

    /** One delivery attempt: where to, the answer (or -1 when the connection failed). */
    public record Attempt(URI callback, String topic, int status) {
    }

    /**
     * A publication a publisher made to this hub: a fat ping's topic and payload, or the topic of a
     * {@code hub.mode=publish} (body null: the hub fetches it).
     */
    public record Publication(String topic, byte[] body) {

        /** The payload as text (empty for a {@code hub.mode=publish}). */
        public String text() {
            return body == null ? "" : new String(body, StandardCharsets.UTF_8);
        }
    }

    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService pool = Executors.newScheduledThreadPool(4);
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final List<Attempt> attempts = new CopyOnWriteArrayList<>();
    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private final List<Publication> publications = new CopyOnWriteArrayList<>();
    private final List<Runnable> held = new ArrayList<>();
    private final AtomicInteger subscribeRequests = new AtomicInteger();
    /** {@link System#currentTimeMillis()} at each subscription request's arrival, oldest first */
    private final List<Long> subscribeRequestTimes = new CopyOnWriteArrayList<>();
    private final AtomicInteger unsubscribeRequests = new AtomicInteger();
    private final AtomicInteger verifications = new AtomicInteger();
    /** deliveries handed to the pool (or held) whose last attempt has not yet been answered */
    private final AtomicInteger pending = new AtomicInteger();

    private volatile boolean verify = true;
    private volatile String verifyTopicOverride;
    private volatile String signatureMethod = "sha256";
    private volatile int drop;
    private volatile String dropTopic;
    private volatile boolean duplicate;
    private volatile boolean hold;
    private volatile long answerDelayMillis;
    private volatile int maxLeaseSeconds = 864_000;
    private final int maxAttempts = 5;

    public TestHub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/hub", this::hub);
        server.createContext("/moved-hub", ex -> {
            try (ex) {
                ex.getResponseHeaders().set("Location", uri().toString());
                ex.sendResponseHeaders(307, -1);
            }
        });
        server.start();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hub");
    }

    public URI movedUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/moved-hub");
    }

    /** {@code false}: answer 202 to subscription requests and never verify them. */
    public TestHub verify(boolean v) {
        this.verify = v;
        return this;
    }

    /** Verify subscriptions naming this topic instead of the one asked for (a confused or malicious hub). */
    public TestHub verifyWithTopic(String topic) {
        this.verifyTopicOverride = topic;
        return this;
    }

    /** {@code sha1}, {@code sha256}, {@code sha384} or {@code sha512}. */
    public TestHub signatureMethod(String method) {
        this.signatureMethod = method;
        return this;
    }

    /** Drop the next {@code n} publications (no subscriber hears of them). */
    public TestHub drop(int n) {
        this.drop = n;
        return this;
    }

    /** Drop every publication of this topic (null: none), e.g. to lose only change notifications. */
    public TestHub dropTopic(String topic) {
        this.dropTopic = topic;
        return this;
    }

    /** Deliver every publication twice. */
    public TestHub duplicate(boolean d) {
        this.duplicate = d;
        return this;
    }

    /** Hold deliveries back until {@link #releaseReversed()}. */
    public TestHub hold(boolean h) {
        this.hold = h;
        return this;
    }

    /** Answer each publication only after {@code millis} (a slow hub): the publisher's next one waits for it. */
    public TestHub answerDelay(long millis) {
        this.answerDelayMillis = millis;
        return this;
    }

    /** Largest lease granted. */
    public TestHub maxLeaseSeconds(int s) {
        this.maxLeaseSeconds = s;
        return this;
    }

    /** Sends the held deliveries, newest first (reordered). */
    public void releaseReversed() {
        List<Runnable> copy;
        synchronized (held) {
            copy = new ArrayList<>(held);
            held.clear();
            hold = false;
        }
        for (int i = copy.size() - 1; i >= 0; i--) {
            copy.get(i).run();
        }
    }

    /** A subscription this hub holds without a fresh verification (left over from an earlier run of a subscriber). */
    public void addSubscription(String topic, URI callback, String secret, int leaseSeconds) {
        subscriptions.put(topic + " " + callback, new Subscription(topic, callback, secret,
                System.currentTimeMillis() + leaseSeconds * 1000L));
    }

    public List<Subscription> subscriptions() {
        long now = System.currentTimeMillis();
        return subscriptions.values().stream().filter(s -> s.expiresAtMillis() > now).toList();
    }

    public List<Attempt> attempts() {
        return List.copyOf(attempts);
    }

    /** The publications publishers made (fat pings and {@code hub.mode=publish}), in order of arrival. */
    public List<Publication> publications() {
        return List.copyOf(publications);
    }

    /** The deliveries subscribers accepted (2xx), oldest first. */
    public List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** Sends a captured delivery again, byte for byte with its signature, as an attacker would; the callback's status. */
    public int replay(Sent captured) throws Exception {
        return forge(captured.callback(), captured.topic(), captured.body(), captured.signature());
    }

    public int subscribeRequests() {
        return subscribeRequests.get();
    }

    /** When each subscription request arrived ({@link System#currentTimeMillis()}), oldest first. */
    public List<Long> subscribeRequestTimes() {
        return List.copyOf(subscribeRequestTimes);
    }

    public int unsubscribeRequests() {
        return unsubscribeRequests.get();
    }

    public int verifications() {
        return verifications.get();
    }

    /**
     * Sends a delivery to a callback as a forger would: the given signature header (or none), not through a
     * subscription.
     *
     * @return the callback's status
     */
    public int forge(URI callback, String topic, byte[] body, String signatureHeader) throws Exception {
        return client.send(forgery(callback, topic, body, signatureHeader).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** The request {@link #forge} sends, for a test that adds to it or reads the whole answer. */
    public HttpRequest.Builder forgery(URI callback, String topic, byte[] body, String signatureHeader) {
        HttpRequest.Builder b = HttpRequest.newBuilder(callback).header("Content-Type", "application/xml")
                .header("Link", "<" + topic + ">; rel=\"self\", <" + uri() + ">; rel=\"hub\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (signatureHeader != null) {
            b.header("X-Hub-Signature", signatureHeader);
        }
        return b;
    }

    /** Verifies intent as this hub would, for any topic and mode; returns the callback's status and body. */
    public String[] verifyIntent(URI callback, String mode, String topic, String challenge) throws Exception {
        URI u = URI.create(callback + (callback.getRawQuery() == null ? "?" : "&") + "hub.mode=" + enc(mode)
                           + "&hub.topic=" + enc(topic) + "&hub.challenge=" + enc(challenge)
                           + "&hub.lease_seconds=60");
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(u).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return new String[] { Integer.toString(r.statusCode()), r.body() };
    }

    private void hub(HttpExchange ex) throws IOException {
        try (ex) {
            if (!"POST".equals(ex.getRequestMethod())) {
                answer(ex, 405, "POST only");
                return;
            }
            byte[] body;
            try (InputStream in = ex.getRequestBody()) {
                body = in.readAllBytes();
            }
            String type = ex.getRequestHeaders().getFirst("Content-Type");
            if (type != null && type.startsWith("application/x-www-form-urlencoded")) {
                form(ex, parse(new String(body, StandardCharsets.UTF_8)));
                return;
            }
            String topic = selfLink(ex.getRequestHeaders().get("Link"));
            if (topic == null) {
                answer(ex, 400, "a fat ping needs Link: <topic>; rel=\"self\"");
                return;
            }
            publications.add(new Publication(topic, body));
            delayAnswer();
            publish(topic, body, type == null ? "application/xml" : type);
            answer(ex, 202, "");
        }
    }

    private void form(HttpExchange ex, Map<String, String> f) throws IOException {
        String mode = f.get("hub.mode");
        if ("publish".equals(mode)) {
            String topic = f.getOrDefault("hub.topic", f.get("hub.url"));
            if (topic == null) {
                answer(ex, 400, "hub.topic missing");
                return;
            }
            publications.add(new Publication(topic, null));
            delayAnswer();
            answer(ex, 202, "");
            pending.incrementAndGet();
            pool.execute(() -> {
                try {
                    fetchAndPublish(topic);
                } finally {
                    pending.decrementAndGet();
                }
            });
            return;
        }
        String topic = f.get("hub.topic");
        String callback = f.get("hub.callback");
        if (!"subscribe".equals(mode) && !"unsubscribe".equals(mode) || topic == null || callback == null) {
            answer(ex, 400, "hub.mode, hub.topic and hub.callback are required");
            return;
        }
        if (mode.equals("subscribe")) {
            subscribeRequestTimes.add(System.currentTimeMillis());
        }
        (mode.equals("subscribe") ? subscribeRequests : unsubscribeRequests).incrementAndGet();
        answer(ex, 202, "");
        if (!verify) {
            return;
        }
        int lease = Math.min(maxLeaseSeconds, Integer.parseInt(f.getOrDefault("hub.lease_seconds", "864000")));
        String secret = f.get("hub.secret");
        pool.execute(() -> verifyIntent(mode, topic, URI.create(callback), lease, secret));
    }

    private void delayAnswer() {
        try {
            Thread.sleep(answerDelayMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void verifyIntent(String mode, String topic, URI callback, int lease, String secret) {
        String challenge = UUID.randomUUID().toString();
        String named = verifyTopicOverride != null ? verifyTopicOverride : topic;
        URI u = URI.create(callback + (callback.getRawQuery() == null ? "?" : "&") + "hub.mode=" + enc(mode)
                           + "&hub.topic=" + enc(named) + "&hub.challenge=" + enc(challenge)
                           + (mode.equals("subscribe") ? "&hub.lease_seconds=" + lease : ""));
        try {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(u).timeout(Duration.ofSeconds(5)).GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            boolean confirmed = r.statusCode() / 100 == 2 && challenge.equals(r.body());
            if (!confirmed) {
                return;
            }
            verifications.incrementAndGet();
            String key = named + " " + callback;
            if (mode.equals("subscribe")) {
                subscriptions.put(key, new Subscription(named, callback, secret,
                        System.currentTimeMillis() + lease * 1000L));
            } else {
                subscriptions.remove(key);
            }
        } catch (Exception e) {
            // not verified: no subscription
        }
    }

    private void fetchAndPublish(String topic) {
        try {
            HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(topic)).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() == 200) {
                publish(topic, r.body(), r.headers().firstValue("Content-Type").orElse("application/xml"));
            }
        } catch (Exception e) {
            // the topic cannot be fetched: nothing to distribute
        }
    }

    private void publish(String topic, byte[] body, String type) {
        synchronized (this) {
            if (topic.equals(dropTopic)) {
                return;
            }
            if (drop > 0) {
                drop--;
                return;
            }
        }
        long now = System.currentTimeMillis();
        for (Subscription s : List.copyOf(subscriptions.values())) {
            if (!s.topic().equals(topic) || s.expiresAtMillis() <= now) {
                continue; // expired leases get nothing
            }
            Runnable send = () -> deliver(s, body, type, 1);
            for (int copies = duplicate ? 2 : 1; copies > 0; copies--) {
                pending.incrementAndGet();
                synchronized (held) {
                    if (hold) {
                        held.add(send);
                        continue;
                    }
                }
                pool.execute(send);
            }
        }
    }

    private void deliver(Subscription s, byte[] body, String type, int attempt) {
        HttpRequest.Builder b = HttpRequest.newBuilder(s.callback()).timeout(Duration.ofSeconds(5))
                .header("Content-Type", type)
                .header("Link", "<" + s.topic() + ">; rel=\"self\", <" + uri() + ">; rel=\"hub\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        String signature = s.secret() == null ? null
                : signatureMethod + "=" + hmac(signatureMethod, s.secret(), body);
        if (signature != null) {
            b.header("X-Hub-Signature", signature);
        }
        int status;
        try {
            status = client.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            status = -1;
        }
        attempts.add(new Attempt(s.callback(), s.topic(), status));
        if (status / 100 == 2) {
            sent.add(new Sent(s.callback(), s.topic(), body, signature));
        }
        if (status == 410) {
            subscriptions.remove(s.topic() + " " + s.callback());
        } else if (status / 100 != 2 && attempt < maxAttempts) {
            long backoff = 50L << (attempt - 1);
            pool.schedule(() -> deliver(s, body, type, attempt + 1), backoff, TimeUnit.MILLISECONDS);
            return;
        }
        pending.decrementAndGet();
    }

    /**
     * Returns once every publication this hub accepted so far has been delivered (its subscribers answered, or it
     * was given up): a barrier for "nothing more arrives by push". Held deliveries count until released.
     */
    public void awaitDelivered() {
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> pending.get() == 0);
    }

    private static String hmac(String method, String secret, byte[] body) {
        String alg = switch (method) {
            case "sha1" -> "HmacSHA1";
            case "sha384" -> "HmacSHA384";
            case "sha512" -> "HmacSHA512";
            default -> "HmacSHA256";
        };
        try {
            Mac mac = Mac.getInstance(alg);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), alg));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String selfLink(List<String> links) {
        if (links == null) {
            return null;
        }
        for (String header : links) {
            for (String part : header.split(",")) {
                if (part.contains("rel=\"self\"") || part.contains("rel=self")) {
                    int a = part.indexOf('<');
                    int z = part.indexOf('>');
                    if (a >= 0 && z > a) {
                        return part.substring(a + 1, z);
                    }
                }
            }
        }
        return null;
    }

    private static Map<String, String> parse(String form) {
        Map<String, String> m = new HashMap<>();
        for (String pair : form.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                m.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return m;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static void answer(HttpExchange ex, int status, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
        if (b.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return; // a test took the hub away; the test's cleanup closes it again
        }
        closed = true;
        server.stop(0);
        pool.shutdownNow();
    }

    private boolean closed;
}
