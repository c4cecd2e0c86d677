package io.github.camelresourcesync.benchmarks;

import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.publish.Publisher;
import io.github.camelresourcesync.publish.PublisherOptions;

/**
 * How fast the publisher takes events and whether its heap stays flat as the Source grows: publishes {@code events}
 * events (each a new resource) into a fresh directory with the default options, a timer running
 * {@link Publisher#flushIfDue()} as the producer does, then writes everything once more, and reports events per
 * second, the time of the final write, the heap and the load average (the machine may be shared).
 *
 * <p>
 * Arguments: {@code events} (default 100000), {@code body} ({@code 0}: metadata-only events with an md5, or
 * {@code min-max}: random bodies of that many bytes, stored with {@code storeContent}), {@code mode}
 * ({@code accept}: what the producer does, documents per batch; {@code publish}: documents written per event, as the
 * publisher did before group commits), {@code changeListSize} (default 1000). Run it with a small heap (the exec
 * configuration uses -Xmx128m) to see that neither the resources nor the open Change List are held in memory.
 *
 * <pre>
 * mvn -B -q -pl camel-resourcesync-benchmarks -am compile exec:exec@publishing -Dpublishing.args="100000 0 accept"
 * mvn -B -q -pl camel-resourcesync-benchmarks -am compile exec:exec@publishing -Dpublishing.args="10000 1024-4096"
 * </pre>
 */
public final class PublishingBenchmark {

    private PublishingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        String bodies = args.length > 1 ? args[1] : "0";
        boolean perEvent = args.length > 2 && args[2].equals("publish");
        int listSize = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        Duration resourceListInterval = args.length > 4 ? Duration.ofSeconds(Long.parseLong(args[4]))
                : new PublisherOptions().resourceListInterval();
        int minBody = bodies.equals("0") ? 0 : Integer.parseInt(bodies.split("-")[0]);
        int maxBody = bodies.equals("0") ? 0 : Integer.parseInt(bodies.split("-")[1]);
        Path dir = Files.createTempDirectory("publishing-benchmark");
        AtomicLong done = new AtomicLong();
        PublisherOptions options = new PublisherOptions().directory(dir)
                .baseUrl(URI.create("http://127.0.0.1:8080/rs/")).changeListSize(listSize).storeContent(maxBody > 0)
                .resourceListInterval(resourceListInterval);
        Instant t0 = Instant.parse("2025-01-01T00:00:00Z");
        Random random = new Random(42);
        double load0 = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try (HeapMonitor heap = new HeapMonitor(done::get, 5000); Publisher publisher = Publisher.open(options)) {
            long period = options.flushInterval().toMillis();
            timer.scheduleWithFixedDelay(() -> {
                try {
                    publisher.flushIfDue();
                } catch (Exception e) {
                    System.err.println("flush failed: " + e);
                }
            }, period, period, TimeUnit.MILLISECONDS);
            long bodyBytes = 0;
            long start = System.nanoTime();
            for (int i = 0; i < events; i++) {
                URI loc = URI.create("http://origin.example/records/" + i);
                ByteArrayInputStream body = null;
                Hashes md5 = Hashes.parse("md5:" + String.format("%032x", i));
                if (maxBody > 0) {
                    byte[] b = new byte[minBody + random.nextInt(maxBody - minBody + 1)];
                    random.nextBytes(b);
                    bodyBytes += b.length;
                    body = new ByteArrayInputStream(b);
                    md5 = Hashes.EMPTY;
                }
                SyncEvent ev = new SyncEvent(null, loc, ChangeType.CREATED, t0.plusMillis(i), null, md5,
                        body == null ? Long.valueOf(100L + i) : null, "application/xml", null, null, null, null, null,
                        null, null);
                if (perEvent) {
                    publisher.publish(ev, body);
                } else {
                    publisher.accept(ev, body);
                }
                done.incrementAndGet();
            }
            double publishSeconds = (System.nanoTime() - start) / 1e9;
            timer.shutdown();
            timer.awaitTermination(1, TimeUnit.MINUTES);
            long listStart = System.nanoTime();
            publisher.flush();
            double listSeconds = (System.nanoTime() - listStart) / 1e9;
            double load1 = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            System.out.printf("publishing (%s, %s): %d events in %.1f s = %.0f events/s (changeListSize %d, "
                              + "flushSize %d, flushInterval %d ms, resourceListInterval %d s; %d MiB of bodies)%n",
                    perEvent ? "publish: documents per event" : "accept: documents per batch",
                    maxBody > 0 ? "bodies " + bodies + " bytes, storeContent" : "metadata-only", events,
                    publishSeconds, events / publishSeconds, listSize, options.flushSize(),
                    options.flushInterval().toMillis(), resourceListInterval.toSeconds(), bodyBytes >> 20);
            System.out.printf("final flush: %d resources, Resource Lists written in %.2f s%n",
                    publisher.resourceCount(), listSeconds);
            System.out.printf("heap: peak %d MiB sampled, peak %d MiB after GC; %d GCs, %d ms (%s); max heap %d MiB%n",
                    heap.peakUsed() >> 20, heap.peakAfterGc() >> 20, heap.gcs(), heap.gcMillisSpent(),
                    HeapMonitor.collectors(), Runtime.getRuntime().maxMemory() >> 20);
            System.out.printf("load average: %.1f at start, %.1f at end (%d cores, shared with other builds)%n",
                    load0, load1, Runtime.getRuntime().availableProcessors());
        } finally {
            timer.shutdownNow();
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
