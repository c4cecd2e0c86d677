package io.github.camelresourcesync.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncComponent;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.spi.PollingConsumerPollStrategy;

/**
 * The measured JVM of {@link ContentBaseline} and {@link LargeResourceBenchmark}: first baselines with content of one
 * Source, each into a fresh sink directory and fresh state, through the route a user writes:
 * {@code from("resourcesync:SOURCE?fetchContent=true").to(SINK)} with {@code SINK} one of
 * <ul>
 * <li>{@code mirror}: {@code resourcesync-mirror:DIR};</li>
 * <li>{@code file}: Camel's {@code file:DIR} (the consumer's {@code CamelFileName} header names the file);</li>
 * <li>{@code noop}: no sink, the route only counts.</li>
 * </ul>
 * The route's last step counts the events. When the expected-th event has passed the sink (the last file is written:
 * both sinks write synchronously), it prints {@code RESULT harvest=N phase=last ...} at once, so the parent can time
 * the whole process from launch to that line; a second line {@code phase=done} follows at the end of the poll.
 * Harvests after the first run in the same, warm JVM: the steady state.
 * <p>
 * Arguments: {@code --source URL --sink mirror|file|noop --work DIR --expected N [--harvests H] [--options
 * "fetchParallelism=8&..."] [--fetch-threads N] [--heap] [--timeout SECONDS]}. Sink directories are {@code DIR/sink-H}, state
 * {@code DIR/state-H}.
 */
public final class PipelineHarvest {

    /** the component's {@code fetchThreads}, or 0 for its default */
    private static int fetchThreads;

    private PipelineHarvest() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, "PipelineHarvest --source URL --sink mirror|file|noop --work DIR --expected N"
                                   + " [--harvests H] [--options URI-OPTIONS] [--fetch-threads N] [--heap]"
                                   + " [--timeout SECONDS]");
        String source = args.get("source", null);
        String sink = args.get("sink", "mirror");
        Path work = Path.of(args.get("work", null));
        long expected = Long.parseLong(args.get("expected", "0"));
        int harvests = args.getInt("harvests", 1);
        String options = args.get("options", "");
        long timeout = args.getInt("timeout", 900);
        fetchThreads = args.getInt("fetch-threads", 0);
        HeapMonitor heap = args.flag("heap") ? new HeapMonitor(() -> 0, 0) : null;
        boolean ok = true;
        for (int h = 1; h <= harvests; h++) {
            ok &= harvest(h, source, sink, work, expected, options, timeout, heap);
        }
        if (heap != null) {
            System.out.printf("RESULT phase=heap peakUsed=%d peakAfterGc=%d gcs=%d maxHeap=%d%n", heap.peakUsed(),
                    heap.peakAfterGc(), heap.gcs(), Runtime.getRuntime().maxMemory());
            heap.close();
        }
        System.out.flush();
        System.exit(ok ? 0 : 1);
    }

    private static boolean harvest(int h, String source, String sink, Path work, long expected, String options,
                                   long timeoutSeconds, HeapMonitor heap) throws Exception {
        Path sinkDir = work.resolve("sink-" + h);
        Path stateDir = Files.createDirectories(work.resolve("state-" + h));
        CountDownLatch pollDone = new CountDownLatch(1);
        String[] failure = new String[1];
        PollingConsumerPollStrategy strategy = PollEnds.strategy((endpoint, e) -> {
            if (e != null) {
                failure[0] = "poll failed: " + e;
            }
            pollDone.countDown();
        });
        Counter counter = new Counter(h, expected);
        DefaultCamelContext camel = new DefaultCamelContext();
        ResourceSyncComponent component = new ResourceSyncComponent();
        component.setStateDirectory(stateDir.toString());
        if (fetchThreads > 0) {
            component.setFetchThreads(fetchThreads);
        }
        camel.addComponent("resourcesync", component);
        camel.getRegistry().bind("benchPoll", strategy);
        String from = "resourcesync:" + source + "?fetchContent=true&pollStrategy=#benchPoll&initialDelay=0"
                      + "&delay=3600000" + (options.isEmpty() ? "" : "&" + options);
        String to = switch (sink) {
            case "mirror" -> "resourcesync-mirror:" + sinkDir;
            case "file" -> "file:" + sinkDir;
            case "noop" -> null;
            default -> throw new IllegalArgumentException("--sink mirror, file or noop, not " + sink);
        };
        camel.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                RouteDefinition route = from(from).routeId("harvest");
                if (to != null) {
                    route.to(to);
                }
                route.process(counter::process);
            }
        });
        long cpu0 = Machine.processCpuNanos();
        counter.start = System.nanoTime();
        camel.start();
        boolean done = pollDone.await(timeoutSeconds, TimeUnit.SECONDS);
        long pollEnd = System.nanoTime();
        camel.stop();
        if (!done) {
            failure[0] = "timed out after " + timeoutSeconds + " s with " + counter.events + " events";
        } else if (failure[0] == null && counter.events != expected) {
            failure[0] = "expected " + expected + " events, got " + counter.events;
        }
        System.out.printf("RESULT harvest=%d phase=done events=%d startToLast=%.3f firstToLast=%.3f startToPollEnd=%.3f"
                          + " cpuSeconds=%.2f jitSeconds=%.2f peakThreads=%d%s failure=%s%n", h, counter.events,
                seconds(counter.start, counter.last), seconds(counter.first, counter.last),
                seconds(counter.start, pollEnd), (Machine.processCpuNanos() - cpu0) / 1e9,
                ManagementFactory.getCompilationMXBean().getTotalCompilationTime() / 1e3,
                ManagementFactory.getThreadMXBean().getPeakThreadCount(),
                heap == null ? "" : " peakAfterGc=" + heap.peakAfterGc(),
                failure[0] == null ? "none" : failure[0].replace(' ', '_'));
        return failure[0] == null;
    }

    private static double seconds(long from, long to) {
        return from == 0 || to == 0 ? Double.NaN : (to - from) / 1e9;
    }

    /** The route's last step; only the consumer's thread calls it. */
    private static final class Counter {
        private final int harvest;
        private final long expected;
        volatile long events;
        long start;
        long first;
        long last;

        Counter(int harvest, long expected) {
            this.harvest = harvest;
            this.expected = expected;
        }

        void process(Exchange exchange) {
            long now = System.nanoTime();
            long before = events;
            long n = before + (exchange.getIn().getBody() instanceof List<?> batch ? batch.size() : 1);
            if (first == 0) {
                first = now;
            }
            last = now;
            events = n;
            if (before < expected && n >= expected) {
                // the expected-th event has passed the sink: its file is written
                System.out.printf("RESULT harvest=%d phase=last events=%d startToLast=%.3f%n", harvest, n,
                        (now - start) / 1e9);
                System.out.flush();
            }
        }
    }
}
