package io.github.camelresourcesync.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.ResourceSyncConsumer;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;

import static org.awaitility.Awaitility.await;

/**
 * Barriers on a route's polls, in place of sleeping through a "quiet window": a check that nothing more arrives waits
 * until polls that started after the check have completed (the consumer's poll counter, its JMX attribute
 * {@code Polls}), then asserts. Polls of one consumer never overlap, so one more completion than asked for covers a
 * poll that was under way when the wait began.
 */
public final class Polls {

    /** Generous: a loaded 2-core machine, retries with back-off, slow polls. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Polls() {
    }

    /** The sync-event consumer of a route. */
    public static SyncEventPollingConsumer consumer(CamelContext context, String routeId) {
        Route route = context.getRoute(routeId);
        if (route == null) {
            throw new IllegalArgumentException("no route " + routeId + " in " + context.getName());
        }
        return (SyncEventPollingConsumer) route.getConsumer();
    }

    /** The one sync-event consumer of a context, wherever its route comes from (a Kamelet's, say). */
    public static SyncEventPollingConsumer consumer(CamelContext context) {
        List<SyncEventPollingConsumer> found = new ArrayList<>();
        for (Route route : context.getRoutes()) {
            if (route.getConsumer() instanceof SyncEventPollingConsumer c) {
                found.add(c);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(found.size() + " sync-event consumers in " + context.getName());
        }
        return found.get(0);
    }

    /**
     * Returns once {@code n} polls that started after this call have completed, whatever they found (failed polls
     * count): what they could deliver has reached the route, since a poll hands its exchanges over before it ends.
     */
    public static void awaitFullPolls(SyncEventPollingConsumer consumer, int n) {
        long target = consumer.getPolls() + n + 1;
        await().atMost(TIMEOUT).until(() -> consumer.getPolls() >= target);
    }

    /** {@link #awaitFullPolls} with two polls: the usual barrier before asserting that nothing more arrived. */
    public static void awaitQuiet(CamelContext context, String routeId) {
        awaitFullPolls(consumer(context, routeId), 2);
    }

    /** {@link #awaitQuiet(CamelContext, String)} for the one sync-event consumer of the context. */
    public static void awaitQuiet(CamelContext context) {
        awaitFullPolls(consumer(context), 2);
    }

    /**
     * Returns once every pass that push deliveries woke before this call has ended (the callback queues the pass
     * before it answers the hub). A counter, not a task queued behind them: the poll scheduler may be a pool, where
     * a no-op can run beside the pass. For routes whose polls the test drives itself (a delay of an hour), where no
     * scheduled poll comes to wait for.
     */
    public static void awaitQueuedPasses(SyncEventPollingConsumer consumer) {
        ResourceSyncConsumer c = (ResourceSyncConsumer) consumer;
        long queued = c.getPushPassesQueued();
        await().atMost(TIMEOUT).until(() -> c.pushPassesEnded(queued));
    }
}
