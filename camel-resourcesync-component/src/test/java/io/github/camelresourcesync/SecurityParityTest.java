package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.camelresourcesync.http.LinkRefusedException;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every harvesting endpoint obeys the same fetch policy with its defaults: hostile Sources on loopback name local files,
 * other schemes, another host by name, by IP, by other spellings of an address, by a user-info trick and by redirect.
 * Only the Source's own resources reach the mirror; no local file is read and the other host gets no request.
 */
class SecurityParityTest {

    private static final String PASSWD = "file:///etc/passwd";

    @TempDir
    Path dir;

    private TestHttpServer source;
    /** "Another host": the same machine at 127.0.0.2, which the Sources must not steer the harvester to. */
    private TestHttpServer other;
    private CamelContext context;
    private final RecordingExceptionHandler failures = new RecordingExceptionHandler();

    @BeforeEach
    void start() throws Exception {
        source = TestHttpServer.start();
        other = TestHttpServer.startOn("127.0.0.2");
        other.serve("/secret.txt", "internal secret", "text/plain");
        source.redirect("/res/moved", 302, other.uri("/secret.txt").toString());
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
    }

    @AfterEach
    void stop() {
        context.stop();
        source.close();
        other.close();
    }

    /** The links a hostile Source names besides its own resource, each with what must refuse it. */
    private List<String> hostileLinks() {
        int port = source.port();
        int otherPort = other.port();
        return List.of(PASSWD, "jar:file:///tmp/x.jar!/a.txt", "ftp://127.0.0.1/x.txt",
                "http://localhost:" + port + "/res/good.txt", // the same server under another name
                "http://2130706433:" + port + "/res/good.txt", // 127.0.0.1 as a decimal number
                "http://[::ffff:127.0.0.2]:" + otherPort + "/secret.txt", // IPv6-mapped
                "http://127.0.0.1:" + port + "@127.0.0.2:" + otherPort + "/secret.txt", // user-info trick
                other.uri("/secret.txt").toString(), // another host by IP
                source.uri("/res/moved").toString()); // a redirect to another host
    }

    @Test
    void aResourceListNamingOtherPlacesMirrorsOnlyItsOwnResource() throws Exception {
        String good = "good resource";
        source.serve("/res/good.txt", good, "text/plain");
        StringBuilder urls = new StringBuilder("<url><loc>" + source.uri("/res/good.txt") + "</loc><rs:md length=\""
                                               + good.length() + "\" hash=\"md5:" + md5(good) + "\"/></url>\n");
        for (String link : hostileLinks()) {
            urls.append("<url><loc>").append(link.replace("&", "&amp;")).append("</loc></url>\n");
        }
        source.serve("/resourcelist.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                %s</urlset>""".formatted(urls), "application/xml");
        Path mirror = dir.resolve("mirror");
        route("resourcesync:" + source.uri("/resourcelist.xml") + "?breakOnFirstError=false&stateDirectory="
              + dir.resolve("state") + "&exceptionHandler=#failures&delay=3600000", mirror);

        await().atMost(30, TimeUnit.SECONDS).until(() -> failures.failedEvents().size() == hostileLinks().size());
        await().atMost(30, TimeUnit.SECONDS).until(() -> mirrored(mirror).equals(List.of("good.txt")));
        assertEquals(good, Files.readString(mirror.resolve(mirroredPath(mirror, "good.txt"))));
        assertRefusedWithReasons(1);
    }

    @Test
    void aHostileAtomFeedMirrorsOnlyItsOwnRecord() throws Exception {
        source.serve("/records/good.xml", "<record>good</record>", "application/xml");
        StringBuilder entries = new StringBuilder(entry("urn:good", 0, source.uri("/records/good.xml").toString()));
        List<String> links = hostileLinks();
        for (int i = 0; i < links.size(); i++) {
            entries.append(entry("urn:hostile-" + i, i + 1, links.get(i)));
        }
        source.serve("/feed", """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><id>urn:test:feed</id><title>hostile</title>
                <updated>2024-01-01T01:00:00Z</updated>
                %s</feed>""".formatted(entries), "application/atom+xml");
        Path mirror = dir.resolve("atom-mirror");
        route("resourcesync-atompmh:" + source.uri("/feed") + "?breakOnFirstError=false&stateDirectory="
              + dir.resolve("state") + "&exceptionHandler=#failures&delay=3600000", mirror);

        await().atMost(30, TimeUnit.SECONDS).until(() -> failures.failedEvents().size() == links.size());
        await().atMost(30, TimeUnit.SECONDS).until(() -> mirrored(mirror).size() == 1);
        List<String> files = mirrored(mirror);
        assertEquals(1, files.size(), "only the feed's own record is mirrored: " + files);
        assertEquals("<record>good</record>", Files.readString(mirror.resolve(files.get(0))));
        assertRefusedWithReasons(0);
    }

    @Test
    void aMetashareNodeRedirectingElsewhereIsNotFollowed() throws Exception {
        // every answer of this "node" sends the harvester to another host
        source.redirect("/login/", 302, other.uri("/secret.txt").toString());
        source.redirect("/sync/", 302, other.uri("/secret.txt").toString());
        route("resourcesync-metashare:" + source.baseUri() + "?username=harvester&password=pw&stateDirectory="
              + dir.resolve("state") + "&delay=3600000", dir.resolve("metashare-mirror"));
        SyncEventPollingConsumer consumer = consumer();
        await().atMost(30, TimeUnit.SECONDS).until(() -> consumer.getStatistics().failedPolls() >= 1);
        assertEquals(0, other.totalRequests(), "the other host got no request");
        assertTrue(consumer.getLastPollError().contains("Login page of META-SHARE node " + source.baseUri()),
                consumer.getLastPollError());
        assertTrue(consumer.getLastPollError().contains("302"), consumer.getLastPollError());
    }

