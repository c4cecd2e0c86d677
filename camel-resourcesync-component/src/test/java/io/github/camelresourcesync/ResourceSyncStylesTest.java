package io.github.camelresourcesync;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The same sync against Sources written in different ways: 1.0 and 1.1, gzip, indexes, an index as urlset. */
class ResourceSyncStylesTest {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0} gzip={1} resourceListParts={2} indexAsUrlset={3} changesPerList={4}")
    @CsvSource({
            "V1_1, false, 1, false, 0",
            "V1_0, false, 1, false, 0",
            "V1_1, true, 1, false, 0",
            "V1_1, false, 3, false, 2",
            "V1_0, true, 3, true, 2",
    })
    void mirrorsEveryStyle(TestSource.Style style, boolean gzip, int parts, boolean indexAsUrlset, int perList)
            throws Exception {
        try (TestSource source = new TestSource().style(style).gzip(gzip).resourceListParts(parts)
                .indexAsUrlset(indexAsUrlset).changesPerList(perList)) {
            for (int i = 0; i < 10; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            AtomicInteger events = new AtomicInteger();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            Path mirror = tmp.resolve("mirror");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0")
                            .to("resourcesync-mirror:" + mirror)
                            // counted once written, so the mirror is complete when the count is reached
                            .process(e -> events.incrementAndGet());
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 10);
                // the count is taken before the mirror step of the same exchange has written its file
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(() -> assertMirrors(source.snapshot(), mirror));
                source.change("/res/r1.txt", "changed 1");
                source.delete("/res/r2.txt");
                source.change("/res/new.txt", "new");
                source.change("/res/r1.txt", "changed 1 again");
                source.delete("/res/new.txt");
                // r1's first change is superseded by its second: the Source serves only the newest bytes
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 13);
                await().atMost(60, TimeUnit.SECONDS).untilAsserted(() -> assertMirrors(source.snapshot(), mirror));
                Polls.awaitQuiet(context);
                assertEquals(13, events.get(), "nothing more once in sync");
            } finally {
                context.stop();
            }
        }
    }
}
