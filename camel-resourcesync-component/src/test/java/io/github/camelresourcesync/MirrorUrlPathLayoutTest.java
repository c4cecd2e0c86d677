package io.github.camelresourcesync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fileLayout=urlPath} on the consumer and {@code layout=urlPath} on the mirror, through routes against a real
 * Source: the mirror reproduces the Source's URL paths, a file needed as a directory fails its event naming both and
 * overwrites nothing, traversal stays impossible, and an audit of the mirror in the same layout finds it in sync.
 */
class MirrorUrlPathLayoutTest {

    private static final long TIMEOUT = 60;

    @TempDir
    Path dir;

    private TestSource source;
    private CamelContext context;
    private final List<String> fileNames = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        source = new TestSource().put("/res/records/123", "one two three").put("/res/records/124.xml", "<r/>")
                .put("/res/top.txt", "top");
        context = new DefaultCamelContext();
    }

    @AfterEach
    void stop() {
        context.stop();
        source.close();
    }

    private Path mirror() {
        return dir.resolve("mirror");
    }

    private void mirrorRoute(String consumerOptions) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).handled(true)
                        .process(e -> failures.add(e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class)
                                .getMessage()));
                from("resourcesync:" + source.base() + "?delay=200&initialDelay=0&stateDirectory=" + dir.resolve("state")
                     + consumerOptions)
                        .routeId("mirror")
                        .process(e -> fileNames.add(e.getIn().getHeader(Exchange.FILE_NAME, String.class)))
                        .to("resourcesync-mirror:" + mirror() + "?layout=urlPath");
            }
        });
        context.start();
    }

    @Test
    void theMirrorHasTheSourcesPathsAndTheFileNamesSayThem() throws Exception {
        mirrorRoute("&fileLayout=urlPath");
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> Files.exists(mirror().resolve("res/top.txt")));
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> Files.exists(mirror().resolve("res/records/124.xml")));
        assertEquals("one two three", Files.readString(mirror().resolve("res/records/123")));
        assertFalse(Files.exists(mirror().resolve("res/records/123@")));
        // CamelFileName, for users of file:, is the same path
        assertTrue(fileNames.containsAll(List.of("res/records/123", "res/records/124.xml", "res/top.txt")), fileNames.toString());

        // a deletion removes the file at the Source's path
        source.delete("/res/records/123");
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> !Files.exists(mirror().resolve("res/records/123")));
        assertEquals(List.of(), failures);
    }

    @Test
    void aFileNeededAsADirectoryFailsItsEventAndOverwritesNothing() throws Exception {
        source.put("/res/records/123/a.xml", "<a/>");
        mirrorRoute("");
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> !failures.isEmpty());
        String message = failures.get(0);
        assertTrue(message.contains("/res/records/123/a.xml") && message.contains("/res/records/123 as a directory")
                   && message.contains("layout=collisionFree"), message);
        assertEquals("one two three", Files.readString(mirror().resolve("res/records/123")));
        assertFalse(Files.exists(mirror().resolve("res/records/123/a.xml")));

        // the reverse: a directory where a file must go
        Files.createDirectories(mirror().resolve("res/records/9"));
        Files.writeString(mirror().resolve("res/records/9/kept.txt"), "kept");
        CamelExecutionException e = assertThrows(CamelExecutionException.class,
                () -> context.createProducerTemplate().sendBodyAndHeaders(
                        "resourcesync-mirror:" + mirror() + "?layout=urlPath", "nine",
                        Map.of(ResourceSyncConstants.LOCATION, source.uri("/res/records/9").toString(),
                                ResourceSyncConstants.CHANGE, "created")));
        String reverse = e.getCause().getMessage();
        assertTrue(reverse.contains("Cannot write /res/records/9") && reverse.contains("/res/records/9/kept.txt"),
                reverse);
        assertEquals("kept", Files.readString(mirror().resolve("res/records/9/kept.txt")));
    }

    @Test
    void traversalStaysImpossible() throws Exception {
        context.start();
        for (String location : List.of("http://h/../escape.txt", "http://h/a/../../escape.txt", "http://h/.",
                "http://h/a/%2e%2E/%2E%2e/escape.txt", "http://h/a/..%2Fescape.txt", "http://h/a/..%5Cescape.txt",
                "http://h/", "http://h/a%00b", "http://h/x?q=1")) {
            CamelExecutionException e = assertThrows(CamelExecutionException.class,
                    () -> context.createProducerTemplate().sendBodyAndHeaders(
                            "resourcesync-mirror:" + mirror() + "?layout=urlPath", "x",
                            Map.of(ResourceSyncConstants.LOCATION, location, ResourceSyncConstants.CHANGE, "created")),
                    location);
            assertTrue(e.getCause() instanceof IllegalArgumentException
                       && e.getCause().getMessage().contains("has no file in layout urlPath"), location + ": " + e.getCause());
        }
        assertFalse(Files.exists(dir.resolve("escape.txt")));
    }

    @Test
    void anAuditInTheSameLayoutFindsTheMirrorInSyncAndRepairsIt() throws Exception {
        mirrorRoute("&fileLayout=urlPath");
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> Files.exists(mirror().resolve("res/top.txt"))
                                                              && Files.exists(mirror().resolve("res/records/124.xml"))
                                                              && Files.exists(mirror().resolve("res/records/123")));
        context.getRouteController().stopRoute("mirror");
        Files.delete(mirror().resolve("res/records/124.xml"));
        Files.writeString(mirror().resolve("res/records/extra"), "not at the Source");

        List<Message> reports = new CopyOnWriteArrayList<>();
        List<String> results = new CopyOnWriteArrayList<>();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?mode=audit&fileLayout=urlPath&repeatCount=2&delay=500"
                     + "&initialDelay=0&stateDirectory=" + dir.resolve("state-audit") + "&auditDirectory=" + mirror())
                        .choice()
                        .when(header(ResourceSyncConstants.AUDIT_RESULT).isEqualTo("report"))
                        .process(e -> reports.add(e.getIn().copy()))
                        .otherwise()
                        .process(e -> results.add(e.getIn().getHeader(ResourceSyncConstants.AUDIT_RESULT) + " "
                                                  + e.getIn().getHeader(Exchange.FILE_NAME)))
                        .to("resourcesync-mirror:" + mirror() + "?layout=urlPath");
            }
        });
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> reports.size() >= 2);
        assertEquals(List.of("extra res/records/extra", "missing res/records/124.xml"), results.stream().sorted().distinct()
                .toList());
        assertEquals(false, reports.get(0).getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class));
        // repaired by the first audit, so the second finds the mirror in sync
        assertEquals(true, reports.get(1).getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class));
        assertEquals("<r/>", Files.readString(mirror().resolve("res/records/124.xml")));
        assertFalse(Files.exists(mirror().resolve("res/records/extra")));
    }
}
