package io.github.camelresourcesync.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fetching benchmark: a Source of 10,000 small resources (1-4 KB of text each) with a Resource List carrying their
 * md5, sha-256 and length, written into a temporary directory and served on 127.0.0.1 by nginx (started from a
 * generated configuration, killed at the end) or, without nginx, by the JDK HttpServer in this process. Harvested by
 * {@code from("resourcesync:...?fetchContent=true&fetchParallelism=P").process(count)} in this JVM with P = 1, 4, 8,
 * 16; each harvest is a fresh baseline (new state directory), every body is verified by the component against both
 * hashes and the length, and the route checks it arrived as bytes of the published length.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@fetching}, extra arguments with
 * {@code -Dfetching.args="..."}.
 */
public final class FetchingBenchmark {

    static final String USAGE = """
            FetchingBenchmark [options]
              --resources N      resources in the Resource List (default 10000)
              --min-size BYTES   smallest resource (default 1024)
              --max-size BYTES   largest resource (default 4096)
              --parallelism LIST fetchParallelism values, comma separated (default 1,4,8,16)
              --runs N           runs of each value (default 3)
              --warmup N         harvests before the measured ones, to warm the JIT up (default 5)
              --server S         auto (nginx if installed, else JDK HttpServer), nginx or jdk (default auto)
              --timeout SECONDS  per harvest (default 600)
              --keep             keep the temporary directory
            """;

    private FetchingBenchmark() {
    }

    record Outcome(int parallelism, int run, HarvestRun.Result result, String load) {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int count = args.getInt("resources", 10_000);
        int minSize = args.getInt("min-size", 1024);
        int maxSize = args.getInt("max-size", 4096);
        int runs = args.getInt("runs", 3);
        int warmup = args.getInt("warmup", 5);
        Duration timeout = Duration.ofSeconds(args.getInt("timeout", 600));
        List<Integer> parallelisms = new ArrayList<>();
        for (String p : args.get("parallelism", "1,4,8,16").split(",")) {
            parallelisms.add(Integer.parseInt(p.trim()));
        }

        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-fetching-bench-");
        Path root = Files.createDirectories(tmp.resolve("www"));
        List<Outcome> outcomes = new ArrayList<>();
        String serverDescription;
        long contentBytes;
        try (StaticServer server = StaticServer.start(root, tmp, args.get("server", "auto"))) {
            serverDescription = server.description();
            System.out.printf("Serving %s on %s with %s%n", root, server.baseUrl(), serverDescription);
            long t0 = System.nanoTime();
            contentBytes = new SourceFiles(root, server.baseUrl()).writeResources(count, minSize, maxSize);
            System.out.printf("Wrote %,d resources (%s, %d-%d bytes each) and their Resource List in %.1f s%n", count,
                    Machine.mb(contentBytes), minSize, maxSize, (System.nanoTime() - t0) / 1e9);
            String source = server.baseUrl() + SourceFiles.WELL_KNOWN;

            for (int w = 1; w <= warmup; w++) {
                System.out.printf("%n=== warm-up harvest %d of %d (fetchParallelism=4, not counted)%n", w, warmup);
                report(harvest(tmp, source, 4, count, timeout), 4, 0);
            }
            for (int run = 1; run <= runs; run++) {
                for (int p : parallelisms) {
                    System.out.printf("%n=== run %d: fetchParallelism=%d (load avg %s)%n", run, p, Machine.loadAverage());
                    HarvestRun.Result r = harvest(tmp, source, p, count, timeout);
                    report(r, p, run);
                    outcomes.add(new Outcome(p, run, r, Machine.loadAverage()));
                }
            }
        } finally {
            if (!args.flag("keep")) {
                ListingBenchmark.deleteTree(tmp);
            } else {
                System.out.println("Kept " + tmp);
            }
        }
        printSummary(outcomes, parallelisms, count, contentBytes, minSize, maxSize, serverDescription, loadBefore);
        System.exit(0);
    }

    private static HarvestRun.Result harvest(Path tmp, String source, int parallelism, long count, Duration timeout)
            throws Exception {
        Path stateDir = Files.createTempDirectory(tmp, "state-");
        try {
            String uri = "resourcesync:" + source + "?fetchContent=true&fetchParallelism=" + parallelism;
            return HarvestRun.run(uri, stateDir, Map.of(), new HarvestRun.Counter(count, true), timeout);
        } finally {
            ListingBenchmark.deleteTree(stateDir);
        }
    }

    private static void report(HarvestRun.Result r, int parallelism, int run) {
        System.out.printf("fetchParallelism=%d: %,d resources, %s verified, %,.0f resources/s (first to last event),"
                          + " %.2f s wall%s%n", parallelism, r.events(), Machine.mb(r.bytes()), r.eventRate(),
                r.wallToPollEnd(), r.failure() == null ? "" : ", FAILED: " + r.failure());
    }

    private static void printSummary(List<Outcome> outcomes, List<Integer> parallelisms, int count, long bytes,
                                     int minSize, int maxSize, String server, String loadBefore) {
        System.out.println();
        System.out.println("==================== Fetching benchmark ====================");
        System.out.print(Machine.describe(Machine.mb(Runtime.getRuntime().maxMemory()) + " (harvester and, without"
                                          + " nginx, the server share this JVM)"));
        System.out.println("load before: " + loadBefore + " (other work on the machine shares its cores)");
        System.out.printf("source:      %,d resources of %d-%d bytes (%s), Resource List with md5, sha-256, length;"
                          + " fetchContent=true, every body verified%n", count, minSize, maxSize, Machine.mb(bytes));
        System.out.println("server:      " + server);
        System.out.println("state:       the default embedded MVStore, a fresh directory per harvest");
        System.out.println("rate:        resources/s from the first event to the last; wall: route start to the end of"
                           + " the poll (discovery, list, fetches, state flush)");
        System.out.println();
        System.out.printf("%-12s %3s %13s %9s %9s %s%n", "parallelism", "run", "resources/s", "wall s", "MB/s",
                "status / load avg after");
        Map<Integer, List<Double>> rates = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            HarvestRun.Result r = o.result();
            double wall = r.wallToPollEnd();
            System.out.printf("%-12d %3d %,13.0f %9.2f %9.1f %s / %s%n", o.parallelism(), o.run(), r.eventRate(), wall,
                    r.bytes() / 1e6 / r.seconds(r.firstEventNanos(), r.lastEventNanos()),
                    r.failure() == null ? "ok" : "FAILED: " + r.failure(), o.load());
            if (r.failure() == null) {
                rates.computeIfAbsent(o.parallelism(), k -> new ArrayList<>()).add(r.eventRate());
            }
        }
        System.out.println();
        for (int p : parallelisms) {
            System.out.printf("fetchParallelism=%-3d %s%n", p, Stats.rates(rates.getOrDefault(p, List.of()),
                    "resources/s"));
        }
        System.out.println("target:      >= 4,000 resources/s");
        System.out.println("load after:  " + Machine.loadAverage());
    }
}
