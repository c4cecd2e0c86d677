package io.github.camelresourcesync;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.engine.PooledExchangeFactory;
import org.apache.camel.spi.PooledObjectFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With Camel's pooled exchange factory ({@code camel.main.exchangeFactory=pooled}) the consumer hands every exchange
 * back once routed, and a reused exchange carries only its own event's headers.
 */
class PooledExchangesTest {

    @TempDir
    Path tmp;

    @Test
    void exchangesAreReleasedAndReusedWithoutStaleHeaders() throws Exception {
        List<Map<String, Object>> seen = new CopyOnWriteArrayList<>();
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 5; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
            PooledExchangeFactory factory = new PooledExchangeFactory();
            factory.setStatisticsEnabled(true);
            context.getCamelContextExtension().setExchangeFactory(factory);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?delay=100&initialDelay=0").routeId("sync")
                            .process(e -> seen.add(new HashMap<>(e.getIn().getHeaders())));
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 5);
                // an update (with a length) is followed by a deletion (without one) in the same poll
                source.change("/res/r3.txt", "resource 3, version 2");
                source.delete("/res/r4.txt");
                await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 7);
                PooledObjectFactory.Statistics pool = context.getCamelContextExtension().getExchangeFactoryManager()
                        .getStatistics();
                assertTrue(pool.getReleasedCounter() >= 7, "released " + pool.getReleasedCounter());
                assertTrue(pool.getAcquiredCounter() > 0, "no exchange was reused");
            } finally {
                context.stop();
            }
        }
        Map<String, Object> updated = seen.get(5);
        Map<String, Object> deleted = seen.get(6);
        assertEquals("updated", updated.get(ResourceSyncConstants.CHANGE));
        assertEquals(21L, ((Number) updated.get(ResourceSyncConstants.LENGTH)).longValue());
        assertEquals("deleted", deleted.get(ResourceSyncConstants.CHANGE));
        assertTrue(deleted.get(ResourceSyncConstants.LOCATION).toString().endsWith("/res/r4.txt"));
        assertFalse(deleted.containsKey(ResourceSyncConstants.LENGTH), "stale header: " + deleted);
        for (int i = 0; i < 5; i++) {
            assertTrue(seen.get(i).get(ResourceSyncConstants.LOCATION).toString().endsWith("/res/r" + i + ".txt"));
        }
    }
}
