package io.github.camelresourcesync.kamelets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The shipped {@code resourcesync-source}, {@code resourcesync-mirror-sink} and {@code resourcesync-publish-sink}
 * Kamelets in YAML routes, as a user of Kamelet tooling writes them, against a real Source on loopback: what the
 * Source has ends up in the mirror and in the published Source, changes and deletions included.
 */
class ResourceSyncKameletsTest {

    @TempDir
    Path dir;

    private TestSource source;
    private CamelContext context;

    @BeforeEach
    void start() throws IOException {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/sub/c.txt", "charlie");
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private void load(String yaml) throws Exception {
        context = new DefaultCamelContext();
        PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("kamelets.yaml", yaml));
        context.start();
    }

    private String sourceKamelet() {
        return """
                - route:
                    id: harvest
                    from:
                      uri: kamelet:resourcesync-source
                      parameters:
                        sourceUrl: "%s"
                        period: 200
                        emitDeletes: true
                        stateDirectory: "%s"
                      steps:
                """.formatted(source.base(), dir.resolve("state"));
    }

    @Test
    void sourceIntoMirrorSink() throws Exception {
        Path mirror = dir.resolve("mirror");
        load(sourceKamelet() + """
                        - to:
                            uri: kamelet:resourcesync-mirror-sink
                            parameters:
                              directory: "%s"
                """.formatted(mirror));
        await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(mirror.resolve("res/sub/c.txt")));
        assertEquals("alpha", Files.readString(mirror.resolve("res/a.txt")));
        assertEquals("charlie", Files.readString(mirror.resolve("res/sub/c.txt")));

        source.change("/res/a.txt", "alpha 2");
        source.delete("/res/sub/c.txt");
        await().atMost(60, TimeUnit.SECONDS).until(() -> !Files.exists(mirror.resolve("res/sub/c.txt"))
                                                         && "alpha 2".equals(read(mirror.resolve("res/a.txt"))));
        // pruneEmptyDirectories defaults to true, as on the endpoint
        assertEquals(false, Files.exists(mirror.resolve("res/sub")));
    }

    @Test
    void sourceIntoPublishSink() throws Exception {
        Path site = dir.resolve("site");
        load(sourceKamelet() + """
                        - to:
                            uri: kamelet:resourcesync-publish-sink
                            parameters:
                              directory: "%s"
                              baseUrl: "http://republished.example.org/rs/"
                              storeContent: true
                              changeListSize: 2
                """.formatted(site));
        String a = source.uri("/res/a.txt").toString();
        String c = source.uri("/res/sub/c.txt").toString();
        await().atMost(60, TimeUnit.SECONDS).until(() -> published(site).contains(c));
        String documents = published(site);
        // the republished Source describes itself at its baseUrl and lists both resources of the original
        assertEquals(true, documents.contains("http://republished.example.org/rs/"), documents);
        assertEquals(true, documents.contains(a), documents);

        source.delete("/res/a.txt");
        await().atMost(60, TimeUnit.SECONDS).until(() -> published(site).contains("change=\"deleted\""));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return null;
        }
    }

    /** The text of every XML document the publisher wrote. */
    private static String published(Path site) throws IOException {
        if (!Files.isDirectory(site)) {
            return "";
        }
        for (int attempt = 1; ; attempt++) {
            StringBuilder sb = new StringBuilder();
            try (Stream<Path> files = Files.walk(site)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".xml")).toList()) {
                    String text = read(f);
                    sb.append(text == null ? "" : text);
                }
                return sb.toString();
            } catch (java.io.UncheckedIOException e) {
                // the publisher replaced a file while it was walked (a temporary file renamed into place): walk again
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }
}
