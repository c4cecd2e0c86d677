package io.github.camelresourcesync.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Dump benchmark: one Source of 100,000 small resources (1-4 KB of text each) published both as a Resource List (with
 * md5, sha-256 and length) over the individual files and as a Resource Dump of ZIP packages of 10,000 resources each,
 * written to a temporary directory and served on 127.0.0.1 (nginx when installed, else the JDK HttpServer in this
 * process). Each run syncs it twice from scratch with {@code from("resourcesync:...").process(count)}: once with
 * {@code preferDumps=true} (packages downloaded, checked, each bitstream verified against both hashes and the length)
 * and once through the Resource List with one GET per resource ({@code fetchParallelism=P}), also verified.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@dumps}, extra arguments with
 * {@code -Ddumps.args="..."}.
 */
public final class DumpBenchmark {

    static final String USAGE = """
            DumpBenchmark [options]
              --resources N      resources (default 100000)
              --min-size BYTES   smallest resource (default 1024)
              --max-size BYTES   largest resource (default 4096)
              --per-package N    resources per dump package (default 10000)
              --parallelism P    fetchParallelism of the GET path (default 8)
              --runs N           runs of each path (default 3)
              --warmup N         harvests of each path before the measured ones (default 1)
              --server S         auto (nginx if installed, else JDK HttpServer), nginx or jdk (default auto)
              --timeout SECONDS  per harvest (default 900)
              --paths LIST       which paths to run: dump,get (default), dump or get
              --batching         both paths with batching=true (a List of events per exchange)
              --keep             keep the temporary directory
            """;

    private DumpBenchmark() {
    }

    record Outcome(String path, int run, HarvestRun.Result result, String load) {
        double seconds() {
            return result.wallToPollEnd();
        }

        double mbPerSecond() {
            return result.bytes() / 1e6 / seconds();
        }
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int count = args.getInt("resources", 100_000);
        int minSize = args.getInt("min-size", 1024);
        int maxSize = args.getInt("max-size", 4096);
        int perPackage = args.getInt("per-package", 10_000);
        int parallelism = args.getInt("parallelism", 8);
        int runs = args.getInt("runs", 3);
        int warmup = args.getInt("warmup", 1);
        Duration timeout = Duration.ofSeconds(args.getInt("timeout", 900));
        List<String> paths = List.of(args.get("paths", "dump,get").split(","));
        boolean runDump = paths.contains("dump");
        boolean runGet = paths.contains("get");

        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-dump-bench-");
        Path root = Files.createDirectories(tmp.resolve("www"));
        List<Outcome> outcomes = new ArrayList<>();
        String serverDescription;
        long contentBytes;
        DumpFiles dump;
        try (StaticServer server = StaticServer.start(root, tmp, args.get("server", "auto"))) {
            serverDescription = server.description();
            System.out.printf("Serving %s on %s with %s%n", root, server.baseUrl(), serverDescription);
            long t0 = System.nanoTime();
            dump = new DumpFiles(root, server.baseUrl(), perPackage);
            contentBytes = new SourceFiles(root, server.baseUrl()).writeResources(count, minSize, maxSize, dump);
            System.out.printf("Wrote %,d resources (%s), their Resource List and a Resource Dump of %d packages (%s)"
                              + " in %.1f s%n", count, Machine.mb(contentBytes), dump.packageCount(),
                    Machine.mb(dump.packageBytes()), (System.nanoTime() - t0) / 1e9);
            String source = server.baseUrl() + SourceFiles.WELL_KNOWN;
            String batching = args.flag("batching") ? "&batching=true" : "";
            String dumpUri = "resourcesync:" + source + "?fetchContent=true&preferDumps=true" + batching;
            String getUri = "resourcesync:" + source + "?fetchContent=true&fetchParallelism=" + parallelism + batching;

            for (int w = 1; w <= warmup; w++) {
                System.out.printf("%n=== warm-up %d of %d (not counted)%n", w, warmup);
                if (runDump) {
                    report("dump", harvest(tmp, dumpUri, count, timeout));
                }
                if (runGet) {
                    report("GET", harvest(tmp, getUri, count, timeout));
                }
            }
            for (int run = 1; run <= runs; run++) {
                System.out.printf("%n=== run %d (load avg %s)%n", run, Machine.loadAverage());
                if (runDump) {
                    HarvestRun.Result d = harvest(tmp, dumpUri, count, timeout);
                    report("dump", d);
                    outcomes.add(new Outcome("dump", run, d, Machine.loadAverage()));
                }
                if (runGet) {
                    HarvestRun.Result g = harvest(tmp, getUri, count, timeout);
                    report("GET", g);
                    outcomes.add(new Outcome("GET", run, g, Machine.loadAverage()));
                }
            }
        } finally {
            if (!args.flag("keep")) {
                ListingBenchmark.deleteTree(tmp);
            } else {
                System.out.println("Kept " + tmp);
            }
        }
        printSummary(outcomes, count, contentBytes, minSize, maxSize, dump, perPackage, parallelism,
                serverDescription, loadBefore, args.flag("batching"));
        System.exit(0);
    }

