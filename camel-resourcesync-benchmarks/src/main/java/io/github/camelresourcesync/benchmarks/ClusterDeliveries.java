package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the nodes of {@link ClusterBenchmark} delivered, from their events files (one line per event:
 * {@code node source capability millis eventId}), and why an event id came more than once.
 *
 * <p>
 * Two kinds of "again" differ in what they say about the cluster, so they are counted apart:
 * <ul>
 * <li><b>replayed after its baseline</b>: one delivery from the Resource List, then one from the Change List. A
 * Source changed a resource before the Source's first poll: the baseline lists (and delivers) the new version, and
 * the Change List, which the harvester follows from the Resource List's {@code at} (the time the listing
 * <i>started</i>, older than the change), lists the same change again with the same id. This happens on a single
 * node just the same (docs/state-and-delivery.md, "Resume point"; {@code ResourceSyncRestartTest}); it says nothing
 * about two nodes.</li>
 * <li><b>delivered again</b>: any other repetition, e.g. the same Change List entry twice. Expected only for the
 * events a killed node had delivered but not yet committed; without a kill every one is a defect.</li>
 * </ul>
 */
final class ClusterDeliveries {

    /** One line of an events file. */
    record Delivery(String node, String source, String capability, long millis, String eventId) {
    }

    private final long total;
    private final int distinct;
    private final int replayedAfterBaseline;
    private final List<List<Delivery>> again;

    private ClusterDeliveries(long total, int distinct, int replayedAfterBaseline, List<List<Delivery>> again) {
        this.total = total;
        this.distinct = distinct;
        this.replayedAfterBaseline = replayedAfterBaseline;
        this.again = again;
    }

    /** Reads every {@code *.events} file of {@code work} (every node, every run of it). */
    static ClusterDeliveries read(Path work) throws IOException {
        Map<String, List<Delivery>> byId = new LinkedHashMap<>();
        long total = 0;
        try (Stream<Path> files = Files.list(work)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".events")).sorted()::iterator) {
                String node = f.getFileName().toString().replace(".events", "");
                for (String line : Files.readAllLines(f)) {
                    String[] p = line.split(" ", 5);
                    if (p.length < 5) {
                        continue; // the node was killed in the middle of writing this line
                    }
                    Delivery d = new Delivery(node, p[1], p[2], Long.parseLong(p[3]), p[4]);
                    byId.computeIfAbsent(p[1] + " " + d.eventId(), k -> new ArrayList<>()).add(d);
                    total++;
                }
            }
        }
        int replayed = 0;
        List<List<Delivery>> again = new ArrayList<>();
        for (List<Delivery> ds : byId.values()) {
            if (ds.size() < 2) {
                continue;
            }
            ds.sort(Comparator.comparingLong(Delivery::millis));
            if (replayedAfterBaseline(ds)) {
                replayed++;
            } else {
                again.add(ds);
            }
        }
        return new ClusterDeliveries(total, byId.size(), replayed, again);
    }

    /** Exactly a baseline delivery followed by the Change List's delivery of the same change. */
    static boolean replayedAfterBaseline(List<Delivery> sorted) {
        return sorted.size() == 2 && sorted.get(0).capability().equals("resourcelist")
               && sorted.get(1).capability().equals("changelist");
    }

    long total() {
        return total;
    }

    int distinct() {
        return distinct;
    }

    /** Event ids delivered twice because the Change List replayed what the Source's first baseline had. */
    int replayedAfterBaseline() {
        return replayedAfterBaseline;
    }

    /** Deliveries beyond the first of the event ids delivered again for any other reason. */
    long againDeliveries() {
        return again.stream().mapToLong(ds -> ds.size() - 1).sum();
    }

    /** The first few event ids delivered again for any other reason, each with its deliveries. */
    String againExamples(int n) {
        StringBuilder b = new StringBuilder();
        for (List<Delivery> ds : again.subList(0, Math.min(n, again.size()))) {
            b.append("\n    ").append(ds.get(0).source()).append(' ').append(ds.get(0).eventId()).append(':');
            for (Delivery d : ds) {
                b.append(' ').append(d.node()).append('/').append(d.capability()).append('@').append(d.millis());
            }
        }
        return b.toString();
    }
}
