package io.github.camelresourcesync;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.github.camelresourcesync.harvest.audit.AuditDestination;
import io.github.camelresourcesync.http.Digests;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code mode=audit} against a loopback Source: a real mirror directory damaged in the three ways an audit must see
 * (a file missing, one extra, one corrupted with the same size and modification time), repaired by a route, and
 * audited again; the state store as destination; a Source without hashes; a Source that fails.
 */
class ResourceSyncAuditTest {

    private static final long TIMEOUT = 60;

    @TempDir
    Path tmp;

    private TestSource source;
    private CamelContext context;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final RecordingExceptionHandler failures = new RecordingExceptionHandler();
    private final List<Throwable> pollFailures = failures.pollFailures();
    private int routes;

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/sub/c.txt", "charlie").put("/res/d.txt", "delta").resourceListParts(2);
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
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

    /** Syncs the Source into the mirror (and the store) once, then stops syncing. */
    private void mirrorTheSource() throws Exception {
        String id = "sync" + routes++;
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0").routeId(id)
                        .to("resourcesync-mirror:" + mirror());
            }
        });
        await().atMost(TIMEOUT, TimeUnit.SECONDS).untilAsserted(() -> assertMirrors(source.snapshot(), mirror()));
        context.getRouteController().stopRoute(id);
    }

    /** What one audit route delivered: the discrepancy events, and the report (null if none came). */
    private record Audit(List<Message> events, Message report) {

        Set<String> found() {
            return events.stream().map(m -> m.getHeader(ResourceSyncConstants.AUDIT_RESULT) + " "
                                            + m.getHeader(Exchange.FILE_NAME) + " "
                                            + m.getHeader(ResourceSyncConstants.CHANGE))
                    .collect(Collectors.toSet());
        }

        long count(String header) {
            return report.getHeader(header, Long.class);
        }

        boolean inSync() {
            return report.getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class);
        }
    }

    /** Runs one audit (a route polling once) and waits for its report; {@code repair} mirrors what it emits. */
    private Audit audit(String options, boolean repair) throws Exception {
        String id = "audit" + routes++;
        List<Message> events = new CopyOnWriteArrayList<>();
        List<Message> reports = new CopyOnWriteArrayList<>();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?mode=audit&stateStore=#store&repeatCount=1&initialDelay=0"
                     + "&maxRetries=0&exceptionHandler=#failures" + options)
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
        await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> !reports.isEmpty() || !pollFailures.isEmpty());
        context.getRouteController().stopRoute(id);
        return new Audit(List.copyOf(events), reports.isEmpty() ? null : reports.get(0));
    }

    @Test
    void mirrorWithOneFileMissingOneExtraAndOneCorruptedInPlaceIsReportedExactlyAndRepaired() throws Exception {
        mirrorTheSource();
        Path a = mirror().resolve("res/a.txt");
        FileTime mtime = Files.getLastModifiedTime(a);
        // corrupted in place: same size, same modification time, other bytes
        Files.writeString(a, "alphA", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(a, mtime);
        assertEquals(5, Files.size(a));
        assertEquals(mtime, Files.getLastModifiedTime(a));
        Files.delete(mirror().resolve("res/b.txt"));
        Files.writeString(mirror().resolve("res/sub/zz.txt"), "not on the Source");

        Audit first = audit("&auditDirectory=" + mirror() + "&fetchContent=false", false);
        assertEquals(Set.of("changed res/a.txt updated", "missing res/b.txt created", "extra res/sub/zz.txt deleted"),
                first.found());
        Message changed = first.events().stream().filter(m -> "changed".equals(m.getHeader(
                ResourceSyncConstants.AUDIT_RESULT))).findFirst().orElseThrow();
        String reason = changed.getHeader(ResourceSyncConstants.AUDIT_REASON, String.class);
        assertTrue(reason.contains("differs: listed ") && (reason.startsWith("md5") || reason.startsWith("sha-256")),
                reason);
        // what a repair needs: the listed fixity and location
        assertEquals(source.uri("/res/a.txt").toString(), changed.getHeader(ResourceSyncConstants.LOCATION));
        assertNotEquals(null, changed.getHeader(ResourceSyncConstants.HASH));
        assertNull(changed.getBody(), "fetchContent=false: metadata only");
        assertFalse(first.inSync());
        assertEquals(4, first.count(ResourceSyncConstants.AUDIT_LISTED));
        assertEquals(2, first.count(ResourceSyncConstants.AUDIT_MATCHING));
        assertEquals(1, first.count(ResourceSyncConstants.AUDIT_MISSING));
        assertEquals(1, first.count(ResourceSyncConstants.AUDIT_CHANGED));
        assertEquals(1, first.count(ResourceSyncConstants.AUDIT_EXTRA));
        assertTrue(first.report().getBody(String.class).contains("OUT OF SYNC"), first.report().getBody(String.class));
        assertEquals("alphA", Files.readString(a), "an audit changes nothing by itself");

        // repair: the same audit with contents, its events sent to the mirror
        Audit repair = audit("&auditDirectory=" + mirror(), true);
        assertEquals(first.found(), repair.found());
        assertMirrors(source.snapshot(), mirror());

        Audit second = audit("&auditDirectory=" + mirror(), false);
        assertTrue(second.inSync(), second.report().getBody(String.class));
        assertEquals(List.of(), second.events());
        assertEquals(4, second.count(ResourceSyncConstants.AUDIT_MATCHING));
        assertTrue(pollFailures.isEmpty(), pollFailures::toString);
    }

    @Test
    void extraFilesWithAnyNameAreReportedByTheirFileNameAndRemovedByTheRepair() throws Exception {
        mirrorTheSource();
        Files.writeString(mirror().resolve("res/my file \u00fc#1.txt"), "stray");
        Files.writeString(mirror().resolve(".rsync-123.tmp"), "a mirror write in progress is not extra");
        Audit audit = audit("&auditDirectory=" + mirror() + "&fetchContent=false", true);
        assertEquals(Set.of("extra res/my file \u00fc#1.txt deleted"), audit.found());
        assertEquals(source.base() + "res/my%20file%20\u00fc%231.txt",
                audit.events().get(0).getHeader(ResourceSyncConstants.LOCATION));
        assertFalse(Files.exists(mirror().resolve("res/my file \u00fc#1.txt")), "the repair removed it");
    }

    @Test
    void stateStoreAuditFindsWhatTheDestinationMissedAndChangesNoState() throws Exception {
        mirrorTheSource();
        source.change("/res/a.txt", "alpha, second version");
        source.change("/res/e.txt", "echo");
        source.delete("/res/b.txt");
        long recorded = store.resourceCount(source.uri("/capabilitylist.xml").toString());

        Audit audit = audit("&fetchContent=false", false);
        assertEquals(Set.of("changed res/a.txt updated", "missing res/e.txt created", "extra res/b.txt deleted"),
                audit.found());
        Message extra = audit.events().stream().filter(m -> "extra".equals(m.getHeader(
                ResourceSyncConstants.AUDIT_RESULT))).findFirst().orElseThrow();
        assertEquals(source.uri("/res/b.txt").toString(), extra.getHeader(ResourceSyncConstants.LOCATION));
        assertFalse(audit.inSync());
        assertEquals(recorded, store.resourceCount(source.uri("/capabilitylist.xml").toString()));

        // nothing was committed: the same audit again finds the same
        assertEquals(audit.found(), audit("&fetchContent=false", false).found());
    }

    @Test
    void withFetchContentMissingAndChangedEventsCarryTheVerifiedBody() throws Exception {
        mirrorTheSource();
        Files.delete(mirror().resolve("res/d.txt"));
        Audit audit = audit("&auditDirectory=" + mirror(), false);
        Message missing = audit.events().get(0);
        assertEquals("missing", missing.getHeader(ResourceSyncConstants.AUDIT_RESULT));
        assertEquals("delta", missing.getBody(String.class));
    }

    @Test
    void repairStoppedByABodyFailingItsHashReportsAnIncompleteAuditNeverInSync() throws Exception {
        mirrorTheSource();
        Files.delete(mirror().resolve("res/a.txt"));
        Files.delete(mirror().resolve("res/d.txt"));
        source.override("/res/a.txt", "tampered"); // the listed hash no longer matches what is served
        Audit audit = audit("&auditDirectory=" + mirror(), true);
        assertEquals(Boolean.FALSE, audit.report().getHeader(ResourceSyncConstants.AUDIT_COMPLETE));
        assertFalse(audit.inSync());
        assertTrue(audit.report().getBody(String.class).contains("INCOMPLETE"), audit.report().getBody(String.class));
        assertFalse(Files.exists(mirror().resolve("res/a.txt")), "a body that fails its hash is never written");
    }

    @Test
    void sourceWithoutHashesIsComparedByLengthAndLastmod() throws Exception {
        String at = "2024-03-01T00:00:00Z";
        source.override("/resourcelist-index.xml", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                                   + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                                                   + "<rs:md capability=\"resourcelist\" at=\"" + at + "\"/>"
                                                   + url("a.txt", at, 5) + url("b.txt", at, 5) + url("c.txt", at, 7)
                                                   + url("d.txt", null, null) + "</urlset>");
        Instant lastmod = Instant.parse(at);
        // a: same length, written after lastmod (as file: would); b: other length; c: older than the listed lastmod
        write("res/a.txt", "alpha", lastmod.plusSeconds(3600));
        write("res/b.txt", "bravo!", lastmod);
        write("res/c.txt", "charlie", lastmod.minusSeconds(60));
        write("res/d.txt", "anything", lastmod);

        Audit audit = audit("&auditDirectory=" + mirror() + "&fetchContent=false", false);
        assertEquals(Set.of("changed res/b.txt updated", "changed res/c.txt updated"), audit.found());
        List<String> reasons = audit.events().stream()
                .map(m -> m.getHeader(Exchange.FILE_NAME) + ": " + m.getHeader(ResourceSyncConstants.AUDIT_REASON))
                .sorted().toList();
        assertEquals(List.of("res/b.txt: length differs: listed 5 bytes, destination has 6 bytes",
                "res/c.txt: lastmod 2024-03-01T00:00:00Z is newer than the file's 2024-02-29T23:59:00Z"), reasons);
        assertEquals(1, audit.count(ResourceSyncConstants.AUDIT_MATCHING));
        assertEquals(1, audit.count(ResourceSyncConstants.AUDIT_UNVERIFIED), "d.txt publishes nothing to compare");
        assertFalse(audit.inSync());
    }

    private static String url(String name, String lastmod, Integer length) {
        return "<url><loc>/res/" + name + "</loc>" + (lastmod == null ? "" : "<lastmod>" + lastmod + "</lastmod>")
               + (length == null ? "" : "<rs:md length=\"" + length + "\"/>") + "</url>";
    }

    private void write(String name, String content, Instant mtime) throws Exception {
        Path file = mirror().resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.from(mtime));
    }

    @Test
    void sourceDownIsAClearFailureAndNothingIsReportedInSync() throws Exception {
        Files.createDirectories(mirror());
        source.fail("/.well-known/resourcesync", 503, 100);
        Audit audit = audit("&auditDirectory=" + mirror(), false);
        assertNull(audit.report(), "a failed audit sends no report");
        assertEquals(List.of(), audit.events());
        String message = pollFailures.get(0).getMessage();
        assertTrue(message.contains(source.base().toString()) && message.contains("503"), message);
    }

    @Test
    void listFailingMidWaySendsNoReport() throws Exception {
        mirrorTheSource();
        Files.delete(mirror().resolve("res/a.txt"));
        Files.delete(mirror().resolve("res/b.txt"));
        source.fail("/resourcelist-1.xml", 500, 100);
        Audit audit = audit("&auditDirectory=" + mirror() + "&fetchContent=false", false);
        assertNull(audit.report(), "no report from an audit that did not read every list");
        String message = pollFailures.get(0).getMessage();
        assertTrue(message.contains("/resourcelist-1.xml"), message);

        source.clearFaults();
        pollFailures.clear();
        Audit again = audit("&auditDirectory=" + mirror() + "&fetchContent=false", false);
        assertEquals(Set.of("missing res/a.txt created", "missing res/b.txt created"), again.found());
    }

    /** A destination of its own: a map of location to content, as a database of documents might hold them. */
    private static final class MapDestination implements AuditDestination {

        private final Map<String, String> documents = new TreeMap<>();

        @Override
        public String describe() {
            return "map";
        }

        @Override
        public String key(String sourceKey, URI location, String fileName) {
            return location.toString();
        }

        @Override
        public Held find(String sourceKey, URI location, String fileName, Set<String> algorithms) throws IOException {
            String doc = documents.get(location.toString());
            if (doc == null) {
                return null;
            }
            try (InputStream in = new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8))) {
                return new Held(key(sourceKey, location, fileName), sourceKey, location, null, null,
                        Digests.digest(in, algorithms), (long) doc.length(), false);
            }
        }

        @Override
        public void forEachHeld(Collection<String> sourceKeys, Consumer<Held> action) {
            documents.forEach((loc, doc) -> action.accept(new Held(loc, null, URI.create(loc), null, null, null,
                    (long) doc.length(), false)));
        }
    }

    @Test
    void aDestinationOfItsOwnIsAuditedThroughTheSpi() throws Exception {
        MapDestination map = new MapDestination();
        map.documents.put(source.uri("/res/a.txt").toString(), "alpha");
        map.documents.put(source.uri("/res/b.txt").toString(), "BRAVO");
        map.documents.put(source.uri("/res/gone.txt").toString(), "old");
        context.getRegistry().bind("map", map);
        Audit audit = audit("&auditDestination=#map&fetchContent=false", false);
        assertEquals(Set.of("changed res/b.txt updated", "missing res/sub/c.txt created", "missing res/d.txt created",
                "extra res/gone.txt deleted"), audit.found());
        assertEquals("map", audit.report().getHeader(ResourceSyncConstants.AUDIT_DESTINATION));
    }

    @Test
    void auditOptionsWithoutAuditModeAreRefused() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?auditDirectory=" + mirror()).routeId("wrong")
                        .autoStartup(false).to("mock:x");
            }
        });
        Exception e = assertThrows(Exception.class, () -> context.getRouteController().startRoute("wrong"));
        assertTrue(e.getMessage().contains("mode=audit"), e.getMessage());
    }
}
