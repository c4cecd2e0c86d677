package io.github.camelresourcesync;

import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import io.github.camelresourcesync.component.support.SyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.util.concurrent.SizedScheduledExecutorService;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The scheduling options reach each harvesting consumer as Camel's JMX and health checks show them
 * ({@code ManagedScheduledPollConsumer}): a poll a minute unless {@code delay} says otherwise (not the scheduler's
 * 500 ms), {@code maxMessagesPerPoll}, and the polls of every route on the component's one scheduler unless the route
 * names its own {@code scheduledExecutorService}. No poll runs: the first is an hour away.
 */
class PollSchedulingOptionsTest {

    @Test
    void eachConsumerPollsAsItsOptionsSay() throws Exception {
        ScheduledExecutorService own = Executors.newSingleThreadScheduledExecutor();
        try (CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.getRegistry().bind("own", own);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    String later = "stateStore=#store&initialDelay=3600000";
                    from("resourcesync:https://example.org/a/capabilitylist.xml?" + later).routeId("defaults")
                            .to("mock:a");
                    from("resourcesync:https://example.org/b/capabilitylist.xml?" + later
                         + "&delay=1234&maxMessagesPerPoll=7&scheduledExecutorService=#own").routeId("own")
                            .to("mock:b");
                    from("resourcesync-atompmh:https://example.org/feed.xml?" + later).routeId("atom").to("mock:c");
                }
            });
            context.start();
            SyncEventPollingConsumer defaults = Polls.consumer(context, "defaults");
            SyncEventPollingConsumer configured = Polls.consumer(context, "own");
            SyncEventPollingConsumer atom = Polls.consumer(context, "atom");

            assertEquals(60_000, defaults.getDelay(), "a poll a minute by default");
            assertEquals(60_000, atom.getDelay());
            assertEquals(1234, configured.getDelay());
            assertEquals(0, defaults.getMaxMessagesPerPoll(), "no limit by default");
            assertEquals(7, configured.getMaxMessagesPerPoll());
            assertSame(context.getComponent("resourcesync", SyncEventComponent.class).pollScheduler(),
                    defaults.getScheduledExecutorService(), "the component's scheduler, shared by its routes");
            assertSame(context.getComponent("resourcesync-atompmh", SyncEventComponent.class).pollScheduler(),
                    atom.getScheduledExecutorService());
            assertSame(own, configured.getScheduledExecutorService(), "the route's own scheduler");

            // a stopped route leaves no poll behind in the shared scheduler (a thousand routes share it)
            ScheduledThreadPoolExecutor shared = ((SizedScheduledExecutorService) defaults.getScheduledExecutorService())
                    .getScheduledThreadPoolExecutor();
            assertEquals(1, scheduled(shared), "the route's poll");
            context.getRouteController().stopRoute("defaults");
            assertEquals(0, scheduled(shared), "the stopped route's poll is cancelled");
        } finally {
            own.shutdownNow();
        }
    }

    /** The tasks of {@code scheduler} still to run (a cancelled one may stay queued until it is due). */
    private static long scheduled(ScheduledThreadPoolExecutor scheduler) {
        return scheduler.getQueue().stream().filter(task -> !((Future<?>) task).isCancelled()).count();
    }
}
