package io.github.camelresourcesync;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.spi.Registry;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The consumer against a realistic loopback Source: baseline, then changes, mirrored byte for byte. */
class ResourceSyncConsumerTest extends CamelTestSupport {

    @TempDir
    Path tmp;

    TestSource source;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Exchange> events = new CopyOnWriteArrayList<>();

    /** {@code true}: the Source writes its documents as text, not with the project's writer. */
    boolean literalXml() {
        return false;
    }

    @Override
    protected void doPreSetup() throws Exception {
        source = new TestSource().literalXml(literalXml()).put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/sub/c.txt", "charlie");
    }

    @Override
    protected void bindToRegistry(Registry registry) {
        registry.bind("store", store);
    }

    @AfterEach
    void stopSource() {
        source.close();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=200&initialDelay=0")
                        .routeId("sync")
                        .process(e -> events.add(e.copy()))
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        };
    }

    @Test
    void baselineThenChangesMirrorTheSource() throws Exception {
        Path mirror = tmp.resolve("mirror");
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 3);
        // the route records an event before the mirror writes it: wait for the third write too
        await().atMost(60, TimeUnit.SECONDS).untilAsserted(() -> assertMirrors(source.snapshot(), mirror));
        assertTrue(events.stream().allMatch(e -> "resourcelist".equals(e.getIn().getHeader(
                ResourceSyncConstants.CAPABILITY))));
        // Camel's batch consumer properties: the events ready at once form a batch (the first comes alone as soon as
        // it is fetched), each numbered within its batch, the last one complete
        int expectedIndex = 0;
        for (Exchange e : events.subList(0, 3)) {
            int index = e.getProperty(Exchange.BATCH_INDEX, Integer.class);
            int size = e.getProperty(Exchange.BATCH_SIZE, Integer.class);
            assertEquals(expectedIndex, index);
            assertEquals(index == size - 1, e.getProperty(Exchange.BATCH_COMPLETE, Boolean.class));
            expectedIndex = index == size - 1 ? 0 : index + 1;
        }
        assertEquals(0, expectedIndex, "the third event completes its batch");

        source.change("/res/a.txt", "alpha, second version");
        source.change("/res/d.txt", "delta");
        source.delete("/res/b.txt");
        await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 6);
        await().atMost(60, TimeUnit.SECONDS).untilAsserted(() -> assertMirrors(source.snapshot(), mirror));

        List<String> changes = events.subList(3, 6).stream()
                .map(e -> e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class) + " "
                          + e.getIn().getHeader(Exchange.FILE_NAME, String.class))
                .toList();
        assertEquals(List.of("updated res/a.txt", "created res/d.txt", "deleted res/b.txt"), changes);

        // quiet Source: polls find nothing more, nothing repeats
        Polls.awaitQuiet(context, "sync");
        assertEquals(6, events.size());

        // a later change: the Change List is read again, and the change at the resume point must not come back
        source.change("/res/e.txt", "echo");
        await().atMost(Polls.TIMEOUT).until(() -> events.size() >= 7);
        Polls.awaitQuiet(context, "sync");
        assertEquals(List.of("created res/e.txt"), events.subList(6, events.size()).stream()
                .map(e -> e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class) + " "
                          + e.getIn().getHeader(Exchange.FILE_NAME, String.class))
                .toList());
        await().atMost(Polls.TIMEOUT).untilAsserted(() -> assertMirrors(source.snapshot(), mirror));
    }
}