    @Test
    void anOversizeBodyAndATricklingServerFailTheirEventsNotTheHarvest() throws Exception {
        java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
        source.handle("/res/huge.bin", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked: 300 MB offered, length 22 published
            byte[] block = new byte[64 * 1024];
            try (java.io.OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 300 * 16; i++) {
                    out.write(block);
                    sent.addAndGet(block.length);
                }
            } catch (java.io.IOException closedByTheHarvester) {
                // expected
            }
        });
        source.handle("/res/trickle.txt", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (java.io.OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 600; i++) { // one byte every 100 ms, under the read timeout
                    out.write('x');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (java.io.IOException | InterruptedException gaveUp) {
                // expected
            }
        });
        source.serve("/res/good.txt", "good", "text/plain");
        source.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                <url><loc>%s</loc><rs:md length="22"/></url>
                <url><loc>%s</loc></url>
                <url><loc>%s</loc></url>
                </urlset>""".formatted(source.uri("/res/huge.bin"), source.uri("/res/trickle.txt"),
                source.uri("/res/good.txt")), "application/xml");
        Path mirror = dir.resolve("mirror");
        route("resourcesync:" + source.uri("/resourcelist.xml") + "?breakOnFirstError=false&requestTimeout=1500"
              + "&readTimeout=5000&maxRetries=0&stateDirectory=" + dir.resolve("state")
              + "&exceptionHandler=#failures&delay=3600000", mirror);
        await().atMost(60, TimeUnit.SECONDS).until(() -> failures.failedEvents().size() == 2);
        List<String> messages = failures.failedEvents().stream().map(e -> e.getException().getMessage()).toList();
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("Length mismatch for " + source.uri("/res/huge.bin"))
                                                   && m.contains("published length 22")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("/res/trickle.txt")
                                                   && m.contains("did not complete within 1500 ms (requestTimeout)")),
                messages::toString);
        assertTrue(sent.get() < 32L * 1024 * 1024, "the oversize body was not downloaded: " + sent.get() + " bytes");
        await().atMost(30, TimeUnit.SECONDS).until(() -> mirrored(mirror).equals(List.of("good.txt")));
        SyncEventPollingConsumer consumer = consumer();
        assertEquals(1, consumer.getFixityFailures(), "the oversize body counts as a fixity failure");
    }

    /** Every hostile link failed its own event, refused before any request, with a reason naming what and why. */
    private void assertRefusedWithReasons(int ownFetches) {
        assertEquals(0, other.totalRequests(), "the other host got no request");
        assertEquals(ownFetches, source.requests("/res/good.txt"),
                "the Source's own resource is not fetched under another name or address");
        List<String> messages = failures.failedEvents().stream()
                .map(e -> e.getException().getMessage()).collect(Collectors.toList());
        for (Throwable t : failures.failedEvents().stream().map(e -> (Throwable) e.getException()).toList()) {
            Throwable c = t;
            while (c != null && !(c instanceof LinkRefusedException)) {
                c = c.getCause();
            }
            assertInstanceOf(LinkRefusedException.class, c, "refused by the fetch policy: " + t);
        }
        assertTrue(messages.stream().anyMatch(m -> m.contains(PASSWD) && m.contains("scheme file:")
                                                   && m.contains("local files are read only when")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("scheme jar: is not fetched")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("scheme ftp: is not fetched")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("host localhost is not allowed")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("host 2130706433 is not allowed")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("host 127.0.0.2 is not allowed")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("/res/moved was redirected to " + other.uri("/secret.txt"))
                                                   && m.contains("host 127.0.0.2 is not allowed")), messages::toString);
        assertFalse(messages.stream().anyMatch(m -> m.contains("scheme") && m.contains("host ")),
                "a refused scheme is not reported as a refused host: " + messages);
    }

    private void route(String from, Path mirror) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(from).routeId("harvest").to("resourcesync-mirror:" + mirror);
            }
        });
        context.start();
    }

    private SyncEventPollingConsumer consumer() {
        return (SyncEventPollingConsumer) context.getRoute("harvest").getConsumer();
    }

    private static String entry(String id, int minute, String href) {
        return "<entry><title>" + id + "</title><id>" + id + "</id><updated>2024-01-01T00:0" + (minute % 10) + ":"
               + (10 + minute) + "Z</updated><link rel=\"alternate\" type=\"application/xml\" href=\""
               + href.replace("&", "&amp;") + "\"/></entry>\n";
    }

    private static List<String> mirrored(Path mirror) throws Exception {
        if (!Files.isDirectory(mirror)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(mirror)) {
            return files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".tmp"))
                    .map(p -> mirror.relativize(p).toString().replace('\\', '/'))
                    .map(s -> s.substring(s.lastIndexOf('/') + 1).equals("good.txt") ? "good.txt" : s).sorted()
                    .collect(Collectors.toList());
        } catch (java.io.UncheckedIOException e) {
            return List.of(); // a temporary file of the mirror vanished while listed: look again
        }
    }

    private static String mirroredPath(Path mirror, String name) throws Exception {
        try (Stream<Path> files = Files.walk(mirror)) {
            return files.filter(p -> p.getFileName().toString().equals(name)).findFirst()
                    .map(p -> mirror.relativize(p).toString()).orElseThrow();
        }
    }

    private static String md5(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
    }
}
