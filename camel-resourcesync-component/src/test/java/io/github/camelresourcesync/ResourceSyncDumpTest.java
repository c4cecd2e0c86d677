package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.Zips;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Source that publishes only a Resource Dump and a Change Dump is mirrored with a plain route and kept in sync;
 * hostile packages write nothing anywhere.
 */
class ResourceSyncDumpTest {

    @TempDir
    Path tmp;

    private final List<String> capabilities = new CopyOnWriteArrayList<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    /** events that failed before reaching the route (fixity), and failed polls */
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();

    private CamelContext start(DumpSource source) throws Exception {
        return start(source, "&preferDumps=true");
    }

    private CamelContext start(DumpSource source, String options) throws Exception {
        CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
        context.getRegistry().bind("recorder", recorder);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).process(e -> errors.add(
                        e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class).getMessage()));
                from("resourcesync:" + source.base() + "?delay=100&initialDelay=0&exceptionHandler=#recorder" + options).routeId("sync")
                        .process(e -> capabilities.add(e.getIn().getHeader(ResourceSyncConstants.CAPABILITY,
                                String.class)))
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
        return context;
    }

    @Test
    void aSourceWithOnlyDumpsIsMirroredAndKeptInSync() throws Exception {
        try (DumpSource source = new DumpSource().lists(false).perPackage(3)) {
            for (int i = 0; i < 10; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = start(source);
            try {
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                        () -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));
                source.change("/res/r1.txt", "resource 1, second version");
                source.delete("/res/r2.txt");
                source.change("/res/new/deep.txt", "new");
                source.change("/res/r1.txt", "resource 1, third version");
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                        () -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));
            } finally {
                context.stop();
            }
            assertEquals(10, capabilities.stream().filter("resourcedump"::equals).count());
            assertEquals(4, capabilities.stream().filter("changedump"::equals).count());
            for (int i = 0; i < 10; i++) {
                assertEquals(0, source.requests("/res/r" + i + ".txt"), "bodies come from the packages");
            }
            assertEquals(List.of(), errors);
            assertOnlyMirrorAndState();
        }
    }

    @Test
    void aZipSlipPackageWritesNothingAnywhere() throws Exception {
        try (DumpSource source = new DumpSource().lists(false)) {
            source.put("/res/a.txt", "alpha");
            String manifest = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                              + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                              + "<rs:md capability=\"resourcedump-manifest\"/><url><loc>" + source.uri("/res/a.txt")
                              + "</loc><rs:md path=\"/../../../evil.txt\"/></url></urlset>";
            source.replacePackage("/dumps/resource-0.zip", Zips.zip(Zips.entries("manifest.xml", manifest,
                    "../../../evil.txt", "pwned")));
            CamelContext context = start(source);
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> source.requests("/dumps/resource-0.zip") >= 2);
            } finally {
                context.stop();
            }
            assertEquals(List.of(), capabilities, "nothing emitted");
            assertTrue(!Files.exists(tmp.resolve("mirror")) || MirrorAssertions.read(tmp.resolve("mirror")).isEmpty());
            assertOnlyMirrorAndState();
        }
    }

    @Test
    void aDestinationStoppedAcrossThreeRotationsCatchesUpFromTheArchiveAlone() throws Exception {
        try (DumpSource source = new DumpSource().dumps(false)) {
            source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            CamelContext first = start(source, "&gapPolicy=fail");
            await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                    () -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));
            first.stop();

            source.change("/res/a.txt", "alpha 2");
            source.rotate();
            source.delete("/res/b.txt");
            source.rotate();
            source.change("/res/c.txt", "charlie");
            source.rotate();
            source.change("/res/a.txt", "alpha 3");
            CamelContext second = start(source, "&gapPolicy=fail");
            try {
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                        () -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));
            } finally {
                second.stop();
            }
            assertEquals(1, source.requests("/resourcelist.xml"), "no second baseline");
            assertTrue(source.requests("/changelist-archive.xml") >= 1);
            assertEquals(List.of(), errors);
        }
    }

    /**
     * A bitstream of the length its manifest publishes but with other bytes, in a package that itself passes its
     * download check: the manifest's hash (the only one published) refuses it, and it is never delivered.
     */
    @ParameterizedTest
    @ValueSource(strings = { "md5", "sha-256" })
    void aBitstreamOfThePublishedLengthWithOtherBytesIsNeverDelivered(String algorithm) throws Exception {
        try (DumpSource source = new DumpSource().lists(false)) {
            source.put("/res/a.txt", "alpha");
            String manifest = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                            xmlns:rs="http://www.openarchives.org/rs/terms/">
                      <rs:md capability="resourcedump-manifest" at="2024-01-01T00:00:05Z"/>
                      <url><loc>%s</loc><rs:md %s path="/resources/res/a.txt"/></url>
                    </urlset>""".formatted(source.uri("/res/a.txt"), LiteralSource.fixity(algorithm, "alpha"));
            source.replacePackage("/dumps/resource-0.zip", Zips.zip(Zips.entries("manifest.xml", manifest,
                    "resources/res/a.txt", "alphX")));
            CamelContext context = start(source);
            try {
                await().atMost(Polls.TIMEOUT).until(() -> !recorder.failedEvents().isEmpty()
                                                          || !capabilities.isEmpty());
                Polls.awaitQuiet(context, "sync");
            } finally {
                context.stop();
            }
            assertEquals(List.of(), capabilities, "nothing delivered");
            Exception failure = recorder.failedEvents().get(0).getProperty(Exchange.EXCEPTION_CAUGHT,
                    Exception.class);
            assertInstanceOf(FixityException.class, failure);
            assertTrue(failure.getMessage().startsWith(algorithm + " hash mismatch for " + source.uri("/res/a.txt")),
                    failure.getMessage());
            assertTrue(!Files.exists(tmp.resolve("mirror")) || MirrorAssertions.read(tmp.resolve("mirror")).isEmpty());
        }
    }

    /**
     * A package of the published length with other bytes (a byte of a local header changed: still a valid ZIP whose
     * bitstreams all match their manifest) is refused by the package hash, and nothing of it is delivered.
     */
    @Test
    void aPackageOfThePublishedLengthWithOtherBytesIsRefused() throws Exception {
        try (DumpSource source = new DumpSource().lists(false)) {
            source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            byte[] genuine = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    source.uri("/dumps/resource-0.zip")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofByteArray()).body();
            byte[] tampered = genuine.clone();
            tampered[10] ^= 0x02; // the first entry's modification time in its local header (the central one stays)
            source.serveInstead("/dumps/resource-0.zip", tampered);
            CamelContext context = start(source);
            try {
                await().atMost(Polls.TIMEOUT).until(() -> !recorder.pollFailures().isEmpty()
                                                          || !recorder.failedEvents().isEmpty()
                                                          || !capabilities.isEmpty());
                Polls.awaitQuiet(context, "sync");
            } finally {
                context.stop();
            }
            assertEquals(List.of(), capabilities, "nothing delivered from a package that fails its hash");
            String failures = failureMessages();
            assertTrue(failures.contains("sha-256 hash mismatch for " + source.uri("/dumps/resource-0.zip")),
                    failures);
            assertTrue(!Files.exists(tmp.resolve("mirror")) || MirrorAssertions.read(tmp.resolve("mirror")).isEmpty());
        }
    }

    /** The messages of every failure recorded (polls and events) and their causes. */
    private String failureMessages() {
        StringBuilder b = new StringBuilder();
        List<Throwable> all = new java.util.ArrayList<>(recorder.pollFailures());
        recorder.failedEvents().forEach(e -> all.add(e.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class)));
        for (Throwable t : all) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                b.append(c.getMessage()).append('\n');
            }
        }
        return b.toString();
    }

    /** Nothing but the mirror and the state store under the test directory (and nothing named evil anywhere). */
    private void assertOnlyMirrorAndState() throws Exception {
        try (Stream<Path> top = Files.list(tmp)) {
            for (Path p : top.toList()) {
                String name = p.getFileName().toString();
                assertTrue(name.equals("mirror") || name.equals("state"), "unexpected " + p);
            }
        }
        try (Stream<Path> all = Files.walk(tmp)) {
            assertTrue(all.noneMatch(p -> p.getFileName().toString().contains("evil")));
        }
        assertTrue(!Files.exists(tmp.getParent().resolve("evil.txt")));
    }
}
