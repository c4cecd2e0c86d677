package io.github.camelresourcesync.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.github.camelresourcesync.state.InMemoryStateStore;

/**
 * The measured JVM of the listing benchmark (started by {@link ListingBenchmark} with {@code -Xmx128m}): harvests the
 * Source once with {@code fetchContent=false} and prints one {@code RESULT} line of {@code key=value} pairs.
 *
 * <p>
 * Arguments: {@code <sourceUrl> <mvstore|memory> <stateDir> <expectedEvents> <timeoutSeconds> [extra URI options]}
 */
public final class ListingHarvest {

    private ListingHarvest() {
    }

    public static void main(String[] args) throws Exception {
        String source = args[0];
        String store = args[1];
        Path stateDir = Path.of(args[2]);
        long expected = Long.parseLong(args[3]);
        Duration timeout = Duration.ofSeconds(Long.parseLong(args[4]));

        String uri = "resourcesync:" + source + "?fetchContent=false" + (args.length > 5 ? args[5] : "");
        Map<String, Object> beans = Map.of();
        if (store.equals("memory")) {
            uri += "&stateStore=#memory";
            beans = Map.of("memory", new InMemoryStateStore());
        }
        System.out.println("HARVEST " + uri + " maxHeap=" + Machine.mb(Runtime.getRuntime().maxMemory()) + " gc="
                           + HeapMonitor.collectors());
        HarvestRun.Result r;
        HarvestRun.Counter counter = new HarvestRun.Counter(expected, false);
        try (HeapMonitor heap = new HeapMonitor(() -> counter.events, 5000)) {
            r = HarvestRun.run(uri, stateDir, beans, counter, timeout);
            Path file = stateDir.resolve("resourcesync-state.mv.db");
            long stateBytes = Files.exists(file) ? Files.size(file) : 0;
            // the whole JVM's CPU and the JIT's compile time since start: in a fresh JVM compiling is a large share
            long cpuMillis = Machine.processCpuNanos() / 1_000_000;
            long jitMillis = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
            System.out.printf("RESULT events=%d rate=%.0f halfRate=%.0f wallToTarget=%.3f wallToPollEnd=%.3f stop=%.3f"
                              + " peakUsed=%d peakAfterGc=%d gcs=%d gcMillis=%d maxHeap=%d stateBytes=%d"
                              + " cpuMillis=%d jitMillis=%d failure=%s%n",
                    r.events(), r.eventRate(), r.secondHalfRate(), r.wallToTarget(), r.wallToPollEnd(),
                    r.seconds(r.pollEndNanos(), r.stoppedNanos()), heap.peakUsed(), heap.peakAfterGc(), heap.gcs(),
                    heap.gcMillisSpent(), Runtime.getRuntime().maxMemory(), stateBytes, cpuMillis, jitMillis,
                    r.failure() == null ? "none" : r.failure().replace(' ', '_'));
        }
        System.exit(r.failure() == null ? 0 : 1);
    }
}
