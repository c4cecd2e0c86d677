package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A Source that lists resources at the same path on its own origin and on another port of its own host: the mirror
 * keeps both, each under its own name (an origin is scheme, host and port; a name that ignored the port would let
 * one overwrite the other).
 */
class MirrorOriginsTest {

    @TempDir
    Path tmp;

    @Test
    void aResourceOnAnotherPortOfTheSourcesHostIsNotTheSourcesOwn() throws Exception {
        try (TestHttpServer source = TestHttpServer.start(); TestHttpServer other = TestHttpServer.start()) {
            source.serve("/r/a.txt", "on the Source's own port", "text/plain");
            other.serve("/r/a.txt", "on another port", "text/plain");
            source.serveXml("/resourcelist.xml", LiteralSource.URLSET + """
                    <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                    <url><loc>{base}/r/a.txt</loc></url>
                    <url><loc>%s</loc></url>
                    </urlset>""".formatted(other.uri("/r/a.txt")));
            Path mirror = tmp.resolve("mirror");
            CamelContext context = new DefaultCamelContext();
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.uri("/resourcelist.xml") + "?delay=200&stateDirectory="
                         + tmp.resolve("state")).to("resourcesync-mirror:" + mirror);
                }
            });
            context.start();
            try {
                await().atMost(20, TimeUnit.SECONDS).until(() -> files(mirror).size() == 2);
                Map<String, String> files = files(mirror);
                assertEquals("on the Source's own port", files.get("r/a.txt"), () -> "mirror: " + files);
                assertEquals(1, files.values().stream().filter("on another port"::equals).count(),
                        () -> "mirror: " + files);
            } finally {
                context.stop();
            }
        }
    }

    /** The mirror's files and contents, without the temporary files of writes under way. */
    private static Map<String, String> files(Path root) throws Exception {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith(".rsync-")).toList()) {
                files.put(root.relativize(p).toString().replace('\\', '/'), Files.readString(p));
            }
        }
        return files;
    }
}