    private static HarvestRun.Result harvest(Path tmp, String uri, long count, Duration timeout) throws Exception {
        Path stateDir = Files.createTempDirectory(tmp, "state-");
        try {
            HarvestRun.Counter counter = new HarvestRun.Counter(count, true);
            long cpu0 = Machine.processCpuNanos();
            HarvestRun.Result r = HarvestRun.run(uri, stateDir, Map.of(), counter, timeout);
            // where the time goes: the consumer thread (exchanges, state) against the whole JVM (also fetch pool,
            // HTTP client and, without nginx, the server)
            System.out.printf("      CPU: consumer thread %.2f s from first to last event, whole JVM %.2f s%n",
                    counter.cpuNanos / 1e9, (Machine.processCpuNanos() - cpu0) / 1e9);
            return r;
        } finally {
            ListingBenchmark.deleteTree(stateDir);
        }
    }

    private static void report(String path, HarvestRun.Result r) {
        System.out.printf("%-4s: %,d resources, %s verified, %.2f s (route start to end of poll), %,.0f resources/s,"
                          + " %.1f MB/s%s%n", path, r.events(), Machine.mb(r.bytes()), r.wallToPollEnd(),
                r.events() / r.wallToPollEnd(), r.bytes() / 1e6 / r.wallToPollEnd(),
                r.failure() == null ? "" : ", FAILED: " + r.failure());
    }

    private static void printSummary(List<Outcome> outcomes, int count, long bytes, int minSize, int maxSize,
                                     DumpFiles dump, int perPackage, int parallelism, String server,
                                     String loadBefore, boolean batching) {
        System.out.println();
        System.out.println("==================== Dump benchmark ====================");
        System.out.print(Machine.describe(Machine.mb(Runtime.getRuntime().maxMemory()) + " (harvester and, without"
                                          + " nginx, the server share this JVM)"));
        System.out.println("load before: " + loadBefore + " (other work on the machine shares its cores)");
        System.out.printf("source:      %,d resources of %d-%d bytes (%s); Resource List with md5, sha-256, length;"
                          + " Resource Dump of %d packages of %,d (%s deflated)%n", count, minSize, maxSize,
                Machine.mb(bytes), dump.packageCount(), perPackage, Machine.mb(dump.packageBytes()));
        System.out.println("server:      " + server);
        System.out.println("paths:       dump = preferDumps=true; GET = Resource List + one GET per resource,"
                           + " fetchParallelism=" + parallelism + (batching ? "; both with batching=true" : "")
                           + "; every body verified (md5, sha-256, length)");
        System.out.println("time:        route start to the end of the poll (discovery, documents, packages or GETs,"
                           + " every event, state flush); fresh state each time");
        System.out.println();
        System.out.printf("%-5s %3s %9s %13s %9s %s%n", "path", "run", "seconds", "resources/s", "MB/s",
                "status / load avg after");
        List<Double> dumpSeconds = new ArrayList<>();
        List<Double> getSeconds = new ArrayList<>();
        List<Double> dumpMb = new ArrayList<>();
        for (Outcome o : outcomes) {
            HarvestRun.Result r = o.result();
            System.out.printf("%-5s %3d %9.2f %,13.0f %9.1f %s / %s%n", o.path(), o.run(), o.seconds(),
                    r.events() / o.seconds(), o.mbPerSecond(), r.failure() == null ? "ok" : "FAILED: " + r.failure(),
                    o.load());
            if (r.failure() == null) {
                (o.path().equals("dump") ? dumpSeconds : getSeconds).add(o.seconds());
                if (o.path().equals("dump")) {
                    dumpMb.add(o.mbPerSecond());
                }
            }
        }
        System.out.println();
        double dumpMedian = median(dumpSeconds);
        double getMedian = median(getSeconds);
        if (dumpSeconds.isEmpty() || getSeconds.isEmpty()) {
            // one path only (--paths): no ratio to give
            System.out.printf("median:      %s%n", dumpSeconds.isEmpty() ? String.format("GET %.2f s", getMedian)
                    : String.format("dump %.2f s (%.1f MB/s verified)", dumpMedian, median(dumpMb)));
        } else {
            System.out.printf("median:      dump %.2f s (%.1f MB/s verified), GET %.2f s: dump %.1fx faster%n",
                    dumpMedian, median(dumpMb), getMedian, getMedian / dumpMedian);
        }
        System.out.println("target:      dump >= 5x faster than GET, >= 100 MB/s verified content");
        System.out.println("load after:  " + Machine.loadAverage());
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
