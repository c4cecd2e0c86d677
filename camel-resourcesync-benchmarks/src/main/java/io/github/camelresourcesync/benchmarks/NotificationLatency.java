package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.notify.HubSignature;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServerConfiguration;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Push latency: from the hub's delivery POST to the exchange reaching the route. A Source of small resources is
 * served on 127.0.0.1 (nginx or the JDK server, as in the fetching benchmark); this program plays the WebSub hub: it
 * verifies the route's subscription, then delivers signed change notifications (one change each, sha256 signature)
 * to the callback the route serves through platform-http (Vert.x), one at a time. Each notification becomes an
 * exchange whose content was fetched from the Source and verified against its md5 and length; the route records the
 * time it saw the exchange. State is the embedded MVStore in a temporary directory, as a default install has it.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@push}, extra arguments with
 * {@code -Dpush.args="..."}.
 */
public final class NotificationLatency {

    static final String USAGE = """
            NotificationLatency [options]
              --notifications N  measured notifications (default 10000)
              --warmup N         notifications before the measured ones (default 1000)
              --server S         auto (nginx if installed, else JDK HttpServer), nginx or jdk (default auto)
              --keep             keep the temporary directory
            """;

    private static final String SECRET = "benchmark-secret";
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private NotificationLatency() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int measured = args.getInt("notifications", 10_000);
        int warmup = args.getInt("warmup", 1_000);
        int total = measured + warmup;
        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-push-bench-");
        Path root = Files.createDirectories(tmp.resolve("www"));
        try (StaticServer server = StaticServer.start(root, tmp, args.get("server", "auto"));
             Hub hub = new Hub()) {
            String base = server.baseUrl();
            int resources = Math.min(total, 1000);
            new SourceFiles(root, base).writeResources(resources, 1024, 4096);
            // an empty Resource List: the baseline is instant, every event comes by push
            Files.writeString(root.resolve("resourcelist.xml"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                    + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"><rs:md capability=\"resourcelist\""
                    + " at=\"" + T0 + "\"/></urlset>\n");
            String[] md5 = new String[resources];
            long[] length = new long[resources];
            for (int i = 0; i < resources; i++) {
                byte[] b = Files.readAllBytes(root.resolve(path(i)));
                md5[i] = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
                length[i] = b.length;
            }

            SynchronousQueue<Long> arrivals = new SynchronousQueue<>();
            CamelContext camel = new DefaultCamelContext();
            VertxPlatformHttpServerConfiguration conf = new VertxPlatformHttpServerConfiguration();
            conf.setBindHost("127.0.0.1");
            conf.setBindPort(0);
            VertxPlatformHttpServer http = new VertxPlatformHttpServer(conf);
            camel.addService(http);
            http.start();
            int port = http.getServer().actualPort();
            camel.getComponent("resourcesync", io.github.camelresourcesync.ResourceSyncComponent.class)
                    .setStateDirectory(tmp.resolve("state").toString());
            String topic = base + "notification/changelist.xml";
            camel.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + base + "?delay=3600000&initialDelay=0&push=true&pushTopic=" + topic
                         + "&pushHub=" + hub.uri() + "&pushSecret=" + SECRET + "&pushCallbackUrl=http://127.0.0.1:"
                         + port + "&pushCallbackPath=/push")
                            .routeId("push")
                            .process(e -> {
                                long now = System.nanoTime();
                                byte[] body = e.getIn().getBody(byte[].class);
                                if (body == null || !"changelist-notification".equals(
                                        e.getIn().getHeader(ResourceSyncConstants.CAPABILITY))) {
                                    throw new IllegalStateException("unexpected event " + e.getIn().getHeaders());
                                }
                                arrivals.put(now);
                            });
                }
            });
            camel.start();
            URI callback = hub.awaitSubscription(30);
            System.out.println("Subscribed: callback " + callback + ", Source " + base + " (" + server.description()
                               + ")");

            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            long[] latency = new long[measured];
            for (int n = 0; n < total; n++) {
                int i = n % resources;
                byte[] payload = notification(base + path(i), T0.plusSeconds(n + 1), md5[i], length[i]);
                HttpRequest request = HttpRequest.newBuilder(callback)
                        .header("Content-Type", "application/xml")
                        .header("Link", "<" + topic + ">; rel=\"self\", <" + hub.uri() + ">; rel=\"hub\"")
                        .header(HubSignature.HEADER, HubSignature.sign("sha256", SECRET, payload))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(payload)).build();
                long sent = System.nanoTime();
                int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status != 202) {
                    throw new IllegalStateException("callback answered " + status + " to notification " + n);
                }
                Long arrived = arrivals.poll(30, TimeUnit.SECONDS);
                if (arrived == null) {
                    throw new IllegalStateException("notification " + n + " did not reach the route in 30 s");
                }
                if (n >= warmup) {
                    latency[n - warmup] = arrived - sent;
                }
            }
            camel.stop();
            http.stop();
            Arrays.sort(latency);
            System.out.printf("%nNotification-to-exchange latency over %,d notifications (after %,d warm-up):%n",
                    measured, warmup);
            System.out.printf("  p50 %.2f ms   p90 %.2f ms   p99 %.2f ms   max %.2f ms   min %.2f ms%n",
                    ms(latency, 0.50), ms(latency, 0.90), ms(latency, 0.99), latency[measured - 1] / 1e6,
                    latency[0] / 1e6);
            System.out.println("Load average before: " + loadBefore + "; after: " + Machine.loadAverage());
            System.out.println(Machine.describe("default"));
        } finally {
            if (!args.flag("keep")) {
                deleteTree(tmp);
            }
        }
    }

    private static String path(int i) {
        return String.format("res/%03d/%06d.txt", i / 1000, i);
    }

    private static double ms(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    private static byte[] notification(String loc, Instant datetime, String md5, long length) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                + "<rs:md capability=\"changelist-notification\"/>"
                + "<url><loc>" + loc + "</loc><rs:md change=\"updated\" datetime=\"" + datetime + "\" hash=\"md5:"
                + md5 + "\" length=\"" + length + "\" type=\"text/plain\"/></url></urlset>\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** The subscription side of a hub: answers 202, then verifies intent with a challenge, as WebSub says. */
    private static final class Hub implements AutoCloseable {
        private final HttpServer server;
        private final HttpClient client = HttpClient.newHttpClient();
        private final Map<String, URI> verified = new ConcurrentHashMap<>();

        Hub() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setExecutor(Executors.newCachedThreadPool());
            server.createContext("/hub", ex -> {
                Map<String, String> form = new HashMap<>();
                for (String pair : new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).split("&")) {
                    int eq = pair.indexOf('=');
                    if (eq > 0) {
                        form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                                URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                    }
                }
                ex.sendResponseHeaders(202, -1);
                ex.close();
                if ("subscribe".equals(form.get("hub.mode"))) {
                    verify(URI.create(form.get("hub.callback")), form.get("hub.topic"));
                }
            });
            server.start();
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hub");
        }

        private void verify(URI callback, String topic) {
            String challenge = UUID.randomUUID().toString();
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(callback
                        + "?hub.mode=subscribe&hub.topic=" + java.net.URLEncoder.encode(topic, StandardCharsets.UTF_8)
                        + "&hub.challenge=" + challenge + "&hub.lease_seconds=86400")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && challenge.equals(r.body())) {
                    verified.put(topic, callback);
                }
            } catch (Exception e) {
                System.out.println("verification failed: " + e);
            }
        }

        URI awaitSubscription(int seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                if (!verified.isEmpty()) {
                    return verified.values().iterator().next();
                }
                Thread.sleep(20);
            }
            throw new IllegalStateException("the route did not subscribe within " + seconds + " s");
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
