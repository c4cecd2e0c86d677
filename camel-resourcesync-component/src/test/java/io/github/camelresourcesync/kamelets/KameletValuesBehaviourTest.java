package io.github.camelresourcesync.kamelets;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@link KameletParametersTest} shows on the endpoints' values, shown on what a user sees: the same YAML route
 * written with the Kamelets and with the endpoints directly does the same thing, with values that hold {@code +},
 * {@code %2B}, {@code =}, {@code %}, {@code &} ({@code %26}) and spaces. A Source that answers only the right
 * password, a mirror directory and a publish directory whose names hold those characters, a META-SHARE node that
 * logs in only the right password. (The media types of atom-pmh-source: AtomPmhMediaTypesTest.)
 */
class KameletValuesBehaviourTest {

    /**
     * A secret with every character that means something in a URI query (secrets are taken as written), {@code %25}
     * included: through a Kamelet it reached the Source as {@code %} until the Kamelets handed secrets over as beans.
     */
    private static final String PASSWORD = "p+ss w=rd%2B%25%";

    @TempDir
    Path dir;

    private static void runUntil(String yaml, java.util.concurrent.Callable<Boolean> done) throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("b.yaml", yaml));
            context.start();
            await().atMost(30, TimeUnit.SECONDS).until(done);
        }
    }

    /** The directory names a user writes, and the directory each one is on the endpoint itself. */
    private static final List<String> NAMES = List.of("m+a", "m%2Ba", "m a", "m=a", "m%26a");

    @Test
    void resourcesyncSourceIntoBothSinks() throws Exception {
        String auth = "Basic " + Base64.getEncoder().encodeToString(("u:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        try (TestHttpServer server = TestHttpServer.start()) {
            String rs = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";
            server.handle("/rs/resourcelist.xml", exchange -> {
                if (!auth.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                    TestHttpServer.respond(exchange, 401, "who?");
                    return;
                }
                TestHttpServer.respond(exchange, 200, ("<urlset " + rs + "><rs:md capability=\"resourcelist\""
                                                       + " at=\"2024-01-01T00:00:00Z\"/><url><loc>" + server.uri("/rs/a.txt")
                                                       + "</loc></url></urlset>").getBytes(StandardCharsets.UTF_8),
                        "application/xml");
            });
            server.serve("/rs/a.txt", "alpha", "text/plain");
            for (String name : NAMES) {
                Path direct = dir.resolve("direct-" + name.hashCode());
                Path kamelet = dir.resolve("kamelet-" + name.hashCode());
                runUntil("""
                        - route:
                            from:
                              uri: "resourcesync:%s"
                              parameters: { username: u, password: "%s", stateDirectory: "%s", delay: 200 }
                              steps:
                                - to: { uri: "resourcesync-mirror:%s/%s" }
                                - to: { uri: "resourcesync-publish:%s/%s", parameters: { baseUrl: "http://example.org/rs/" } }
                        """.formatted(server.uri("/rs/resourcelist.xml"), PASSWORD, direct.resolve("state"), direct,
                        name, direct, "pub-" + name), () -> count(direct) == 2);
                runUntil("""
                        - route:
                            from:
                              uri: kamelet:resourcesync-source
                              parameters: { sourceUrl: "%s", username: u, password: "%s", stateDirectory: "%s", period: 200 }
                              steps:
                                - to: { uri: kamelet:resourcesync-mirror-sink, parameters: { directory: "%s/%s" } }
                                - to: { uri: kamelet:resourcesync-publish-sink, parameters: { directory: "%s/%s", baseUrl: "http://example.org/rs/" } }
                        """.formatted(server.uri("/rs/resourcelist.xml"), PASSWORD, kamelet.resolve("state"), kamelet,
                        name, kamelet, "pub-" + name), () -> count(kamelet) == 2);
                // the same directories, named the same, under each
                assertEquals(listing(direct), listing(kamelet), name);
                assertTrue(listing(direct).stream().anyMatch(p -> p.endsWith("rs/a.txt")), listing(direct).toString());
            }
        }
    }

    /** Mirrored files and published Resource Lists under {@code root}. */
    private static long count(Path root) throws Exception {
        return listing(root).stream().filter(p -> p.endsWith("rs/a.txt") || p.endsWith("resourcelist.xml")).count();
    }

    /** The files under {@code root} (not the state), relative, sorted. */
    private static List<String> listing(Path root) throws Exception {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        for (int attempt = 1;; attempt++) {
            try (Stream<Path> s = Files.walk(root)) {
                return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString())
                        .filter(p -> !p.startsWith("state") && !p.contains(".publisher")).sorted().toList();
            } catch (java.io.UncheckedIOException e) {
                // the publisher renamed a temporary file away while the walk was under way (the route is running)
                if (attempt == 3 || !(e.getCause() instanceof java.nio.file.NoSuchFileException)) {
                    throw e;
                }
            }
        }
    }

    @Test
    void metashareSourceLogsInWithThePasswordAsWritten() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD)) {
            String id = node.add("<?xml version=\"1.0\"?><resourceInfo><resourceName>a</resourceName></resourceInfo>");
            Path mirror = dir.resolve("ms");
            runUntil("""
                    - route:
                        from:
                          uri: kamelet:metashare-source
                          parameters: { nodeUrl: "%s", username: harvester, password: "%s", stateDirectory: "%s", period: 200 }
                          steps:
                            - to: { uri: kamelet:resourcesync-mirror-sink, parameters: { directory: "%s" } }
                    """.formatted(node.baseUri(), PASSWORD, dir.resolve("ms-state"), mirror),
                    () -> Files.exists(mirror.resolve(id + ".xml")));
        }
    }
}
