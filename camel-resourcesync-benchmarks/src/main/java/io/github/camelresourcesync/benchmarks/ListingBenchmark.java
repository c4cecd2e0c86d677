package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Listing benchmark: a Resource List Index of 20 x 50,000 entries (1,000,000 resources with loc, lastmod, md5 and
 * sha-256, length and type), written with the component's {@code SitemapWriter} into a temporary directory, served on
 * 127.0.0.1 (nginx, else the JDK HttpServer, in this process), and harvested by
 * {@code from("resourcesync:http://127.0.0.1:PORT/.well-known/resourcesync?fetchContent=false").process(count)} in a
 * forked JVM with {@code -Xmx128m} ({@link ListingHarvest}), once per state store and run.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@listing}, extra arguments with
 * {@code -Dlisting.args="..."}.
 */
public final class ListingBenchmark {

    static final String USAGE = """
            ListingBenchmark [options]
              --lists N          Resource Lists in the index (default 20)
              --per-list N       entries per Resource List (default 50000)
              --configs LIST     state store @ harvester heap, comma separated (default mvstore@128m,memory@128m);
                                 stores: mvstore (the default embedded store) or memory (stateStore=#memory)
              --runs N           runs of each config (default 2)
              --server S         auto (nginx if installed, else JDK HttpServer), nginx or jdk (default auto)
              --jfr              record a JFR profile of each harvester JVM (file named in the output)
              --batching         harvest with batching=true (one exchange per batch of events, a List body)
              --jvm "OPTS"       extra options for each harvester JVM, space separated (e.g. "-XX:+UseParallelGC")
              --timeout SECONDS  per harvest (default 900)
              --keep             keep the temporary directory
            """;

    private ListingBenchmark() {
    }

    record Config(String store, String xmx) {
        String label() {
            return store + "@" + xmx;
        }
    }

    record Outcome(Config config, int run, Map<String, String> result, String lastProgress, int exitCode,
                   String error) {
        boolean ok() {
            return exitCode == 0 && result != null && "none".equals(result.get("failure"));
        }

        double rate() {
            return Double.parseDouble(result.get("rate"));
        }
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int lists = args.getInt("lists", 20);
        int perList = args.getInt("per-list", 50_000);
        long total = (long) lists * perList;
        int runs = args.getInt("runs", 2);
        long timeout = args.getInt("timeout", 900);
        List<Config> configs = new ArrayList<>();
        for (String c : args.get("configs", "mvstore@128m,memory@128m").split(",")) {
            String[] p = c.trim().split("@");
            configs.add(new Config(p[0], p.length > 1 ? p[1] : "128m"));
        }

        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-listing-bench-");
        Path root = Files.createDirectories(tmp.resolve("www"));
        List<Outcome> outcomes = new ArrayList<>();
        String serverDescription;
        long docBytes;
        double genSeconds;
        try (StaticServer server = StaticServer.start(root, tmp, args.get("server", "auto"))) {
            serverDescription = server.description();
            System.out.printf("Serving %s on %s with %s%n", root, server.baseUrl(), serverDescription);
            long t0 = System.nanoTime();
            docBytes = new SourceFiles(root, server.baseUrl()).writeResourceListIndex(lists, perList);
            genSeconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("Wrote a Resource List Index of %d x %,d entries (%s of XML, %.0f bytes/entry) in %.1f s%n",
                    lists, perList, Machine.mb(docBytes), (double) docBytes / total, genSeconds);
            String source = server.baseUrl() + SourceFiles.WELL_KNOWN;
            for (int run = 1; run <= runs; run++) {
                for (Config config : configs) {
                    outcomes.add(harvest(tmp, source, config, run, total, timeout, args.flag("jfr"),
                            Fork.extraOptions(args.get("jvm", "")), args.flag("batching") ? "&batching=true" : ""));
                }
            }
        } finally {
            if (!args.flag("keep")) {
                deleteTree(tmp);
            } else {
                System.out.println("Kept " + tmp);
            }
        }
        printSummary(configs, outcomes, total, lists, perList, docBytes, serverDescription, loadBefore,
                args.flag("batching"));
    }

