package io.github.camelresourcesync.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.camelresourcesync.ResourceSyncComponent;
import org.apache.camel.Endpoint;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.PollingConsumerPollStrategy;

/**
 * The measured JVM of {@link ManySourcesBenchmark}: one CamelContext with one route per Source,
 * {@code from("resourcesync:BASE/s/NNNNN/capabilitylist.xml?fetchContent=true").to("resourcesync-mirror:DIR/NNNNN")},
 * all on the component's defaults (shared connection pool, fetch workers and poll scheduler). Reports when every
 * route's first poll has completed (the first complete pass), the peak number of live threads, the heap after a full
 * GC at that point and the resident set size, as one {@code RESULT} line.
 * <p>
 * Arguments: {@code --base URL --sources N --per-source M --work DIR [--timeout SECONDS] [--options OPTS]}
 */
public final class ManySourcesHarvest {

    private ManySourcesHarvest() {
    }

    static String sourcePath(int i) {
        return String.format("s/%05d/", i);
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, "ManySourcesHarvest --base URL --sources N --per-source M --work DIR");
        String base = args.get("base", null);
        int sources = args.getInt("sources", 1000);
        int perSource = args.getInt("per-source", 5);
        Path work = Path.of(args.get("work", null));
        long timeout = args.getInt("timeout", 3600);
        String options = args.get("options", "");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        threads.resetPeakThreadCount();
        int threadsBefore = threads.getThreadCount();

        Set<Endpoint> passed = ConcurrentHashMap.newKeySet();
        CountDownLatch allPassed = new CountDownLatch(sources);
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicLong events = new AtomicLong();
        PollingConsumerPollStrategy strategy = PollEnds.strategy((endpoint, e) -> {
            if (e != null) {
                failure.compareAndSet(null, endpoint.getEndpointUri() + ": " + e);
            }
            if (passed.add(endpoint)) {
                allPassed.countDown();
            }
        });
        DefaultCamelContext camel = new DefaultCamelContext();
        ResourceSyncComponent component = new ResourceSyncComponent();
        component.setStateDirectory(Files.createDirectories(work.resolve("state")).toString());
        camel.addComponent("resourcesync", component);
        camel.getRegistry().bind("passes", strategy);
        camel.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < sources; i++) {
                    from("resourcesync:" + base + sourcePath(i) + SourceFiles.CAPABILITY_LIST
                         + "?fetchContent=true&pollStrategy=#passes&initialDelay=0&delay=3600000"
                         + (options.isEmpty() ? "" : "&" + options))
                            .routeId("source-" + i)
                            .to("resourcesync-mirror:" + work.resolve("mirror").resolve(String.format("%05d", i)))
                            .process(e -> events.incrementAndGet());
                }
            }
        });
        long start = System.nanoTime();
        camel.start();
        long started = System.nanoTime();
        boolean done = allPassed.await(timeout, TimeUnit.SECONDS);
        long passEnd = System.nanoTime();
        int peakThreads = threads.getPeakThreadCount();
        int liveAtEnd = threads.getThreadCount();
        System.gc();
        long heapAfterGc = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long rss = Machine.residentBytes();
        if (!done) {
            failure.compareAndSet(null, "timed out after " + timeout + " s: " + passed.size() + " of " + sources
                                        + " first polls done");
        } else if (events.get() != (long) sources * perSource) {
            failure.compareAndSet(null, "expected " + (long) sources * perSource + " events, got " + events.get());
        }
        System.out.printf("RESULT sources=%d events=%d contextStart=%.2f firstPass=%.2f peakThreads=%d threadsBefore=%d"
                          + " threadsAtEnd=%d heapAfterGc=%d rss=%d maxHeap=%d cpuSeconds=%.1f failure=%s%n", sources,
                events.get(), (started - start) / 1e9, (passEnd - start) / 1e9, peakThreads, threadsBefore, liveAtEnd,
                heapAfterGc, rss, Runtime.getRuntime().maxMemory(), Machine.processCpuNanos() / 1e9,
                failure.get() == null ? "none" : failure.get().replace(' ', '_'));
        System.out.flush();
        camel.stop();
        System.exit(failure.get() == null ? 0 : 1);
    }
}
