package io.github.camelresourcesync;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpHandler;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A gzip bomb as a resource body ({@code Content-Encoding: gzip} on content): 20 GiB of zeros in ~20 MB of gzip
 * (320 gzip members of 64 MiB each, as {@code gzip -c a b} concatenates them). The event fails at the published
 * length, or at {@code maxContentSize} when no length is published, after reading a small part of the compressed
 * stream; it is not retried, and the harvest goes on to the resources after it.
 */
class GzipBombBodyTest {

    private static final int MEMBERS = 320;
    private static final long MAX_CONTENT_SIZE = 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void aGzipBombBodyFailsItsEventAtTheLimitWithoutBeingInflatedAndTheHarvestGoesOn() throws Exception {
        byte[] member = gzippedZeros(64 * 1024 * 1024);
        long bombSize = (long) member.length * MEMBERS;
        AtomicLong sentWithLength = new AtomicLong();
        AtomicLong sentWithoutLength = new AtomicLong();
        RecordingExceptionHandler failures = new RecordingExceptionHandler();
        try (TestHttpServer source = TestHttpServer.start()) {
            source.handle("/res/bomb-published-length.txt", bomb(member, sentWithLength));
            source.handle("/res/bomb-no-length.txt", bomb(member, sentWithoutLength));
            source.serve("/res/good.txt", "good", "text/plain");
            source.serve("/resourcelist.xml", """
                    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                    <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                    <url><loc>%s</loc><rs:md length="22"/></url>
                    <url><loc>%s</loc></url>
                    <url><loc>%s</loc></url>
                    </urlset>""".formatted(source.uri("/res/bomb-published-length.txt"),
                    source.uri("/res/bomb-no-length.txt"), source.uri("/res/good.txt")), "application/xml");
            Path mirror = dir.resolve("mirror");
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("failures", failures);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.uri("/resourcelist.xml") + "?breakOnFirstError=false"
                         + "&maxContentSize=" + MAX_CONTENT_SIZE + "&stateDirectory=" + dir.resolve("state")
                         + "&exceptionHandler=#failures&delay=3600000&initialDelay=0")
                            .routeId("sync").to("resourcesync-mirror:" + mirror);
                }
            });
            context.start();
            try {
                await().atMost(Polls.TIMEOUT).untilAsserted(() -> assertEquals(2, failures.failedEvents().size(),
                        () -> "failed events " + failures.failedEvents().stream().map(e -> e.getException().toString())
                                .toList() + ", poll failures " + failures.pollFailures()));
                List<String> messages = failures.failedEvents().stream().map(e -> e.getException().getMessage())
                        .toList();
                assertTrue(messages.stream().anyMatch(m -> m.startsWith("Length mismatch for "
                        + source.uri("/res/bomb-published-length.txt")) && m.contains("published length 22")),
                        messages::toString);
                assertTrue(messages.stream().anyMatch(m -> m.contains(source.uri("/res/bomb-no-length.txt")
                        .toString()) && m.contains("(maxContentSize)")), messages::toString);
                await().atMost(Polls.TIMEOUT).until(() -> MirrorAssertions.read(mirror).keySet()
                        .equals(java.util.Set.of("res/good.txt")));
                // a small part of the ~20 MB of gzip was taken (socket buffers hold a few MB), not all 20 GiB inflated
                assertTrue(sentWithLength.get() < bombSize / 4, "sent " + sentWithLength + " of " + bombSize);
                assertTrue(sentWithoutLength.get() < bombSize / 4, "sent " + sentWithoutLength + " of " + bombSize);
                assertEquals(1, source.requests("/res/bomb-published-length.txt"), "not retried");
                assertEquals(1, source.requests("/res/bomb-no-length.txt"), "not retried");
                assertEquals("good", MirrorAssertions.read(mirror).get("res/good.txt"));
            } finally {
                context.stop();
            }
        }
    }

    /** Streams the gzip member {@link #MEMBERS} times, chunked, as {@code text/plain} with gzip content coding. */
    private static HttpHandler bomb(byte[] member, AtomicLong sent) {
        return exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < MEMBERS; i++) {
                    out.write(member);
                    sent.addAndGet(member.length);
                }
            } catch (IOException closedByTheHarvester) {
                // expected: the harvester stopped reading
            }
        };
    }

    private static byte[] gzippedZeros(int size) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        byte[] zeros = new byte[1024 * 1024];
        try (GZIPOutputStream out = new GZIPOutputStream(gz, 64 * 1024)) {
            for (int written = 0; written < size; written += zeros.length) {
                out.write(zeros);
            }
        }
        return gz.toByteArray();
    }
}
