package io.github.camelresourcesync;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.Zips;
import org.apache.camel.CamelContext;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code mode=audit} against a Source that publishes only a Resource Dump: a mirror damaged three ways (one file
 * missing, one extra, one corrupted with the same size and modification time) is compared with the dump's manifests
 * without downloading a package, then repaired with bodies taken from the one package that holds them.
 */
class ResourceSyncDumpAuditTest {

    private static final long TIMEOUT = 60;

    @TempDir
    Path tmp;

    private DumpSource source;
    private CamelContext context;
    private final RecordingExceptionHandler failures = new RecordingExceptionHandler();
    private int routes;

    @BeforeEach
    void start() throws Exception {
        // packages of two: [a, b], [c, d], [e]
        source = new DumpSource().lists(false).archives(false).perPackage(2).put("/res/a.txt", "alpha")
                .put("/res/b.txt", "bravo").put("/res/c.txt", "charlie").put("/res/d.txt", "delta")
                .put("/res/e.txt", "echo");
        context = TestContexts.withStateIn(tmp.resolve("state"));
        context.getRegistry().bind("failures", failures);
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

    private void mirrorTheSource() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=100&initialDelay=0").routeId("sync")
                        .to("resourcesync-mirror:" + mirror());
            }
        });
        await().atMost(TIMEOUT, TimeUnit.SECONDS).untilAsserted(() -> assertMirrors(source.snapshot(), mirror()));
        context.getRouteController().stopRoute("sync");
    }

    private record Audit(List<Message> events, Message report) {

        Set<String> found() {
            return events.stream().map(m -> m.getHeader(ResourceSyncConstants.AUDIT_RESULT) + " "
                                            + m.getHeader(org.apache.camel.Exchange.FILE_NAME))
                    .collect(Collectors.toSet());
        }

        long count(String header) {
            return report.getHeader(header, Long.class);
        }

        boolean inSync() {
            return report.getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class);
        }
    }

    private Audit audit(String options, boolean repair) throws Exception {
        String id = "audit" + routes++;
        List<Message> events = new CopyOnWriteArrayList<>();
        List<Message> reports = new CopyOnWriteArrayList<>();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?mode=audit&repeatCount=1&initialDelay=0&maxRetries=0"
                     + "&exceptionHandler=#failures&auditDirectory=" + mirror() + options)
                        .routeId(id)
                        .choice()
                        .when(header(ResourceSyncConstants.AUDIT_RESULT).isEqualTo("report"))
                        .process(e -> reports.add(e.getIn().copy()))
                        .otherwise()
                        .process(e -> events.add(e.getIn().copy()))
                        .filter(constant(repair))
                        .to("resourcesync-mirror:" + mirror());
            }
        });
        await().atMost(TIMEOUT, TimeUnit.SECONDS)
                .until(() -> !reports.isEmpty() || !failures.pollFailures().isEmpty());
        context.getRouteController().stopRoute(id);
        return new Audit(List.copyOf(events), reports.get(0));
    }

    private int packageRequests() {
        return source.requests("/dumps/resource-0.zip") + source.requests("/dumps/resource-1.zip")
               + source.requests("/dumps/resource-2.zip");
    }

    @Test
    void dumpOnlySourceIsAuditedAgainstItsManifestsAndRepairedFromOnePackage() throws Exception {
        mirrorTheSource();
        Path a = mirror().resolve("res/a.txt");
        FileTime mtime = Files.getLastModifiedTime(a);
        Files.writeString(a, "alphA", StandardCharsets.UTF_8); // same size, same time, other bytes
        Files.setLastModifiedTime(a, mtime);
        Files.delete(mirror().resolve("res/b.txt"));
        Files.writeString(mirror().resolve("res/zz.txt"), "not on the Source");
        int packagesBefore = packageRequests();
        int firstPackageBefore = source.requests("/dumps/resource-0.zip");

        Audit first = audit("&fetchContent=false", false);
        assertEquals(Set.of("changed res/a.txt", "missing res/b.txt", "extra res/zz.txt"), first.found());
        assertFalse(first.inSync());
        assertEquals(5, first.count(ResourceSyncConstants.AUDIT_LISTED));
        assertEquals(3, first.count(ResourceSyncConstants.AUDIT_MATCHING));
        assertEquals(1, first.count(ResourceSyncConstants.AUDIT_MISSING));
        assertEquals(1, first.count(ResourceSyncConstants.AUDIT_CHANGED));
        assertEquals(1, first.count(ResourceSyncConstants.AUDIT_EXTRA));
        Message changed = first.events().stream()
                .filter(m -> "changed".equals(m.getHeader(ResourceSyncConstants.AUDIT_RESULT))).findFirst()
                .orElseThrow();
        assertEquals("resourcedump", changed.getHeader(ResourceSyncConstants.CAPABILITY));
        assertNull(changed.getBody(), "fetchContent=false: metadata only");
        assertEquals(packagesBefore, packageRequests(), "the manifests are read on their own, no package");
        assertTrue(source.requests("/dumps/resource-1-manifest.xml") > 0);

        // repair: bodies come from the one package holding both, downloaded once
        Audit repair = audit("", true);
        assertEquals(first.found(), repair.found());
        assertMirrors(source.snapshot(), mirror());
        assertEquals(packagesBefore + 1, packageRequests());
        assertEquals(firstPackageBefore + 1, source.requests("/dumps/resource-0.zip"));

        Audit second = audit("&fetchContent=false", false);
        assertTrue(second.inSync(), second.report().getBody(String.class));
        assertEquals(List.of(), second.events());
        assertEquals(5, second.count(ResourceSyncConstants.AUDIT_MATCHING));
        assertTrue(failures.pollFailures().isEmpty(), failures.pollFailures()::toString);
    }

    @Test
    void packagesWithoutAPublishedManifestAreDownloadedToReadTheirs() throws Exception {
        mirrorTheSource();
        Files.delete(mirror().resolve("res/d.txt"));
        source.manifestLinks(false);
        int packagesBefore = packageRequests();

        Audit audit = audit("&fetchContent=false", false);
        assertEquals(Set.of("missing res/d.txt"), audit.found());
        assertEquals(4, audit.count(ResourceSyncConstants.AUDIT_MATCHING));
        assertEquals(packagesBefore + 3, packageRequests(), "each package read once for its manifest.xml");
    }

    @Test
    void aBodyInThePackageThatFailsThePublishedManifestsHashIsNeverWrittenAndTheAuditIsIncomplete() throws Exception {
        mirrorTheSource();
        Files.delete(mirror().resolve("res/a.txt"));
        // the package as served, with a.txt replaced by other bytes of the same length: the package itself is
        // consistent (its dump entry's hash is of these bytes), the published manifest's hash of a.txt is not
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream zin = new ZipInputStream(source.uri("/dumps/resource-0.zip").toURL().openStream())) {
            for (ZipEntry z = zin.getNextEntry(); z != null; z = zin.getNextEntry()) {
                entries.put(z.getName(), zin.readAllBytes());
            }
        }
        entries.put("resources/res/a.txt", "alphA".getBytes(StandardCharsets.UTF_8));
        source.replacePackage("/dumps/resource-0.zip", Zips.zip(entries));

        Audit audit = audit("", true);
        // the event fails with its body, before the route: reported incomplete instead
        assertEquals(Boolean.FALSE, audit.report().getHeader(ResourceSyncConstants.AUDIT_COMPLETE));
        assertFalse(audit.inSync());
        assertFalse(Files.exists(mirror().resolve("res/a.txt")), "a body that fails its hash is never written");
        String why = failures.failedEvents().stream().map(e -> String.valueOf(e.getException()))
                .collect(Collectors.joining("; "));
        assertTrue(why.contains("a.txt") && why.contains("hash"), why);
    }
}
