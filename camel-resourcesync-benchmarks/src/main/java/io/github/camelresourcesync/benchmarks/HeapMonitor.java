package io.github.camelresourcesync.benchmarks;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * Watches the heap of this JVM while a benchmark runs: the highest heap use sampled every 20 ms (what the JVM had to
 * hold, garbage included), the highest heap use right after a collection (the live set), and GC counts and times.
 * Prints a progress line every few seconds.
 */
final class HeapMonitor implements AutoCloseable {

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final Thread sampler;
    private final long gcCount0;
    private final long gcMillis0;
    private volatile boolean running = true;
    private volatile long peakUsed;
    private volatile long peakAfterGc;

    HeapMonitor(LongSupplier events, long progressMillis) {
        gcCount0 = gcCount();
        gcMillis0 = gcMillis();
        Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((n, handback) -> {
                    if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                        var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                        long used = info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
                                .filter(e -> heapPools.contains(e.getKey())).mapToLong(e -> e.getValue().getUsed())
                                .sum();
                        // young collections leave old garbage in place; the after-GC figure is still an upper bound
                        if (used > peakAfterGc) {
                            peakAfterGc = used;
                        }
                    }
                }, null, null);
            }
        }
        sampler = new Thread(() -> {
            long nextReport = System.nanoTime() + progressMillis * 1_000_000L;
            while (running) {
                long used = memory.getHeapMemoryUsage().getUsed();
                if (used > peakUsed) {
                    peakUsed = used;
                }
                if (progressMillis > 0 && System.nanoTime() >= nextReport) {
                    nextReport += progressMillis * 1_000_000L;
                    System.out.printf("PROGRESS events=%d heapUsed=%s peakUsed=%s peakAfterGc=%s gcs=%d%n",
                            events.getAsLong(), Machine.mb(used), Machine.mb(peakUsed), Machine.mb(peakAfterGc),
                            gcCount() - gcCount0);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    long peakUsed() {
        return Math.max(peakUsed, memory.getHeapMemoryUsage().getUsed());
    }

    long peakAfterGc() {
        return peakAfterGc;
    }

    long gcs() {
        return gcCount() - gcCount0;
    }

    long gcMillisSpent() {
        return gcMillis() - gcMillis0;
    }

    static String collectors() {
        List<String> names = ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .toList();
        return String.join(" + ", names);
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount)
                .filter(c -> c > 0).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime)
                .filter(c -> c > 0).sum();
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }
}
