package io.github.camelresourcesync;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JdbcStateStore bean in the registry is the component's state store (autowired), and carries a restart. */
class JdbcStateStoreRouteTest {

    @TempDir
    Path tmp;

    private final List<String> events = new CopyOnWriteArrayList<>();

    private CamelContext start(TestSource source, JdbcStateStore store) throws Exception {
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("sharedState", store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=100&initialDelay=0").routeId("sync")
                        .process(e -> events.add(e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class)))
                        .to("resourcesync-mirror:" + tmp.resolve("mirror"));
            }
        });
        context.start();
        return context;
    }

    @Test
    void registryBeanIsAutowiredAndResumesAfterRestart() throws Exception {
        String url = "jdbc:h2:file:" + tmp.resolve("db/state");
        try (TestSource source = new TestSource()) {
            source.put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
            JdbcStateStore first = new JdbcStateStore(url);
            CamelContext context = start(source, first);
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() == 2);
            assertTrue(context.getComponent("resourcesync", ResourceSyncComponent.class).getStateStore() == first,
                    "the registry's JdbcStateStore is the component's state store");
            context.stop();
            first.close();

            source.change("/res/a.txt", "alpha 2");
            source.delete("/res/b.txt");
            JdbcStateStore second = new JdbcStateStore(url);
            context = start(source, second);
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() >= 4);
            Polls.awaitQuiet(context, "sync");
            context.stop();
            assertEquals(4, events.size(), "only the two changes after the restart: " + events);
            assertEquals(1, second.resourceCount(source.uri("/capabilitylist.xml").toString()),
                    "one resource left in the shared state");
            second.close();
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));
        }
    }
}
