package io.github.camelresourcesync.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.PollingConsumerPollStrategy;

/**
 * One harvest in this JVM: a fresh CamelContext with the route {@code from(resourcesync:...).process(count)}, timed
 * from the route's start to the end of the first poll (which covers discovery, every event and the final state
 * flush). The poll's end is seen through a {@link PollingConsumerPollStrategy} ({@code pollStrategy=#benchPoll}).
 */
final class HarvestRun {

    /**
     * What one harvest measured; times are {@link System#nanoTime()} values, 0 when not reached.
     *
     * @param targetNanos when the {@code expected}-th event was processed
     */
    record Result(long events, long bytes, long startNanos, long firstEventNanos, long halfNanos, long targetNanos,
                  long lastEventNanos, long pollEndNanos, long stoppedNanos, String failure) {

        /** Events per second over the second half (JIT warm): from the {@code expected/2}-th event on. */
        double secondHalfRate() {
            long end = targetNanos > 0 ? targetNanos : lastEventNanos;
            return halfNanos == 0 || end <= halfNanos ? 0 : (events - events / 2) / ((end - halfNanos) / 1e9);
        }

        /** Events per second from the first event to the {@code expected}-th (or the last, if not reached). */
        double eventRate() {
            long end = targetNanos > 0 ? targetNanos : lastEventNanos;
            return events <= 1 || end <= firstEventNanos ? 0 : (events - 1) / ((end - firstEventNanos) / 1e9);
        }

        double seconds(long from, long to) {
            return from == 0 || to == 0 ? Double.NaN : (to - from) / 1e9;
        }

        /** Route start to the {@code expected}-th event: discovery, first document, every event. */
        double wallToTarget() {
            return seconds(startNanos, targetNanos > 0 ? targetNanos : lastEventNanos);
        }

        double wallToPollEnd() {
            return seconds(startNanos, pollEndNanos);
        }
    }

    private HarvestRun() {
    }

    /**
     * @param uri         the endpoint URI, with its options; {@code pollStrategy} and scheduling options are added
     * @param stateDir    the component's {@code stateDirectory} (the embedded MVStore file goes there)
     * @param beans       registry beans (e.g. {@code memory} for {@code stateStore=#memory})
     * @param counter     the route's processor: knows how many events to expect, readable while running
     * @param timeout     how long to wait for the poll to end
     */
    static Result run(String uri, Path stateDir, Map<String, Object> beans, Counter counter, Duration timeout)
            throws Exception {
        long expected = counter.expected;
        CountDownLatch pollDone = new CountDownLatch(1);
        AtomicReference<String> failure = new AtomicReference<>();
        long[] pollEnd = new long[1];
        PollingConsumerPollStrategy strategy = new PollingConsumerPollStrategy() {
            @Override
            public boolean begin(Consumer consumer, Endpoint endpoint) {
                return true;
            }

            @Override
            public void commit(Consumer consumer, Endpoint endpoint, int polledMessages) {
                pollEnd[0] = System.nanoTime();
                pollDone.countDown();
            }

            @Override
            public boolean rollback(Consumer consumer, Endpoint endpoint, int retryCounter, Exception e) {
                pollEnd[0] = System.nanoTime();
                failure.set("poll failed: " + e);
                pollDone.countDown();
                return false;
            }
        };

        DefaultCamelContext camel = new DefaultCamelContext();
        camel.getShutdownStrategy().setTimeout(60);
        if (Boolean.getBoolean("bench.pooledExchanges")) {
            // what camel.main.exchangeFactory=pooled does in a Camel Main application
            camel.getCamelContextExtension().setExchangeFactory(new org.apache.camel.impl.engine.PooledExchangeFactory());
        }
        ResourceSyncComponent component = new ResourceSyncComponent();
        component.setStateDirectory(stateDir.toString());
        camel.addComponent("resourcesync", component);
        camel.getRegistry().bind("benchPoll", strategy);
        beans.forEach(camel.getRegistry()::bind);
        String full = uri + (uri.contains("?") ? "&" : "?") + "pollStrategy=#benchPoll&initialDelay=0&delay=3600000";
        camel.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(full).routeId("bench").process(counter::process);
            }
        });
        long start = System.nanoTime();
        camel.start();
        boolean done = pollDone.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            failure.set("timed out after " + timeout.toSeconds() + " s with " + counter.events + " events");
        }
        camel.stop();
        long stopped = System.nanoTime();
        if (failure.get() == null && counter.events != expected) {
            failure.set("expected " + expected + " events, got " + counter.events);
        }
        if (failure.get() == null && counter.problem != null) {
            failure.set(counter.problem);
        }
        return new Result(counter.events, counter.bytes, start, counter.first, counter.half, counter.target, counter.last,
                pollEnd[0], stopped, failure.get());
    }

    /** The route's processor; only the consumer thread calls it. */
    static final class Counter {
        private static final com.sun.management.ThreadMXBean THREADS =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

        final long expected;
        private final boolean withContent;
        volatile long events;
        long bytes;
        long first;
        long half;
        long target;
        long last;
        /** CPU time and bytes allocated by the consumer thread from the first to the expected-th event. */
        long cpuNanos;
        long allocatedBytes;
        private long cpu0;
        private long alloc0;
        String problem;

        /**
         * @param expected    the number of events the Source lists
         * @param withContent check and count the bodies
         */
        Counter(long expected, boolean withContent) {
            this.expected = expected;
            this.withContent = withContent;
        }

        void process(Exchange exchange) {
            long now = System.nanoTime();
            // batching=true: one exchange carries a List of events
            int size = exchange.getIn().getBody() instanceof java.util.List<?> l ? l.size() : 1;
            long before = events;
            long n = before + size;
            events = n;
            if (before == 0) {
                first = now;
                cpu0 = THREADS.getCurrentThreadCpuTime();
                alloc0 = THREADS.getCurrentThreadAllocatedBytes();
            }
            if (before < expected / 2 && n >= expected / 2) {
                half = now;
            }
            if (before < expected && n >= expected) {
                target = now;
                cpuNanos = THREADS.getCurrentThreadCpuTime() - cpu0;
                allocatedBytes = THREADS.getCurrentThreadAllocatedBytes() - alloc0;
            }
            last = now;
            if (withContent && exchange.getIn().getBody() instanceof java.util.List<?> batch) {
                for (Object o : batch) {
                    checkBatched((io.github.camelresourcesync.model.SyncEvent) o, n);
                }
            } else if (withContent) {
                Object body = exchange.getIn().getBody();
                Long length = exchange.getIn().getHeader(ResourceSyncConstants.LENGTH, Long.class);
                String hash = exchange.getIn().getHeader(ResourceSyncConstants.HASH, String.class);
                if (!(body instanceof byte[] b) || length == null || b.length != length || hash == null
                    || !hash.contains("sha-256:")) {
                    if (problem == null) {
                        problem = "unexpected body or headers at event " + n + ": body "
                                  + (body == null ? "null" : body.getClass().getName()) + ", length " + length
                                  + ", hash " + hash;
                    }
                } else {
                    bytes += b.length;
                }
            }
        }

        /** An event of a batch (batching=true): its verified content, as the headers would describe it. */
        private void checkBatched(io.github.camelresourcesync.model.SyncEvent ev, long n) {
            Long length = ev.length();
            if (ev.content() == null || length == null || ev.content().length() != length
                || ev.hash().get("sha-256") == null) {
                if (problem == null) {
                    problem = "unexpected event in a batch ending at event " + n + ": content " + ev.content()
                              + ", length " + length + ", hash " + ev.hash();
                }
            } else {
                bytes += length;
            }
        }
    }
}
