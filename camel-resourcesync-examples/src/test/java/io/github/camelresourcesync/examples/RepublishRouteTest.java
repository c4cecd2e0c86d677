package io.github.camelresourcesync.examples;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.examples.demo.DemoSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.examples.MirrorAssertions.assertMirrors;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code camel/republish.yaml}: the application republishes the demo Source on loopback, and an independent harvester
 * (its own CamelContext and state) baselines from the republished Source and then follows its 1.1 Change Lists, with
 * every body checked against the published md5 and sha-256.
 */
class RepublishRouteTest {

    @TempDir
    Path tmp;

    @Test
    void independentHarvesterSyncsFromTheRepublishedDemoSource() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ExamplesApplication app = new ExamplesApplication("--sync.mirror-dir=" + tmp.resolve("mirror"),
                "--sync.state-dir=" + tmp.resolve("state"), "--demo.state-dir=" + tmp.resolve("demo-state"),
                "--sync.delay=200", "--demo.port=0",
                "--demo.change-interval=150", "--demo.changes-per-list=5", "--examples.republish=true",
                "--publish.dir=" + tmp.resolve("published"), "--publish.port=" + port,
                "--publish.change-list-size=4");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                app.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "examples-application");
        thread.start();
        CamelContext harvester = new DefaultCamelContext();
        try {
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> app.demoSource() != null
                    && app.main().getCamelContext() != null && app.main().getCamelContext().isStarted());
            DemoSource demo = app.demoSource();
            List<String> routes = app.main().getCamelContext().getRoutes().stream().map(Route::getRouteId).toList();
            assertTrue(routes.containsAll(List.of("mirror", "republish", "republish-http")), routes.toString());

            harvester.getComponent("resourcesync", ResourceSyncComponent.class)
                    .setStateDirectory(tmp.resolve("harvester-state").toString());
            harvester.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:http://127.0.0.1:" + port + "/rs/.well-known/resourcesync?delay=200")
                            .to("resourcesync-mirror:" + tmp.resolve("remirror"));
                }
            });
            harvester.start();
            int history = demo.changeCount();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> demo.changeCount() >= history + 10);
            demo.pauseChanges(true);
            String prefix = "/rs/resources/127.0.0.1_" + demo.base().getPort();
            Awaitility.await().atMost(Duration.ofSeconds(40)).untilAsserted(() -> {
                Map<String, byte[]> expected = new TreeMap<>();
                demo.snapshot().forEach((path, bytes) -> expected.put(prefix + path, bytes));
                assertMirrors(expected, tmp.resolve("remirror"));
            });
            String changeList = Files.readString(tmp.resolve("published/changelist.xml"));
            assertTrue(changeList.contains("<sitemapindex"), "the republished Change Lists rotated");
        } finally {
            harvester.stop();
            app.main().completed();
            thread.join(Duration.ofSeconds(20).toMillis());
        }
        assertFalse(thread.isAlive(), "the application stops when asked to");
        assertNull(failure.get(), () -> "the application failed: " + failure.get());
    }
}
