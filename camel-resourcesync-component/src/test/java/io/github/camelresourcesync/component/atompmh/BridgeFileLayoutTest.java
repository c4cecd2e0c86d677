package io.github.camelresourcesync.component.atompmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * {@code fileLayout} on the bridges: the Atom-PMH bridge names each record's file after its location in either layout,
 * so {@code urlPath} gives the feed's own paths ({@code /records/123} is {@code records/123}) and a mirror in that
 * layout reproduces them; the META-SHARE bridge names each record {@code <id>.xml} (its record URLs end in
 * {@code /metadata/}), so {@code fileLayout} is no option of it (ComponentOptionsTest checks it is refused).
 */
class BridgeFileLayoutTest {

    @TempDir
    Path dir;

    private CamelContext context;
    private final Map<String, String> names = new ConcurrentHashMap<>();

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
    }

    private void run(String from, String to) throws Exception {
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(from).process(e -> names.put(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class),
                        e.getIn().getHeader(ResourceSyncConstants.FILE_NAME, "(none)", String.class))).to(to);
            }
        });
        context.start();
    }

    @Test
    void atomPmhInBothLayouts() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            StringBuilder feed = new StringBuilder(AtomPmhConsumerTest.HEAD + "<updated>2024-01-01T00:02:00Z</updated>");
            for (String path : List.of("/records/123", "/records/a.txt")) {
                feed.append("<entry><title>r</title><id>urn:").append(path).append("</id>")
                        .append("<updated>2024-01-01T00:01:00Z</updated><link rel=\"alternate\" type=\"text/plain\"")
                        .append(" href=\"").append(path).append("\"/></entry>");
                server.serve(path, "body of " + path, "text/plain");
            }
            server.serve("/feed", feed.append("</feed>").toString(), "application/atom+xml");
            String r123 = server.uri("/records/123").toString();
            String txt = server.uri("/records/a.txt").toString();

            Path mirror = dir.resolve("url-path");
            run("resourcesync-atompmh:" + server.uri("/feed") + "?fileLayout=urlPath&delay=100&stateDirectory="
                + dir.resolve("s1"), "resourcesync-mirror:" + mirror + "?layout=urlPath");
            await().atMost(30, TimeUnit.SECONDS).until(() -> Files.exists(mirror.resolve("records/123"))
                                                             && Files.exists(mirror.resolve("records/a.txt")));
            assertEquals(Map.of(r123, "records/123", txt, "records/a.txt"), names);
            assertEquals("body of /records/123", Files.readString(mirror.resolve("records/123")));
            context.stop();

            names.clear();
            run("resourcesync-atompmh:" + server.uri("/feed") + "?delay=100&stateDirectory=" + dir.resolve("s2"),
                    "log:x?level=OFF");
            await().atMost(30, TimeUnit.SECONDS).until(() -> names.size() == 2);
            // the default, collision-free: a name without a dot is marked, so it can never be a directory's
            assertFalse(names.get(r123).equals("records/123"), names.toString());
            assertEquals("records/a.txt", names.get(txt).substring(names.get(txt).indexOf("records/")));
            context.stop();

            // and through the Kamelet, whose fileLayout property is the endpoint's option
            names.clear();
            run("kamelet:atom-pmh-source?feedUrl=" + server.uri("/feed") + "&fileLayout=urlPath&period=100"
                + "&stateDirectory=" + dir.resolve("s3"), "log:x?level=OFF");
            await().atMost(30, TimeUnit.SECONDS).until(() -> names.size() == 2);
            assertEquals(Map.of(r123, "records/123", txt, "records/a.txt"), names);
        }
    }

    @Test
    void metashareNamesRecordsById() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", "pw")) {
            String id = node.add("<resourceInfo xmlns=\"http://www.ilsp.gr/META-XMLSchema\"><identificationInfo>"
                                 + "<resourceName lang=\"en\">x</resourceName></identificationInfo></resourceInfo>");
            run("resourcesync-metashare:" + node.baseUri() + "?username=harvester&password=pw"
                + "&delay=100&stateDirectory=" + dir.resolve("m"), "log:x?level=OFF");
            await().atMost(30, TimeUnit.SECONDS).until(() -> names.size() == 1);
            assertEquals(id + ".xml", names.values().iterator().next());
        }
    }
}
