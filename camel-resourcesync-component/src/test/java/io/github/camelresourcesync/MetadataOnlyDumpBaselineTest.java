package io.github.camelresourcesync;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fetchContent=false} over a Source that publishes only a Resource Dump: the baseline delivers one metadata-only
 * event per resource (no body, no resource fetched), and the component's fetch pool is not used: the packages are
 * opened for their manifests on the poll's own thread. (Every poll of such a route once failed on the missing pool.)
 */
class MetadataOnlyDumpBaselineTest {

    @TempDir
    Path tmp;

    @Test
    void aBaselineFromAResourceDumpDeliversMetadataOnlyWithoutTheFetchPool() throws Exception {
        RecordingExceptionHandler recorder = new RecordingExceptionHandler();
        /** location path, capability and whether a body came, of every event */
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (DumpSource source = new DumpSource().lists(false).perPackage(2)) {
            for (int i = 0; i < 5; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
            context.getRegistry().bind("recorder", recorder);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?fetchContent=false&delay=100&initialDelay=0"
                         + "&maxRetries=0&exceptionHandler=#recorder").routeId("sync")
                            .process(e -> delivered.add(source.base().relativize(java.net.URI.create(e.getIn()
                                    .getHeader(ResourceSyncConstants.LOCATION, String.class))) + " "
                                                        + e.getIn().getHeader(ResourceSyncConstants.CAPABILITY)
                                                        + " body " + (e.getIn().getBody() != null)));
                }
            });
            context.start();
            try {
                await().atMost(Polls.TIMEOUT).until(() -> delivered.size() >= 5 || !recorder.pollFailures().isEmpty());
                Polls.awaitQuiet(context, "sync");
                assertEquals(List.of(), recorder.pollFailures());
                assertEquals(Set.of("res/r0.txt resourcedump body false", "res/r1.txt resourcedump body false",
                        "res/r2.txt resourcedump body false", "res/r3.txt resourcedump body false",
                        "res/r4.txt resourcedump body false"), Set.copyOf(delivered));
                assertEquals(5, delivered.size(), delivered::toString);
                // no fetch pool thread was ever started for this context: nothing was fetched ahead
                String pool = "(" + context.getName() + ") thread #";
                List<String> fetchThreads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                        .filter(n -> n.contains(pool) && n.endsWith("- ResourceSyncFetch")).toList();
                assertEquals(List.of(), fetchThreads);
            } finally {
                context.stop();
            }
            for (int i = 0; i < 5; i++) {
                assertEquals(0, source.requests("/res/r" + i + ".txt"), "metadata only: no resource fetched");
            }
            assertTrue(source.requests("/dumps/resource-0.zip") > 0, "the packages were read for their manifests");
        }
    }
}
