package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.ResourceSyncConstants;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.RawHttp;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The built-in serving of a published Source ({@link PublishedSourceRoutes} on platform-http, Vert.x) against
 * traversal spellings sent over a raw socket, so that no client normalises them first: none returns a byte of a file
 * beside the directory, of the host's {@code /etc/passwd}, or of the publisher's own state ({@code .publisher}). The
 * assertions are on what comes back over the wire, whichever way the files are read and sent.
 */
class PublishedServingTraversalTest {

    private static final String OUTSIDE = "outside-secret-" + UUID.randomUUID();
    private static final String STATE = "state-secret-" + UUID.randomUUID();

    @TempDir
    Path tmp;

    private CamelContext context;
    private int port;
    private Path site;
    private Path secret;

    @BeforeEach
    void publish() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        site = tmp.resolve("site");
        URI base = URI.create("http://127.0.0.1:" + port + "/rs/");
        context = TestContexts.servingPublishedSource(tmp.resolve("state"), port, site, "/rs");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:publish").to("resourcesync-publish:" + site + "?baseUrl=" + base
                                          + "&resourceListInterval=0");
            }
        });
        context.start();
        context.createProducerTemplate().sendBodyAndHeaders("direct:publish", "alpha", Map.of(
                ResourceSyncConstants.LOCATION, "http://origin.example/a.txt",
                ResourceSyncConstants.CHANGE, "created"));
        await().atMost(60, TimeUnit.SECONDS).until(() -> Files.isRegularFile(site.resolve("resourcelist.xml"))
                && Files.readString(site.resolve("resourcelist.xml")).contains("origin.example/a.txt"));
        // a file beside the served directory, and one in the publisher's state directory
        secret = Files.writeString(tmp.resolve("secret.txt"), OUTSIDE);
        Files.writeString(site.resolve(".publisher/planted.txt"), STATE);
        Files.writeString(site.resolve("inside.txt"), "inside");
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    @Test
    void noTraversalSpellingReachesAFileOutsideTheDirectoryOrThePublishersState() throws Exception {
        // the raw client does get files that are there
        RawHttp.Response inside = RawHttp.get(port, "/rs/inside.txt");
        assertEquals(200, inside.status(), inside.text());
        assertTrue(inside.text().contains("\r\n\r\n") && inside.text().contains("inside"), inside.text());
        assertEquals(200, RawHttp.get(port, "/rs/resourcelist.xml").status());

        String abs = secret.toAbsolutePath().toString(); // /tmp/junit.../secret.txt
        String deep = "../".repeat(30) + abs.substring(1); // past the file system root, then down to the secret
        List<String> targets = new ArrayList<>(List.of(
                "/rs/../secret.txt",
                "/rs/..%2fsecret.txt",
                "/rs/%2e%2e/secret.txt",
                "/rs/%2e%2e%2fsecret.txt",
                "/rs/..%5csecret.txt",
                "/rs/..\\secret.txt",
                "/rs/%2e%2e%5csecret.txt",
                "/rs/%252e%252e%252fsecret.txt",
                "/rs/..%252fsecret.txt",
                "/rs/./../secret.txt",
                "/rs/.well-known/../../secret.txt",
                "/rs/.well-known/..%2f..%2fsecret.txt",
                "/rs//etc/passwd",
                "/rs/" + deep,
                "/rs/" + deep.replace("../", "..%2f"),
                "/rs/" + deep.replace("../", "%2e%2e/"),
                "/rs/" + "../".repeat(30) + "etc/passwd",
                "/rs/" + abs,
                "/rs" + abs,
                "//" + abs.substring(1),
                abs,
                "/etc/passwd",
                "http://127.0.0.1:" + port + "/rs/../secret.txt",
                "http://127.0.0.1:" + port + "/rs/%2e%2e/secret.txt",
                "file://" + abs,
                "/rs/.publisher/planted.txt",
                "/rs/.publisher/publisher.mv.db",
                "/rs/%2epublisher/planted.txt",
                "/rs/.publisher%2fplanted.txt",
                "/rs/changelists/../.publisher/planted.txt",
                "/rs/x/..%2f.publisher/planted.txt",
                "/rs/./.publisher/planted.txt",
                "/rs/..%00/secret.txt",
                "/rs/../secret.txt%00.xml",
                "/rs/%2e%2e/secret.txt%00",
                "/rs/%c0%ae%c0%ae/secret.txt",
                "/rs/..%c0%afsecret.txt",
                "/rs/%e0%80%ae%e0%80%ae/secret.txt",
                "/rs/..%ef%bc%8fsecret.txt",
                "/rs/%2E%2E/secret.txt",
                "/rs/%2E%2e%2Fsecret.txt",
                "/rs/....//secret.txt",
                "/rs/....//....//secret.txt",
                "/rs/..;/secret.txt",
                "/rs/.%2e/secret.txt",
                "/rs/%2e./secret.txt",
                "/rs/%u002e%u002e/secret.txt",
                "/rs/..%255csecret.txt",
                "/rs/inside.txt/../../secret.txt",
                "/rs%2f..%2fsecret.txt",
                "/rs/ ../secret.txt"));
        Map<String, String> leaks = new LinkedHashMap<>();
        for (String target : targets) {
            RawHttp.Response r = RawHttp.get(port, target);
            String text = r.text();
            if (r.status() == 200 || text.contains(OUTSIDE) || text.contains(STATE) || text.contains("root:x:0:0")
                || text.contains("H:2,block:")) {
                leaks.put(target, r.status() + " " + text);
            }
        }
        assertTrue(leaks.isEmpty(), "answered with a file outside the served directory or the publisher's state: "
                                    + leaks);
        assertTrue(targets.size() >= 21);
    }

    /** A name inside the directory whose symbolic link leads out of it, or into the publisher's state, is not served. */
    @Test
    void aSymlinkInsideTheDirectoryDoesNotLeadOutOfIt() throws Exception {
        Files.createSymbolicLink(site.resolve("link.txt"), secret.toAbsolutePath());
        Files.createSymbolicLink(site.resolve("up"), tmp.toAbsolutePath());
        Files.createSymbolicLink(site.resolve("state.txt"), site.resolve(".publisher/planted.txt").toAbsolutePath());
        Map<String, String> leaks = new LinkedHashMap<>();
        for (String target : List.of("/rs/link.txt", "/rs/up/secret.txt", "/rs/state.txt",
                "/rs/up/site/.publisher/planted.txt")) {
            RawHttp.Response r = RawHttp.get(port, target);
            String text = r.text();
            if (text.contains(OUTSIDE) || text.contains(STATE)) {
                leaks.put(target, r.status() + " " + new String(text.getBytes(StandardCharsets.ISO_8859_1),
                        StandardCharsets.UTF_8));
            }
        }
        assertTrue(leaks.isEmpty(), "a symbolic link led out of the served directory: " + leaks);
    }
}
