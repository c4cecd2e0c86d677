package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A loopback Source whose locations the old mapping could not mirror: a directory URL next to its {@code index}, a
 * resource that is also the directory of another, a segment of 300 bytes. Mirrored through {@code resourcesync-mirror:}
 * exactly, kept exact through deletions, and audited in sync against the directory.
 */
class MirrorNamesRouteTest {

    private static final String LONG = "s".repeat(296) + ".txt";

    @TempDir
    Path tmp;

    private TestSource source;
    private CamelContext context;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/x/", "directory x").put("/res/x/index", "a file named index")
                .put("/res/a", "a file a").put("/res/a/b", "b under a").put("/res/" + LONG, "long")
                .put("/res/v1.2/c.txt", "c in a directory with a dot");
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        source.close();
    }

    private Path mirror() {
        return tmp.resolve("mirror");
    }

    @Test
    void locationsThatClashedAreMirroredExactlyAndAuditedInSync() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).process(e -> failures.add(e.getProperty("CamelExceptionCaught",
                        Throwable.class)));
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0").routeId("sync")
                        .to("resourcesync-mirror:" + mirror());
            }
        });
        await().atMost(20, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(expected(), files()));
        assertEquals(List.of(), failures);
        String longName = files().keySet().stream().filter(n -> n.startsWith("res/sss")).findFirst().orElseThrow();
        assertTrue(longName.matches("res/s{233}@[a-z2-7]{16}\\.txt"), longName);

        // deletions remove exactly their own file: the directory a stays as long as b@ is in it, x as long as index@
        source.delete("/res/a");
        source.delete("/res/x/");
        Map<String, String> afterDelete = expected();
        afterDelete.remove("res/a@");
        afterDelete.remove("res/x/@index");
        await().atMost(20, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(afterDelete, files()));
        source.delete("/res/a/b");
        afterDelete.remove("res/a/b@");
        await().atMost(20, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(afterDelete, files()));
        assertFalse(Files.exists(mirror().resolve("res/a")), "the emptied directory was pruned");
        context.getRouteController().stopRoute("sync");

        Message report = audit();
        assertTrue(report.getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class), report.getBody(String.class));
        assertEquals(3L, report.getHeader(ResourceSyncConstants.AUDIT_MATCHING, Long.class));
        assertEquals(List.of(), failures);
    }

    @Test
    void anAuditOfAMirrorMissingTheClashingFilesRepairsItToInSync() throws Exception {
        Message first = audit("&auditDirectory=" + mirror(), true);
        assertEquals(6L, first.getHeader(ResourceSyncConstants.AUDIT_MISSING, Long.class));
        assertEquals(expected().keySet(), files().keySet());
        Message second = audit("&auditDirectory=" + mirror(), false);
        assertTrue(second.getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class), second.getBody(String.class));
        assertEquals(6L, second.getHeader(ResourceSyncConstants.AUDIT_MATCHING, Long.class));
    }

    /** What the Source holds, under the documented names (the long one found by its content). */
    private Map<String, String> expected() throws Exception {
        Map<String, String> files = new TreeMap<>();
        files.put("res/x/@index", "directory x");
        files.put("res/x/index@", "a file named index");
        files.put("res/a@", "a file a");
        files.put("res/a/b@", "b under a");
        files.put("res/v1.2@/c.txt", "c in a directory with a dot");
        files.put(io.github.camelresourcesync.model.SyncEvents.fileName(source.uri("/res/" + LONG), source.base()),
                "long");
        return files;
    }

    private Map<String, String> files() throws Exception {
        return MirrorAssertions.read(mirror());
    }

    private Message audit() throws Exception {
        return audit("&auditDirectory=" + mirror(), false);
    }

    /** One audit of the mirror directory (its events repaired into the mirror when asked); its report. */
    private Message audit(String options, boolean repair) throws Exception {
        List<Message> reports = new CopyOnWriteArrayList<>();
        String id = "audit-" + System.nanoTime();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?mode=audit&stateStore=#store&repeatCount=1&initialDelay=0"
                     + options)
                        .routeId(id)
                        .choice()
                        .when(header(ResourceSyncConstants.AUDIT_RESULT).isEqualTo("report"))
                        .process(e -> reports.add(e.getIn().copy()))
                        .otherwise()
                        .filter(constant(repair))
                        .to("resourcesync-mirror:" + mirror());
            }
        });
        await().atMost(20, TimeUnit.SECONDS).until(() -> !reports.isEmpty());
        context.getRouteController().stopRoute(id);
        return reports.get(0);
    }
}
