package io.github.camelresourcesync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.H2Server;
import io.github.camelresourcesync.testsupport.SelfSignedTls;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routes as users write them against a Source that speaks HTTP/2 over TLS (Jetty 12, ALPN), trusted through Camel's
 * {@code SSLContextParameters}: two {@code resourcesync:} routes on one host share its {@code maxRequestsPerHost} and
 * its connection, and the Atom-PMH bridge gets HTTP/2 through the same fetch engine.
 */
class FarSourceRoutesTest {

    @TempDir
    static Path dir;

    private static SelfSignedTls tls;

    private H2Server server;
    private CamelContext context;
    private final Map<String, String> received = new ConcurrentHashMap<>();

    @BeforeAll
    static void certificate() throws Exception {
        tls = SelfSignedTls.create(dir);
    }

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        if (server != null) {
            server.close();
        }
    }

    private void startRoutes(String... uris) throws Exception {
        context = new DefaultCamelContext();
        context.getRegistry().bind("ssl", tls.sslContextParameters());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < uris.length; i++) {
                    context.getRegistry().bind("store" + i, new InMemoryStateStore());
                    from(uris[i] + "&stateStore=#store" + i + "&sslContextParameters=#ssl&initialDelay=0&delay=600000")
                            .process(e -> received.put(e.getIn().getHeader(ResourceSyncConstants.LOCATION,
                                    String.class), e.getIn().getBody(String.class)));
                }
            }
        });
        context.start();
    }

    private void serveSource(String name, int resources, H2Server.Reply content) {
        StringBuilder list = new StringBuilder("""
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z" completed="2024-01-01T00:00:01Z"/>
                """);
        for (int i = 0; i < resources; i++) {
            String path = "/" + name + "/r/" + i;
            list.append("<url><loc>").append(server.uri(path)).append("</loc><lastmod>2024-01-01T00:00:00Z</lastmod>")
                    .append("</url>\n");
            server.reply(path, content);
        }
        list.append("</urlset>");
        server.serve("/" + name + "/resourcelist.xml", list.toString().getBytes(StandardCharsets.UTF_8),
                "application/xml");
        server.serve("/" + name + "/capabilitylist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="capabilitylist"/>
                  <url><loc>%s</loc><rs:md capability="resourcelist"/></url>
                </urlset>""".formatted(server.uri("/" + name + "/resourcelist.xml"))
                .getBytes(StandardCharsets.UTF_8), "application/xml");
    }

    @Test
    void twoRoutesOnOneHostShareItsRequestLimitAndConnectionOverHttp2() throws Exception {
        server = H2Server.start(H2Server.Mode.TLS_ALPN, tls.server());
        AtomicInteger working = new AtomicInteger();
        AtomicInteger mostWorking = new AtomicInteger();
        H2Server.Reply slow = (request, response, callback) -> {
            mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
            Thread.sleep(30);
            working.decrementAndGet();
            response.write(true, ByteBuffer.wrap(request.getHttpURI().getPath().getBytes(StandardCharsets.UTF_8)),
                    callback);
        };
        serveSource("a", 30, slow);
        serveSource("b", 30, slow);
        // each route may fetch 8 at a time, the host takes 3 from both together
        String options = "?fetchParallelism=8&maxRequestsPerHost=3";
        startRoutes("resourcesync:" + server.uri("/a/capabilitylist.xml") + options,
                "resourcesync:" + server.uri("/b/capabilitylist.xml") + options);

        await().atMost(60, TimeUnit.SECONDS).until(() -> received.size() == 60);
        for (Map.Entry<String, String> e : received.entrySet()) {
            assertEquals(URI.create(e.getKey()).getPath(), e.getValue(), "each body is its own resource's");
        }
        assertTrue(mostWorking.get() <= 3, "at most 3 in flight to the host from both routes: " + mostWorking.get());
        assertTrue(mostWorking.get() >= 2, "in parallel: " + mostWorking.get());
        assertEquals(Set.of("HTTP/2.0"), Set.copyOf(server.protocols()));
        assertTrue(server.connections() <= 2, "one multiplexed connection (after the ALPN probe): "
                                               + server.connections());
    }

    /** Answers each request after {@code millis} without holding a server thread: a Source that far away. */
    private static H2Server.Reply far(long millis, AtomicInteger working, AtomicInteger mostWorking, int bodySize) {
        return (request, response, callback) -> {
            mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
            byte[] path = request.getHttpURI().getPath().getBytes(StandardCharsets.UTF_8);
            byte[] body = bodySize <= 0 ? path : java.util.Arrays.copyOf(path, bodySize);
            DELAYS.schedule(() -> {
                working.decrementAndGet();
                response.write(true, ByteBuffer.wrap(body), callback);
            }, millis, TimeUnit.MILLISECONDS);
        };
    }

    private static final java.util.concurrent.ScheduledExecutorService DELAYS =
            java.util.concurrent.Executors.newScheduledThreadPool(2, r -> {
                Thread t = new Thread(r, "far-source-delay");
                t.setDaemon(true);
                return t;
            });

    /** What the live threads of the Camel context named by {@code prefix} are for ({@code ResourceSyncPoll}, ...). */
    private static Set<String> threads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .map(t -> t.getName().substring(t.getName().lastIndexOf(" - ") + 3)).collect(Collectors.toSet());
    }

    @Test
    void withTheDefaultsARouteHasManyFetchesInFlightOverHttp2AndFewOverHttp11() throws Exception {
        AtomicInteger working = new AtomicInteger();
        AtomicInteger mostWorking = new AtomicInteger();
        server = H2Server.start(H2Server.Mode.TLS_ALPN, tls.server());
        serveSource("a", 300, far(200, working, mostWorking, 0));
        startRoutes("resourcesync:" + server.uri("/a/capabilitylist.xml") + "?fetchContent=true");

        await().atMost(60, TimeUnit.SECONDS).until(() -> received.size() == 300);
        assertEquals(server.uri("/a/r/7").getPath(), received.get(server.uri("/a/r/7").toString()));
        assertTrue(mostWorking.get() >= 50, "HTTP/2: the default fetchParallelismHttp2 (100) keeps a far Source"
                                            + " busy: most in flight " + mostWorking.get());
        assertTrue(mostWorking.get() <= 100, "at most fetchParallelismHttp2: " + mostWorking.get());
        assertTrue(server.connections() <= 2, "on one connection (after the ALPN probe): " + server.connections());
        String camel = "Camel (" + context.getName() + ") ";
        assertTrue(threads(camel).containsAll(List.of("ResourceSyncPoll", "ResourceSyncFetchHttp2")), threads(camel)
                .toString());
        context.stop();
        // the component's pools stop with it (a pool not shut down kept its threads, the fetch pools for 30 s idle)
        await().atMost(10, TimeUnit.SECONDS).until(() -> threads(camel).isEmpty());
        server.close();

        received.clear();
        mostWorking.set(0);
        server = H2Server.start(H2Server.Mode.TLS_HTTP_1_1_ONLY, tls.server());
        serveSource("b", 40, far(200, working, mostWorking, 0));
        startRoutes("resourcesync:" + server.uri("/b/capabilitylist.xml") + "?fetchContent=true");

        await().atMost(60, TimeUnit.SECONDS).until(() -> received.size() == 40);
        assertEquals(Set.of("HTTP/1.1"), Set.copyOf(server.protocols()));
        assertTrue(mostWorking.get() <= 4, "HTTP/1.1 keeps fetchParallelism's 4 lanes, a connection each: "
                                           + mostWorking.get());
        assertTrue(server.connections() <= 5, "connections: " + server.connections());
    }

    @Test
    void theManyFetchesOfAnHttp2SourceKeepNoMoreBodiesInMemoryThanFourLanesWould() throws Exception {
        AtomicInteger working = new AtomicInteger();
        AtomicInteger mostWorking = new AtomicInteger();
        Path spool = dir.resolve("spool-" + System.nanoTime());
        Set<Long> spooledWhileDelivered = ConcurrentHashMap.newKeySet();
        server = H2Server.start(H2Server.Mode.TLS_ALPN, tls.server());
        // 64 KB: in memory under the spoolThreshold (256 KB) of four lanes, spooled when 100 lanes share that memory
        serveSource("a", 20, far(50, working, mostWorking, 64 * 1024));
        context = new DefaultCamelContext();
        context.getRegistry().bind("ssl", tls.sslContextParameters());
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + server.uri("/a/capabilitylist.xml") + "?fetchContent=true&stateStore=#store"
                     + "&sslContextParameters=#ssl&initialDelay=0&delay=600000&spoolDirectory=" + spool)
                        .process(e -> {
                            spooledWhileDelivered.add((long) io.github.camelresourcesync.testsupport.SpoolFiles
                                    .in(spool).size());
                            received.put(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class),
                                    String.valueOf(e.getIn().getBody(byte[].class).length));
                        });
            }
        });
        context.start();

        await().atMost(60, TimeUnit.SECONDS).until(() -> received.size() == 20);
        assertEquals(String.valueOf(64 * 1024), received.get(server.uri("/a/r/3").toString()));
        assertTrue(spooledWhileDelivered.stream().anyMatch(n -> n > 0),
                "64 KB bodies spooled over HTTP/2's 100 lanes: spool files seen " + spooledWhileDelivered);
    }

    @Test
    void theAtomPmhBridgeHarvestsOverHttp2() throws Exception {
        server = H2Server.start(H2Server.Mode.TLS_ALPN, tls.server());
        StringBuilder feed = new StringBuilder("<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">"
                + "<id>urn:f</id><title>f</title><updated>2024-01-01T00:10:00Z</updated>");
        for (int i = 0; i < 10; i++) {
            String path = "/records/" + i + ".xml";
            feed.append("<entry><title>t").append(i).append("</title><id>urn:r").append(i).append("</id><updated>")
                    .append("2024-01-01T00:0").append(i).append(":00Z</updated><link rel=\"alternate\"")
                    .append(" type=\"application/xml\" href=\"").append(path).append("\"/></entry>");
            server.serve(path, ("<r n=\"" + i + "\"/>").getBytes(StandardCharsets.UTF_8), "application/xml");
        }
        feed.append("</feed>");
        server.serve("/feed", feed.toString().getBytes(StandardCharsets.UTF_8), "application/atom+xml");
        startRoutes("resourcesync-atompmh:" + server.uri("/feed") + "?fetchParallelism=4");

        await().atMost(60, TimeUnit.SECONDS).until(() -> received.size() == 10);
        assertEquals("<r n=\"3\"/>", received.get(server.uri("/records/3.xml").toString()));
        assertEquals(Set.of("HTTP/2.0"), Set.copyOf(server.protocols()));
        assertTrue(server.connections() <= 2, "connections: " + server.connections());
    }
}
