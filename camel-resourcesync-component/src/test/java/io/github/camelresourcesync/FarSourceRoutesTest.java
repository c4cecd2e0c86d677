package io.github.camelresourcesync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
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