    static Outcome harvest(Path tmp, String source, Config config, int run, long total, long timeout,
                                   boolean jfr, List<String> extraJvm, String uriOptions) throws IOException, InterruptedException {
        Path stateDir = Files.createDirectories(tmp.resolve("state-" + config.store() + "-" + config.xmx() + "-" + run));
        List<String> jvm = new ArrayList<>();
        jvm.add("-Xmx" + config.xmx());
        jvm.add("-XX:+ExitOnOutOfMemoryError");
        jvm.addAll(extraJvm);
        if (jfr) {
            Path jfrFile = Path.of("listing-" + config.store() + "-" + config.xmx() + "-run" + run + ".jfr")
                    .toAbsolutePath();
            jvm.add("-XX:FlightRecorderOptions=stackdepth=256");
            jvm.add("-XX:StartFlightRecording=filename=" + jfrFile + ",settings=profile");
            System.out.println("JFR recording to " + jfrFile);
        }
        System.out.printf("%n=== run %d: %s, harvester JVM -Xmx%s %s(load avg %s)%n", run, config.label(), config.xmx(),
                String.join(" ", extraJvm) + (extraJvm.isEmpty() ? "" : " "), Machine.loadAverage());
        Fork.Outcome f = Fork.run(jvm, ListingHarvest.class, List.of(source, config.store(), stateDir.toString(),
                Long.toString(total), Long.toString(timeout), uriOptions), timeout + 60);
        deleteTree(stateDir);
        return new Outcome(config, run, f.result(), f.lastProgress(), f.exitCode(), f.errors());
    }

    private static void printSummary(List<Config> configs, List<Outcome> outcomes, long total, int lists, int perList,
                                     long docBytes, String server, String loadBefore, boolean batching) {
        printSummary(configs, outcomes, total, lists, perList, docBytes, server, loadBefore,
                batching ? "fetchContent=false&batching=true" : "fetchContent=false");
    }

    private static void printSummary(List<Config> configs, List<Outcome> outcomes, long total, int lists, int perList,
                                     long docBytes, String server, String loadBefore, String mode) {
        String heaps = String.join(", ", configs.stream().map(c -> c.label()).distinct().toList());
        System.out.println();
        System.out.println("==================== Listing benchmark ====================");
        System.out.print(Machine.describe("harvester JVM -Xmx per config (" + heaps + ")"));
        System.out.println("load before: " + loadBefore + " (other work on the machine shares its cores)");
        System.out.println("source:      Resource List Index of " + lists + " x " + String.format("%,d", perList)
                           + " = " + String.format("%,d", total) + " resources, " + Machine.mb(docBytes) + " of XML ("
                           + String.format("%.0f", (double) docBytes / total) + " bytes/entry), " + mode);
        System.out.println("server:      " + server);
        System.out.println("rate:        events/s from the first event to the " + String.format("%,d", total)
                           + "th; wall: route start (discovery included) to that event; poll end adds the final"
                           + " state flush");
        System.out.println();
        System.out.printf("%-16s %3s %10s %10s %9s %10s %10s %11s %8s %7s %7s %10s %s%n", "config", "run", "events/s",
                "2nd half/s", "wall s",
                "poll end s", "peak heap", "max live*", "GCs", "CPU s", "JIT s", "state file", "status");
        Map<Config, List<Double>> rates = new HashMap<>();
        for (Outcome o : outcomes) {
            if (o.result() != null) {
                Map<String, String> r = o.result();
                System.out.printf("%-16s %3d %,10.0f %,10.0f %9.2f %10.2f %10s %11s %8s %7.1f %7.1f %10s %s%n",
                        o.config().label(),
                        o.run(), o.rate(), Double.parseDouble(r.get("halfRate")), Double.parseDouble(r.get("wallToTarget")), Double.parseDouble(r.get("wallToPollEnd")),
                        Machine.mb(Long.parseLong(r.get("peakUsed"))), Machine.mb(Long.parseLong(r.get("peakAfterGc"))),
                        r.get("gcs") + "/" + r.get("gcMillis") + "ms", Long.parseLong(r.get("cpuMillis")) / 1e3,
                        Long.parseLong(r.get("jitMillis")) / 1e3, Machine.mb(Long.parseLong(r.get("stateBytes"))),
                        o.ok() ? "ok" : r.get("failure").replace('_', ' '));
                if (o.ok()) {
                    rates.computeIfAbsent(o.config(), k -> new ArrayList<>()).add(o.rate());
                }
            } else {
                System.out.printf("%-16s %3d FAILED (exit %d): %s; last progress: %s%n", o.config().label(), o.run(),
                        o.exitCode(), o.error().isEmpty() ? "no result" : o.error(), o.lastProgress());
            }
        }
        System.out.println("(2nd half: events/s from the " + String.format("%,d", total / 2) + "th event on, JIT warm; * max live: heap used right after a"
                           + " collection, the largest seen; GCs: count/time;\n CPU: the harvester JVM's whole CPU time, start-up included; JIT:"
                           + " the compilers' summed compile time (CompilationMXBean), which on a busy machine includes"
                           + " waiting for a core)");
        System.out.println();
        for (Config c : configs) {
            System.out.printf("%-16s %s%n", c.label(), Stats.rates(rates.getOrDefault(c, List.of()), "events/s"));
        }
        System.out.println("target:      >= 300,000 events/s");
        System.out.println("load after:  " + Machine.loadAverage());
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}
