package io.github.camelresourcesync.examples;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.component.atompmh.AtomPmhComponent;
import io.github.camelresourcesync.examples.demo.DemoSource;
import io.github.camelresourcesync.examples.demo.MetashareDemoNode;
import io.github.camelresourcesync.testsupport.Fixtures;
import io.github.camelresourcesync.testsupport.MetashareNode;
import org.apache.camel.Route;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import static io.github.camelresourcesync.examples.MirrorAssertions.assertMirrors;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The application as a user runs it: Camel Main with the bundled route, mirroring into a directory. */
class ExamplesApplicationTest {

    private static final Duration STARTUP = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "java-route={0}")
    @ValueSource(booleans = { false, true })
    void mirrorsTheDemoSourceAndFollowsItsChanges(boolean javaRoute) throws Exception {
        Path mirror = tmp.resolve("mirror");
        ExamplesApplication app = new ExamplesApplication(settings(mirror,
                "--demo.port=0", "--demo.change-interval=100", "--demo.changes-per-list=5",
                "--examples.java-route=" + javaRoute));
        try (Running running = Running.start(app)) {
            running.await().atMost(STARTUP).until(() -> app.demoSource() != null);
            DemoSource demo = app.demoSource();
            int history = demo.changeCount();
            // creates, updates and deletes, across at least two rotations of the open Change List
            running.await().atMost(Duration.ofSeconds(20)).until(() -> demo.changeCount() >= history + 12);
            demo.pauseChanges(true);
            running.await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertMirrors(demo.snapshot(), mirror));

            List<String> routes = app.main().getCamelContext().getRoutes().stream().map(Route::getRouteId).toList();
            assertEquals(List.of(javaRoute ? "mirror-java" : "mirror"), routes, "exactly one mirror route");
        }
    }

    @Test
    void mirrorsTheSourceGivenAsFirstArgumentWithoutStartingTheDemo() throws Exception {
        Path mirror = tmp.resolve("mirror");
        try (DemoSource other = DemoSource.start(DemoSource.Settings.defaults().withPort(0).withChangeInterval(0))) {
            List<String> args = new ArrayList<>(List.of(other.base().toString()));
            args.addAll(Arrays.asList(settings(mirror)));
            ExamplesApplication app = new ExamplesApplication(args.toArray(String[]::new));
            try (Running running = Running.start(app)) {
                running.await().atMost(STARTUP).untilAsserted(() -> assertMirrors(other.snapshot(), mirror));
                assertNull(app.demoSource(), "no demo Source when a Source URL is given");
            }
        }
    }

    @Test
    void restartedDemoSourceIsReBaselinedAndTheMirrorFollows() throws Exception {
        Path mirror = tmp.resolve("mirror");
        int port = freePort();
        // first run: baseline, then some changes the second demo Source will not have (no demo.state-dir: the
        // second run starts a new demo Source)
        ExamplesApplication first = new ExamplesApplication(settings(mirror, "--demo.port=" + port,
                "--demo.change-interval=100", "--demo.changes-per-list=5", "--demo.state-dir="));
        try (Running running = Running.start(first)) {
            running.await().atMost(STARTUP).until(() -> first.demoSource() != null);
            DemoSource demo = first.demoSource();
            int history = demo.changeCount();
            running.await().atMost(Duration.ofSeconds(20)).until(() -> demo.changeCount() >= history + 9);
            demo.pauseChanges(true);
            running.await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertMirrors(demo.snapshot(), mirror));
        }
        // second run, same port and state: a new Source history starts after the resume point (a gap), so the
        // component re-baselines and removes what the new Source does not have
        ExamplesApplication second = new ExamplesApplication(settings(mirror, "--demo.port=" + port,
                "--demo.change-interval=0", "--demo.state-dir="));
        try (Running running = Running.start(second)) {
            running.await().atMost(STARTUP).until(() -> second.demoSource() != null);
            DemoSource demo = second.demoSource();
            running.await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertMirrors(demo.snapshot(), mirror));
            Thread.sleep(1000);
            assertMirrors(demo.snapshot(), mirror);
        }
    }

    /**
     * The issue 17 case: run, stop, {@code --audit}. The demo Source saves its state and the next run continues it
     * (same resources and Change Lists, no re-baseline); at shutdown it stops changing and the mirror polls once
     * more, so the audit finds the mirror in sync.
     */
    @Test
    void auditAfterARunFindsTheMirrorInSyncWithTheContinuedDemoSource() throws Exception {
        Path mirror = tmp.resolve("mirror");
        int port = freePort();
        ExamplesApplication run = new ExamplesApplication(settings(mirror, "--demo.port=" + port,
                "--demo.change-interval=150", "--demo.changes-per-list=5"));
        int changes;
        Map<String, byte[]> served;
        try (Running running = Running.start(run)) {
            running.await().atMost(STARTUP).until(() -> run.demoSource() != null);
            DemoSource demo = run.demoSource();
            int history = demo.changeCount();
            running.await().atMost(Duration.ofSeconds(20)).until(() -> demo.changeCount() >= history + 8
                                                                        && Files.isDirectory(mirror));
            // stopped while the demo changes (as with Ctrl-C), not after the mirror caught up
        }
        changes = run.demoSource().changeCount();
        served = run.demoSource().snapshot();
        assertMirrors(served, mirror);

        ExamplesApplication audit = new ExamplesApplication(settings(mirror, "--demo.port=" + port, "--audit"));
        int exit = assertTimeoutPreemptively(Duration.ofSeconds(60), audit::run, "the audit ends by itself");
        assertEquals(0, exit, () -> String.valueOf(audit.audit().outcome()));
        assertTrue(audit.audit().outcome().inSync(), audit.audit().outcome().summary());
        assertEquals(changes, audit.demoSource().changeCount(), "the demo Source continued, and held still");
        assertEquals(served.keySet(), audit.demoSource().snapshot().keySet());

        // the mirror route of a third run continues too: nothing to re-baseline, the same files
        ExamplesApplication third = new ExamplesApplication(settings(mirror, "--demo.port=" + port,
                "--demo.change-interval=0"));
        try (Running running = Running.start(third)) {
            running.await().atMost(STARTUP).until(() -> third.main().getCamelContext() != null
                                                        && third.main().getCamelContext().isStarted());
            DemoSource demo = third.demoSource();
            running.await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertMirrors(demo.snapshot(), mirror));
            assertEquals(changes, demo.changeCount());
        }
    }

    /** {@code --metashare.demo=true}: the bundled META-SHARE route mirrors the demo node and follows its changes. */
    @Test
    void theDemoMetashareNodeIsMirroredThroughTheKamelet() throws Exception {
        Path mirror = tmp.resolve("metashare");
        ExamplesApplication app = new ExamplesApplication(settings(tmp.resolve("mirror"), "--demo.port=0",
                "--demo.change-interval=0", "--metashare.demo=true", "--metashare.demo.change-interval=150",
                "--metashare.demo.period=200", "--metashare.mirror-dir=" + mirror,
                "--metashare.state-dir=" + tmp.resolve("metashare-state")));
        try (Running running = Running.start(app)) {
            running.await().atMost(STARTUP).until(() -> app.metashareDemoNode() != null);
            MetashareDemoNode node = app.metashareDemoNode();
            // updates, additions, soft and hard deletions: at least two of each
            running.await().atMost(Duration.ofSeconds(20)).until(() -> node.changeCount() >= 8);
            node.pauseChanges(true);
            running.await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertMirrors(files(node.records()),
                    mirror));
            assertTrue(app.main().getCamelContext().getRoutes().stream().map(Route::getRouteId).toList()
                    .contains("metashare"));
        }
        assertNull(app.metashareDemoNode(), "stopped with the application");
    }

    /** The records as the mirror names them: {@code /<id>.xml}. */
    private static Map<String, byte[]> files(Map<String, byte[]> records) {
        Map<String, byte[]> out = new java.util.TreeMap<>();
        records.forEach((id, xml) -> out.put("/" + id + ".xml", xml));
        return out;
    }

    /**
     * {@code metashare.catalogue.enabled=true}: real META-SHARE records of the fixtures, served by the node emulator,
     * harvested by {@code resourcesync-metashare:}, unmarshalled by camel-jaxb with the classes generated from the
     * META-SHARE 3.0 schema, and summarised as JSON; checked field by field against the records read with DOM.
     */
    @Test
    void metashareCatalogueSummarisesRealRecordsAsJson() throws Exception {
        Path records = Fixtures.fixturesDir("metashare/records-v3.0");
        List<Path> files;
        try (var listing = Files.list(records)) {
            files = listing.filter(p -> p.toString().endsWith(".xml")).sorted().limit(8).toList();
        }
        Path catalogue = tmp.resolve("catalogue");
        try (MetashareNode node = MetashareNode.start("harvester", "pw-catalogue")) {
            List<String> ids = node.addFixtureRecords(records, files.size());
            ExamplesApplication app = new ExamplesApplication(settings(tmp.resolve("mirror"), "--demo.port=0",
                    "--demo.change-interval=0", "--metashare.catalogue.enabled=true",
                    "--metashare.node-url=" + node.baseUri(), "--metashare.password=pw-catalogue",
                    "--metashare.period=200", "--metashare.catalogue-dir=" + catalogue,
                    "--metashare.catalogue.state-dir=" + tmp.resolve("catalogue-state")));
            try (Running running = Running.start(app)) {
                // start-up, the first poll and the JAXB context: generous, as the machine may be busy
                running.await().atMost(Duration.ofSeconds(120)).until(() -> ids.stream()
                        .allMatch(id -> Files.exists(catalogue.resolve(id + ".json"))));
                ObjectMapper json = new ObjectMapper();
                for (int i = 0; i < ids.size(); i++) {
                    JsonNode summary = json.readTree(catalogue.resolve(ids.get(i) + ".json").toFile());
                    Document record = MetashareRecords.parse(files.get(i));
                    String what = files.get(i).getFileName() + " as " + ids.get(i);
                    assertEquals(ids.get(i), summary.path("id").asText(), what);
                    assertEquals(MetashareRecords.first(record, "metaShareId"),
                            MetashareRecords.text(summary.path("metaShareId")), what);
                    Element name = MetashareRecords.elements(record, "resourceName").get(0);
                    assertEquals(name.getTextContent().strip(), summary.path("names").path(name.getAttribute("lang"))
                            .asText(), what);
                    assertEquals(MetashareRecords.texts(record, "licenceInfo", "licence").stream().distinct().toList(),
                            MetashareRecords.list(summary.path("licences")), what);
                    assertEquals(MetashareRecords.texts(record, "languageInfo", "languageId").stream().sorted()
                                    .distinct().toList(),
                            MetashareRecords.list(summary.path("languages")).stream()
                                    .map(l -> l.replaceFirst(" [(].*[)]$", "")).sorted().distinct().toList(), what);
                    assertEquals(MetashareRecords.first(record, "availability"),
                            MetashareRecords.text(summary.path("availability")), what);
                    assertFalse(summary.path("resourceType").asText().isEmpty(), what);
                }
                node.hardDelete(ids.get(0));
                running.await().atMost(Duration.ofSeconds(20))
                        .until(() -> !Files.exists(catalogue.resolve(ids.get(0) + ".json")));
                assertTrue(Files.exists(catalogue.resolve(ids.get(1) + ".json")));
            }
        }
    }

    /** An Atom-PMH route of the user's that names no stateDirectory keeps it in sync.state-dir, not in the home. */
    @Test
    void aUserBridgeRouteWithoutStateDirectoryKeepsItsStateInTheWorkingDirectory() throws Exception {
        Path route = tmp.resolve("atom-route.yaml");
        Files.writeString(route, """
                - route:
                    id: my-atom
                    from:
                      uri: kamelet:atom-pmh-source
                      parameters: { feedUrl: "http://127.0.0.1:9/feed.atom", period: 600000 }
                      steps:
                        - to: "resourcesync-mirror:%s"
                """.formatted(tmp.resolve("records")));
        ExamplesApplication app = new ExamplesApplication(settings(tmp.resolve("mirror"), "--demo.port=0",
                "--demo.change-interval=0", "--camel.main.routes-include-pattern=classpath:camel/*.yaml,file:" + route));
        try (Running running = Running.start(app)) {
            running.await().atMost(STARTUP).until(() -> Files.exists(tmp.resolve("state/atompmh-state.mv.db")));
            assertEquals(tmp.resolve("state").toString(), app.main().getCamelContext()
                    .getComponent("resourcesync-atompmh", AtomPmhComponent.class).getStateDirectory());
        }
    }

    @Test
    void loadsUserRoutesNextToTheBundledOne() throws Exception {
        ExamplesApplication app = new ExamplesApplication(settings(tmp.resolve("mirror"), "--demo.port=0",
                "--demo.change-interval=0",
                "--camel.main.routes-include-pattern=classpath:camel/*.yaml,file:routes/changes-log.yaml"));
        try (Running running = Running.start(app)) {
            running.await().atMost(STARTUP).until(() -> app.main().getCamelContext() != null
                                                        && app.main().getCamelContext().isStarted());
            List<String> routes = app.main().getCamelContext().getRoutes().stream().map(Route::getRouteId).sorted()
                    .toList();
            assertEquals(List.of("changes-log", "mirror"), routes);
        }
    }

    @Test
    void metashareRouteMirrorsANodeFollowsItsChangesAndReportsATamperedRecord() throws Exception {
        Path mirror = tmp.resolve("metashare");
        try (MetashareNode node = MetashareNode.start("harvester", "pw-examples")) {
            String a = node.add("<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo>a</resourceInfo>");
            String b = node.add("<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo>b</resourceInfo>");
            String c = node.add("<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo>c</resourceInfo>");
            String d = node.add("<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo>d</resourceInfo>");
            node.tamper(d, "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo>forged</resourceInfo>");
            ExamplesApplication app = new ExamplesApplication(settings(tmp.resolve("mirror"), "--demo.port=0",
                    "--demo.change-interval=0", "--metashare.enabled=true", "--metashare.node-url=" + node.baseUri(),
                    "--metashare.password=pw-examples", "--metashare.period=200", "--metashare.mirror-dir=" + mirror,
                    "--metashare.state-dir=" + tmp.resolve("metashare-state")));
            try (Running running = Running.start(app)) {
                running.await().atMost(STARTUP).until(() -> Files.exists(mirror.resolve(a + ".xml"))
                                                            && Files.exists(mirror.resolve(b + ".xml"))
                                                            && Files.exists(mirror.resolve(c + ".xml")));
                assertFalse(Files.exists(mirror.resolve(d + ".xml")), "a tampered record is never written");
                node.update(a, "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo>a2</resourceInfo>");
                node.softDelete(b);
                node.hardDelete(c);
                running.await().atMost(Duration.ofSeconds(20)).until(() -> !Files.exists(mirror.resolve(b + ".xml"))
                        && !Files.exists(mirror.resolve(c + ".xml"))
                        && Files.readString(mirror.resolve(a + ".xml")).contains("a2"));
                assertFalse(Files.exists(mirror.resolve(d + ".xml")), "a tampered record is never written");
                node.untamper(d);
                running.await().atMost(Duration.ofSeconds(20)).until(() -> Files.exists(mirror.resolve(d + ".xml")));
                assertArrayEquals(node.servedXml(d), Files.readAllBytes(mirror.resolve(d + ".xml")));
            }
        }
    }

    @Test
    void splitsArgumentsIntoSourceUrlPropertiesAndCamelMainOptions() {
        ExamplesApplication app = new ExamplesApplication("https://example.org/", "--sync.delay=5000", "-d", "30");
        assertEquals("https://example.org/", app.main().getOverrideProperties().get(ExamplesApplication.SOURCE_URL));
        assertEquals("5000", app.main().getOverrideProperties().get("sync.delay"));
        assertArrayEquals(new String[] { "-d", "30" }, app.arguments());
    }

    /** Properties that keep a test run fast and inside the temporary directory. */
    @Test
    void atomRouteMirrorsAnAtomPmhFeed() throws Exception {
        String feed = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:f</id><title>f</title>"
                      + "<updated>2024-01-01T00:02:00Z</updated>"
                      + "<entry><title>a</title><id>urn:a</id><updated>2024-01-01T00:01:00Z</updated>"
                      + "<link href=\"/records/a.xml\" type=\"application/xml\"/></entry>"
                      + "<entry><title>b</title><id>urn:b</id><updated>2024-01-01T00:02:00Z</updated>"
                      + "<link href=\"/records/b.xml\" type=\"application/xml\"/></entry></feed>";
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            byte[] body = (path.equals("/feed") ? feed : "<" + path + "/>").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        Path atomMirror = tmp.resolve("atom-mirror");
        try {
            ExamplesApplication app = new ExamplesApplication(settings(tmp.resolve("mirror"), "--demo.port=0",
                    "--demo.change-interval=0", "--atom.enabled=true", "--atom.period=200",
                    "--atom.feed-url=http://127.0.0.1:" + server.getAddress().getPort() + "/feed",
                    "--atom.mirror-dir=" + atomMirror, "--atom.state-dir=" + tmp.resolve("atom-state")));
            try (Running running = Running.start(app)) {
                running.await().atMost(STARTUP).until(() -> Files.exists(atomMirror.resolve("records/b.xml")));
                assertEquals("</records/a.xml/>", Files.readString(atomMirror.resolve("records/a.xml")));
                List<String> routes = app.main().getCamelContext().getRoutes().stream().map(Route::getRouteId)
                        .toList();
                assertTrue(routes.containsAll(List.of("atom-mirror", "mirror")), routes::toString);
            }
        } finally {
            server.stop(0);
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    private String[] settings(Path mirror, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--sync.mirror-dir=" + mirror,
                "--sync.state-dir=" + tmp.resolve("state"),
                "--demo.state-dir=" + tmp.resolve("demo-state"),
                "--sync.delay=200"));
        args.addAll(Arrays.asList(more));
        return args.toArray(String[]::new);
    }

    /** Runs the application on its own thread, as {@code main} would, and stops it like Ctrl-C would. */
    private static final class Running implements AutoCloseable {

        private final ExamplesApplication app;
        private final Thread thread;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        private Running(ExamplesApplication app) {
            this.app = app;
            this.thread = new Thread(() -> {
                try {
                    app.run();
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "examples-application");
        }

        /** Awaitility that gives up at once when the application has failed. */
        ConditionFactory await() {
            return Awaitility.await().failFast("the application failed", () -> failure.get() != null);
        }

        static Running start(ExamplesApplication app) {
            Running r = new Running(app);
            r.thread.start();
            return r;
        }

        @Override
        public void close() throws Exception {
            app.main().completed();
            thread.join(Duration.ofSeconds(20).toMillis());
            assertFalse(thread.isAlive(), "the application stops when asked to");
            assertNull(failure.get(), () -> "the application failed: " + failure.get());
        }
    }
}
