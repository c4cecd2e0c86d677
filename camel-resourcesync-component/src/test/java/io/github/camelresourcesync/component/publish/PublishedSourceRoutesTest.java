package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.MirrorAssertions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.testsupport.SitemapStructure;
import io.github.camelresourcesync.testsupport.OpenFiles;
import io.github.camelresourcesync.testsupport.StrictGzip;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The built-in HTTP serving of a published Source ({@link PublishedSourceRoutes} on platform-http with Vert.x):
 * content types, validators, conditional requests, gzip, hidden state; and a harvester syncing through it.
 */
class PublishedSourceRoutesTest {

    @TempDir
    Path tmp;

    private CamelContext context;
    private URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        base = URI.create("http://127.0.0.1:" + port + "/rs/");
        context = TestContexts.servingPublishedSource(tmp.resolve("state"), port, tmp.resolve("site"), "/rs");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:publish").to("resourcesync-publish:" + tmp.resolve("site") + "?baseUrl=" + base
                                                    + "&resourceListInterval=0");
            }
        });
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    private void publish(String location, String change, String body) {
        ProducerTemplate t = context.createProducerTemplate();
        t.sendBodyAndHeaders("direct:publish", body,
                Map.of(ResourceSyncConstants.LOCATION, location, ResourceSyncConstants.CHANGE, change));
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void servesDocumentsWithTypesValidatorsConditionalRequestsAndGzip() throws Exception {
        publish("http://origin.example/a.txt", "created", "alpha");
        // documents follow within flushInterval; compare served and stored files once they are written
        await().atMost(60, TimeUnit.SECONDS)
                .until(() -> read(tmp.resolve("site/resourcelist.xml")).contains("origin.example/a.txt"));
        HttpResponse<byte[]> sd = get(".well-known/resourcesync");
        assertEquals(200, sd.statusCode());
        assertEquals("application/xml", sd.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(SitemapStructure.check(new ByteArrayInputStream(sd.body()), "sd").isEmpty());

        HttpResponse<byte[]> rl = get("resourcelist.xml");
        String etag = rl.headers().firstValue("ETag").orElseThrow();
        String lastModified = rl.headers().firstValue("Last-Modified").orElseThrow();
        assertEquals(Files.readString(tmp.resolve("site/resourcelist.xml")), new String(rl.body(),
                StandardCharsets.UTF_8));
        assertEquals(304, get("resourcelist.xml", "If-None-Match", etag).statusCode());
        assertEquals(304, get("resourcelist.xml", "If-Modified-Since", lastModified).statusCode());
        assertEquals(200, get("resourcelist.xml", "If-None-Match", "\"other\"").statusCode());

        HttpResponse<byte[]> gz = get("resourcelist.xml", "Accept-Encoding", "gzip");
        assertEquals("gzip", gz.headers().firstValue("Content-Encoding").orElseThrow());
        // decoded strictly: one gzip member, its trailer the last 8 bytes of the body
        assertEquals(new String(rl.body(), StandardCharsets.UTF_8), new String(StrictGzip.decode(gz.body()),
                StandardCharsets.UTF_8));
        assertTrue(!gz.headers().firstValue("ETag").orElseThrow().equals(etag), "each encoding has its own ETag");

        Thread.sleep(1100); // Last-Modified has second precision
        publish("http://origin.example/b.txt", "created", "bravo");
        // the documents show an acknowledged change within flushInterval
        await().atMost(60, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(200,
                get("resourcelist.xml", "If-None-Match", etag).statusCode(), "a rewritten document is served again"));
        assertEquals(200, get("resourcelist.xml", "If-Modified-Since", lastModified).statusCode());

        assertEquals(404, get(".publisher/publisher.mv.db").statusCode(), "the publisher's state is not served");
        assertEquals(404, get("../../etc/passwd").statusCode());
        assertEquals(404, get("missing.xml").statusCode());
        assertEquals(404, get("changelists/").statusCode(), "no directory listings");
        HttpResponse<byte[]> head = http.send(HttpRequest.newBuilder(base.resolve("changelist.xml"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, head.statusCode());
        assertEquals(0, head.body().length);
        assertNull(head.headers().firstValue("Content-Encoding").orElse(null));
    }

    /**
     * What the serving answers besides documents (a method it does not take, the context root, a missing file) and
     * which files it compresses: text and XML when the client accepts gzip (any case, any weight but 0), never
     * binary files; a HEAD says the length only of what it would send unencoded.
     */
    @Test
    void answersOtherRequestsAndCompressesOnlyTextForClientsThatAcceptGzip() throws Exception {
        Files.createDirectories(tmp.resolve("site"));
        Files.writeString(tmp.resolve("site/notes.txt"), "notes ".repeat(100));
        Files.write(tmp.resolve("site/data.bin"), new byte[600]);

        HttpResponse<byte[]> post = http.send(HttpRequest.newBuilder(base.resolve("notes.txt"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
        assertEquals(0, post.body().length, "the request's body does not come back");

        HttpResponse<byte[]> root = get("");
        assertEquals(200, root.statusCode());
        assertEquals("text/html; charset=utf-8", root.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("<.well-known/resourcesync>; rel=\"resourcesync\"", root.headers().firstValue("Link").orElseThrow());
        assertTrue(new String(root.body(), StandardCharsets.UTF_8).contains("href=\".well-known/resourcesync\""));

        HttpResponse<byte[]> missing = get("missing.xml");
        assertEquals("text/plain", missing.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("Not found", new String(missing.body(), StandardCharsets.UTF_8));

        HttpResponse<byte[]> plain = get("notes.txt");
        assertEquals("text/plain", plain.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("Accept-Encoding", plain.headers().firstValue("Vary").orElseThrow());
        assertEquals("bytes", plain.headers().firstValue("Accept-Ranges").orElseThrow());
        assertNull(plain.headers().firstValue("Link").orElse(null), "no topic links for a file that is no topic");
        for (String accepted : List.of("gzip", "GZIP", "deflate, gzip;q=0.5")) {
            HttpResponse<byte[]> gz = get("notes.txt", "Accept-Encoding", accepted);
            assertEquals("gzip", gz.headers().firstValue("Content-Encoding").orElse(null), accepted);
            assertEquals("notes ".repeat(100), new String(StrictGzip.decode(gz.body()), StandardCharsets.UTF_8));
        }
        for (String refused : List.of("gzip;q=0", "gzip; q=0.0", "deflate", "x-gzip")) {
            assertNull(get("notes.txt", "Accept-Encoding", refused).headers().firstValue("Content-Encoding")
                    .orElse(null), refused);
        }
        HttpResponse<byte[]> binary = get("data.bin", "Accept-Encoding", "gzip");
        assertEquals("application/octet-stream", binary.headers().firstValue("Content-Type").orElseThrow());
        assertNull(binary.headers().firstValue("Content-Encoding").orElse(null), "binary files are sent as they are");
        assertEquals(600, binary.body().length);

        HttpResponse<byte[]> head = http.send(HttpRequest.newBuilder(base.resolve("notes.txt"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("600", head.headers().firstValue("Content-Length").orElseThrow());
        HttpResponse<byte[]> headGzip = http.send(HttpRequest.newBuilder(base.resolve("notes.txt"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).header("Accept-Encoding", "gzip").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("gzip", headGzip.headers().firstValue("Content-Encoding").orElseThrow());
        assertNotEquals("600", headGzip.headers().firstValue("Content-Length").orElse("none"),
                "the unencoded length is not the length of a gzip body");

        String etag = plain.headers().firstValue("ETag").orElseThrow();
        assertEquals(304, get("notes.txt", "If-None-Match", "W/" + etag).statusCode(), "a weak validator matches");
        assertEquals(304, get("notes.txt", "If-None-Match", "*").statusCode());
        assertEquals(200, get("notes.txt", "If-Modified-Since", "yesterday").statusCode(), "a date it cannot read");
    }

    /** {@code length} random bytes (from {@code seed}) served as {@code dumps/part.zip}. */
    private byte[] randomDumpPart(int length, long seed) throws IOException {
        byte[] data = new byte[length];
        new java.util.Random(seed).nextBytes(data);
        Files.write(Files.createDirectories(tmp.resolve("site/dumps")).resolve("part.zip"), data);
        return data;
    }

    @Test
    void answersOneByteRangeAndHeadWithTheLength() throws Exception {
        byte[] data = randomDumpPart(100_000, 24);

        HttpResponse<byte[]> first = get("dumps/part.zip", "Range", "bytes=0-9");
        assertEquals(206, first.statusCode());
        assertEquals("bytes 0-9/100000", first.headers().firstValue("Content-Range").orElseThrow());
        assertArrayEquals(Arrays.copyOfRange(data, 0, 10), first.body());
        HttpResponse<byte[]> one = get("dumps/part.zip", "Range", "bytes=7-7");
        assertEquals(206, one.statusCode(), "a range of one byte");
        assertArrayEquals(Arrays.copyOfRange(data, 7, 8), one.body());
        HttpResponse<byte[]> suffix = get("dumps/part.zip", "Range", "bytes=-5");
        assertEquals(206, suffix.statusCode());
        assertEquals("bytes 99995-99999/100000", suffix.headers().firstValue("Content-Range").orElseThrow());
        assertArrayEquals(Arrays.copyOfRange(data, 99_995, 100_000), suffix.body());
        HttpResponse<byte[]> open = get("dumps/part.zip", "Range", "bytes=99990-");
        assertArrayEquals(Arrays.copyOfRange(data, 99_990, 100_000), open.body());
        HttpResponse<byte[]> beyond = get("dumps/part.zip", "Range", "bytes=100000-");
        assertEquals(416, beyond.statusCode());
        assertEquals("bytes */100000", beyond.headers().firstValue("Content-Range").orElseThrow());

        HttpResponse<byte[]> whole = get("dumps/part.zip");
        assertEquals(200, whole.statusCode());
        assertEquals("bytes", whole.headers().firstValue("Accept-Ranges").orElseThrow());
        assertEquals("application/zip", whole.headers().firstValue("Content-Type").orElseThrow());
        assertArrayEquals(data, whole.body());
        assertArrayEquals(data, get("dumps/part.zip", "Range", "bytes=0-1,5-6").body(), "several ranges: all");
        String etag = whole.headers().firstValue("ETag").orElseThrow();
        assertEquals(206, get("dumps/part.zip", "Range", "bytes=0-9", "If-Range", etag).statusCode());
        assertEquals(200, get("dumps/part.zip", "Range", "bytes=0-9", "If-Range", "\"older\"").statusCode(),
                "If-Range of another version: the whole file");

        HttpResponse<byte[]> head = http.send(HttpRequest.newBuilder(base.resolve("dumps/part.zip"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, head.statusCode());
        assertEquals("100000", head.headers().firstValue("Content-Length").orElseThrow());
        assertEquals(0, head.body().length);
        assertEquals(404, get("dumps/../../state/x", "Range", "bytes=0-9").statusCode());
    }

    /**
     * A served body ends where its file (or range) ends, also for an empty file, the last byte of a file and a gzip
     * body: the client has the whole response at once and sends its next request on the same connection. The file is
     * closed once answered.
     */
    @Test
    void everyServedBodyEndsWhereItsFileOrRangeEnds() throws Exception {
        byte[] data = randomDumpPart(40_000, 7);
        Files.write(tmp.resolve("site/dumps/empty.zip"), new byte[0]);
        Files.writeString(tmp.resolve("site/notes.txt"), "notes");
        // one connection (HTTP/1.1 keep-alive); a body that never ends fails the test instead of hanging it (a
        // request's own timeout ends when the headers arrive, so the whole exchange is timed)
        HttpClient one = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
            for (int i = 0; i < 2; i++) {
                assertArrayEquals(data, one.send(HttpRequest.newBuilder(base.resolve("dumps/part.zip")).build(),
                        HttpResponse.BodyHandlers.ofByteArray()).body());
                assertArrayEquals(new byte[0], one.send(HttpRequest.newBuilder(base.resolve("dumps/empty.zip")).build(),
                        HttpResponse.BodyHandlers.ofByteArray()).body());
                assertArrayEquals(Arrays.copyOfRange(data, 39_999, 40_000), one.send(HttpRequest.newBuilder(
                        base.resolve("dumps/part.zip")).header("Range", "bytes=-1").build(),
                        HttpResponse.BodyHandlers.ofByteArray()).body());
                assertEquals("notes", new String(StrictGzip.decode(one.send(HttpRequest.newBuilder(base.resolve(
                        "notes.txt")).header("Accept-Encoding", "gzip").build(),
                        HttpResponse.BodyHandlers.ofByteArray()).body()), StandardCharsets.UTF_8));
            }
        }, "every body ends");
        if (OpenFiles.readable()) {
            // and each served file is closed once answered: no descriptor is left per request (the publisher's own
            // state under .publisher stays open while it runs)
            Path state = tmp.resolve("site/.publisher").toRealPath();
            await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(List.of(),
                    OpenFiles.under(tmp.resolve("site")).stream().filter(f -> !f.startsWith(state)).toList(),
                    "served files still open"));
        }
    }

    @Test
    void harvesterSyncsThroughTheBuiltInServer() throws Exception {
        try (TestSource origin = new TestSource()) {
            origin.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + origin.base() + "?delay=100&initialDelay=0&stateId=origin")
                            .to("direct:publish");
                    from("resourcesync:" + base + "?delay=100&initialDelay=0&stateId=published")
                            .to("resourcesync-mirror:" + tmp.resolve("mirror"));
                }
            });
            awaitMirror(origin);
            origin.change("/res/a.txt", "alpha 2");
            origin.delete("/res/b.txt");
            origin.change("/res/c.txt", "charlie");
            awaitMirror(origin);
        }
    }

    /** The origin's resources in the mirror of the published Source, which lists their URLs on another origin. */
    private void awaitMirror(TestSource origin) {
        Map<String, String> expected = new TreeMap<>();
        origin.snapshot().forEach((k, v) -> expected.put(SyncEvents.fileName(origin.uri(k), base), v));
        await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                () -> assertEquals(expected, MirrorAssertions.read(tmp.resolve("mirror"))));
    }

    static String read(Path p) throws IOException {
        return Files.readString(p);
    }
}
