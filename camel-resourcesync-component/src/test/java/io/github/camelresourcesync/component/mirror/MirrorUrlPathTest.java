package io.github.camelresourcesync.component.mirror;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.MirrorAssertions;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code layout=urlPath} where the other mirror tests do not take it: batches, and what a crash left behind. */
class MirrorUrlPathTest {

    @TempDir
    Path tmp;

    /**
     * A consumer's batch ({@code batching=true}) goes to the locations' paths too, not to the events' collision-free
     * file names; bodies spooled to disk (over {@code spoolThreshold}) are written as whole as those held in memory.
     */
    @Test
    void aBatchGoesToTheLocationsPathsWithSpooledBodiesWhole() throws Exception {
        String large = "spooled to a file, not held in memory. ".repeat(20);
        try (TestSource source = new TestSource().put("/res/records/123", large).put("/res/records/124", "small")) {
            CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?delay=100&initialDelay=0&batching=true&spoolThreshold=64")
                            .to("resourcesync-mirror:" + tmp.resolve("mirror") + "?layout=urlPath");
                }
            });
            try (context) {
                context.start();
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                        () -> MirrorAssertions.assertMirrors(source.snapshot(), tmp.resolve("mirror")));
                source.delete("/res/records/124");
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                        () -> MirrorAssertions.assertMirrors(source.snapshot(), tmp.resolve("mirror")));
            }
            assertEquals(large, Files.readString(tmp.resolve("mirror/res/records/123")));
        }
    }

    /**
     * A crash mid-write leaves a temporary file; when a resource then needs its directory's path, the message names a
     * real resource's file under it (what the user has to look at), not the leftover.
     */
    @Test
    void aCollisionNamesAResourceNotALeftoverTemporaryFile() throws Exception {
        Path mirror = tmp.resolve("mirror");
        Path records9 = Files.createDirectories(mirror.resolve("res/records/9"));
        Files.writeString(records9.resolve(MirrorFiles.TEMP_PREFIX + "crashed-1.tmp"), "half a fi");
        Files.writeString(records9.resolve("kept.txt"), "kept");
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:mirror").to("resourcesync-mirror:" + mirror + "?layout=urlPath");
                }
            });
            context.start();
            CamelExecutionException e = assertThrows(CamelExecutionException.class,
                    () -> context.createProducerTemplate().sendBodyAndHeaders("direct:mirror", "nine",
                            Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/res/records/9",
                                    ResourceSyncConstants.CHANGE, "created")));
            String message = e.getCause().getMessage();
            assertTrue(message.contains("Cannot write /res/records/9") && message.contains("(which holds /res/records/9/kept.txt)"),
                    message);
            assertFalse(message.contains(MirrorFiles.TEMP_PREFIX), message);
            assertEquals("kept", Files.readString(records9.resolve("kept.txt")));
        }
    }
}
