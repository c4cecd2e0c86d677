package io.github.camelresourcesync.examples;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.testsupport.ClientChecks;
import io.github.camelresourcesync.testsupport.MetashareNode;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.examples.MirrorAssertions.assertMirrors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code camel/republish-bridge.yaml}: the application republishes a META-SHARE node (the testkit's node emulator)
 * or an Atom-PMH feed as a ResourceSync Source on loopback, served by the built-in platform-http route. An independent
 * ResourceSync client (its own CamelContext and state, knowing only the Source Description URL) baseline-syncs, then
 * syncs incrementally from the 1.1 Change Lists (every change with {@code datetime}), checking every body against the
 * published md5 and sha-256; its mirror equals the origin byte for byte.
 */
class RepublishBridgeRouteTest {

    @TempDir
    Path tmp;

    /** The independent client's view: capability + change of each event, and what did not verify. */
    private final ClientChecks checks = new ClientChecks();

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    private CamelContext startClient(int port) throws Exception {
        CamelContext client = new DefaultCamelContext();
        client.getComponent("resourcesync", ResourceSyncComponent.class)
                .setStateDirectory(tmp.resolve("client-state").toString());
        client.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:http://127.0.0.1:" + port + "/rs/.well-known/resourcesync?delay=200")
                        .process(checks)
                        .to("resourcesync-mirror:" + tmp.resolve("client-mirror"));
            }
        });
        client.start();
        return client;
    }

    private ExamplesApplication app(int port, String... more) {
        List<String> args = new ArrayList<>(List.of("--sync.mirror-dir=" + tmp.resolve("mirror"),
                "--sync.state-dir=" + tmp.resolve("state"), "--demo.state-dir=" + tmp.resolve("demo-state"),
                "--sync.delay=200", "--demo.port=0",
                "--demo.change-interval=0", "--examples.republish=true", "--publish.dir=" + tmp.resolve("published"),
                "--publish.port=" + port, "--publish.change-list-size=3",
                "--republish.state-dir=" + tmp.resolve("republish-state")));
        args.addAll(Arrays.asList(more));
        return new ExamplesApplication(args.toArray(String[]::new));
    }

    private void awaitClientMirror(Map<String, byte[]> expected) {
        Awaitility.await().atMost(Duration.ofSeconds(40)).untilAsserted(() -> {
            assertMirrors(expected, tmp.resolve("client-mirror"));
            assertTrue(checks.problems().isEmpty(), () -> "problems: " + checks.problems());
        });
    }

    /** Runs the application on its own thread, the client in its own CamelContext, and stops both. */
    private void run(ExamplesApplication app, int port, List<String> expectedRoutes, ThrowingRunnable body)
            throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                app.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "examples-application");
        thread.start();
        CamelContext client = null;
        try {
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> app.main().getCamelContext() != null
                                                                       && app.main().getCamelContext().isStarted());
            // the application's own routes (the Kamelet's route is an implementation detail)
            List<String> routes = app.main().getCamelContext().getRoutes().stream().map(Route::getRouteId)
                    .filter(id -> !id.matches(".*-source-\\d+")).sorted().toList();
            assertEquals(expectedRoutes, routes);
            client = startClient(port);
            body.run();
        } finally {
            if (client != null) {
                client.stop();
            }
            app.main().completed();
            thread.join(Duration.ofSeconds(20).toMillis());
        }
        assertFalse(thread.isAlive(), "the application stops when asked to");
        assertNull(failure.get(), () -> "the application failed: " + failure.get());
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static String record(String name) {
        return "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo xmlns=\"http://www.ilsp.gr/META-XMLSchema\">"
               + "<identificationInfo><resourceName lang=\"en\">" + name + "</resourceName></identificationInfo>"
               + "</resourceInfo>";
    }

    /** The node's live records where the client's mirror keeps them: the publisher's copies under /rs/resources/. */
    private static Map<String, byte[]> expected(MetashareNode node, List<String> live) {
        Map<String, byte[]> out = new TreeMap<>();
        for (String id : live) {
            out.put("/rs/resources/" + SyncEvents.fileName(node.recordUri(id), null), node.servedXml(id));
        }
        return out;
    }

    @Test
    void anIndependentClientBaselinesThenFollowsARepublishedMetashareNode() throws Exception {
        int port = freePort();
        try (MetashareNode node = MetashareNode.start("harvester", "pw-republish")) {
            List<String> live = new ArrayList<>();
            for (String name : List.of("Speecon Turkish", "Speecon Mandarin", "Base de donn&#233;es")) {
                live.add(node.add(record(name)));
            }
            ExamplesApplication app = app(port, "--republish.from=metashare", "--metashare.node-url=" + node.baseUri(),
                    "--metashare.password=pw-republish", "--metashare.period=200");
            run(app, port, List.of("mirror", "republish-http", "republish-metashare"), () -> {
                awaitClientMirror(expected(node, live));
                int baseline = checks.received().size();

                node.update(live.get(0), record("Speecon Turkish, second edition"));
                live.add(node.add(record("A record added later")));
                awaitClientMirror(expected(node, live));
                node.softDelete(live.remove(1));
                awaitClientMirror(expected(node, live));
                node.hardDelete(live.remove(1));
                awaitClientMirror(expected(node, live));

                assertEquals(List.of("changelist updated", "changelist created", "changelist deleted",
                        "changelist deleted"), checks.received().subList(baseline, checks.received().size()),
                        "after its baseline the client only follows the Change Lists");
            });
        }
    }

    @Test
    void anIndependentClientBaselinesThenFollowsARepublishedAtomFeed() throws Exception {
        int port = freePort();
        Map<String, String> served = new ConcurrentHashMap<>();
        HttpServer origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.createContext("/", exchange -> {
            String body = served.get(exchange.getRequestURI().getPath());
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        origin.start();
        String head = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:f</id><title>f</title>";
        served.put("/archive/1", head + "<updated>2024-01-01T00:02:00Z</updated>" + entry("a", "00:01")
                                 + entry("b", "00:02") + "</feed>");
        served.put("/feed", head + "<updated>2024-01-01T00:03:00Z</updated><link rel=\"prev-archive\""
                            + " href=\"/archive/1\"/>" + entry("c", "00:03") + "</feed>");
        for (String id : List.of("a", "b", "c")) {
            served.put("/records/" + id + ".xml", "<record id=\"" + id + "\">\u00e9t\u00e9</record>");
        }
        try {
            ExamplesApplication app = app(port, "--republish.from=atom", "--atom.period=200",
                    "--atom.feed-url=http://127.0.0.1:" + origin.getAddress().getPort() + "/feed");
            String prefix = "/rs/resources/127.0.0.1_" + origin.getAddress().getPort();
            run(app, port, List.of("mirror", "republish-atom", "republish-http"), () -> {
                awaitClientMirror(records(served, prefix));
                int baseline = checks.received().size();

                served.put("/records/b.xml", "<record id=\"b\">second</record>");
                served.put("/records/d.xml", "<record id=\"d\">new</record>");
                served.put("/feed", head + "<updated>2024-01-01T00:06:00Z</updated><link rel=\"prev-archive\""
                                    + " href=\"/archive/1\"/>" + entry("c", "00:03") + entry("b", "00:04")
                                    + "<entry><title>gone</title><id>urn:a</id><updated>2024-01-01T00:05:00Z</updated>"
                                    + "<content/></entry>" + entry("d", "00:06") + "</feed>");
                served.remove("/records/a.xml");
                awaitClientMirror(records(served, prefix));
                assertEquals(List.of("changelist updated", "changelist deleted", "changelist created"),
                        checks.received().subList(baseline, checks.received().size()),
                        "after its baseline the client only follows the Change Lists");
            });
        } finally {
            origin.stop(0);
        }
    }

    private static String entry(String id, String time) {
        return "<entry><title>" + id + "</title><id>urn:" + id + "</id><updated>2024-01-01T" + time + ":00Z</updated>"
               + "<link href=\"/records/" + id + ".xml\" type=\"application/xml\"/></entry>";
    }

    private static Map<String, byte[]> records(Map<String, String> served, String prefix) {
        Map<String, byte[]> out = new TreeMap<>();
        served.forEach((path, body) -> {
            if (path.startsWith("/records/")) {
                out.put(prefix + path, body.getBytes(StandardCharsets.UTF_8));
            }
        });
        return out;
    }
}
