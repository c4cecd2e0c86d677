package io.github.camelresourcesync;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Polls scheduled by camel-quartz with a cron expression, as Camel's scheduled polling consumers allow. */
class ResourceSyncQuartzTest {

    @Test
    void cronScheduledPolls() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            AtomicInteger events = new AtomicInteger();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&scheduler=quartz"
                         + "&scheduler.cron=0/1+*+*+*+*+?").process(e -> events.incrementAndGet());
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 1);
                source.change("/res/b.txt", "bravo");
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 2);
                assertEquals(2, events.get());
            } finally {
                context.stop();
            }
        }
    }
}
