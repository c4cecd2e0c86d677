package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * First baseline with content of a Source of many small resources served by nginx, into {@code resourcesync-mirror:},
 * Camel's {@code file:} or a no-op route. Each run forks a JVM ({@link PipelineHarvest}) that harvests the Source
 * {@code --harvests} times, each into a fresh sink directory and fresh state:
 * <ul>
 * <li><b>whole process</b>: resources / seconds from launching the JVM to the line it prints once the last resource
 * has passed the sink (JVM start, Camel start, discovery, lists, every GET, every file);</li>
 * <li><b>steady state</b>: the best of the later harvests in the same, warm JVM, resources / seconds from the route's
 * start to the last resource.</li>
 * </ul>
 * After each run every file of every sink directory is compared byte for byte with the Source's file (not timed).
 * <p>
 * The Source is generated into {@code --root} once (resources of {@code --min-size} to {@code --max-size} bytes of
 * text, md5 and length published, a Resource List Index of lists of 50,000) and must be served at {@code --base}, e.g.
 * by {@code camel-resourcesync-benchmarks/bin/nginx-source.sh start ROOT PORT}; see docs/performance.md.
 */
public final class ContentBaseline {

    static final String USAGE = """
            ContentBaseline --root DIR --base http://127.0.0.1:PORT/ [options]
              --root DIR          the served directory; the Source is generated there when missing
              --base URL          where nginx serves it (bin/nginx-source.sh start DIR PORT)
              --resources N       resources (default 100000)
              --min-size BYTES    smallest resource (default 256)
              --max-size BYTES    largest resource (default 4096)
              --sinks LIST        mirror, file, noop, comma separated (default mirror,file,noop)
              --runs N            forked JVMs per sink (default 3)
              --harvests N        harvests per JVM: the first is the whole-process figure, the best of the others the
                                  steady state (default 3)
              --options OPTS      extra endpoint options, e.g. "fetchParallelism=8&maxConnections=32"
              --jvm "OPTS"        options of the forked JVMs (default -Xmx512m)
              --work DIR          where the sinks and state go (default: a temporary directory, deleted)
              --aot DIR           JDK 25 or later: start every harvester JVM with an AOT cache, DIR/SINK.aot, made
                                  first by a training harvest of the same Source when missing (see docs/performance.md)
              --reference "CMD"   also run another client's baseline of the same Source in every run, side by side: a
                                  shell command in which {base} stands for the base URL without its trailing slash and
                                  {dir} for the (empty) directory it must mirror the Source into, e.g.
                                  "resync-sync --baseline --capabilitylist={base}/capabilitylist.xml {base} {dir}";
                                  timed from launch to exit, its files compared with the Source's
            """;

    private ContentBaseline() {
    }

    record Run(String sink, int run, double wholeRate, double wholeSeconds, double steadyRate, double firstHarvestCpu,
               String failure) {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        Path root = args.servedRoot(USAGE);
        String base = args.get("base", "");
        int count = args.getInt("resources", 100_000);
        int minSize = args.getInt("min-size", 256);
        int maxSize = args.getInt("max-size", 4096);
        int runs = args.getInt("runs", 3);
        int harvests = args.getInt("harvests", 3);
        String options = args.get("options", "");
        List<String> jvm = Fork.extraOptions(args.get("jvm", "-Xmx512m"));
        List<String> sinks = List.of(args.get("sinks", "mirror,file,noop").split(","));
        Path aot = args.get("aot", null) == null ? null : Path.of(args.get("aot", null));
        String reference = args.get("reference", null);

        String source = ensureSource(root, base, count, minSize, maxSize);
        String loadBefore = Machine.loadAverage();
        boolean keep = args.get("work", null) != null;
        Path work = keep ? Files.createDirectories(Path.of(args.get("work", null)))
                : Files.createTempDirectory("rs-content-baseline-");
        List<Run> results = new ArrayList<>();
        try {
            for (int run = 1; run <= runs; run++) {
                if (reference != null) {
                    results.add(runReference(reference, base, run, work.resolve("reference-" + run), count, root));
                }
                for (String sink : sinks) {
                    System.out.printf("%n=== run %d, sink %s (load avg %s)%n", run, sink, Machine.loadAverage());
                    Path dir = Files.createDirectories(work.resolve(sink + "-" + run));
                    List<String> sinkJvm = jvm;
                    if (aot != null) {
                        Path cache = AotCache.file(aot, sink);
                        AotCache.trainIfMissing(jvm, cache, sink, source, count, dir);
                        sinkJvm = AotCache.options(jvm, cache);
                    }
                    results.add(runOnce(sinkJvm, source, sink, run, dir, count, harvests, options, root));
                    ListingBenchmark.deleteTree(dir);
                }
            }
        } finally {
            if (!keep) {
                ListingBenchmark.deleteTree(work);
            }
        }
        printSummary(results, count, minSize, maxSize, harvests, options,
                aot == null ? jvm : AotCache.options(jvm, AotCache.file(aot, "SINK")), loadBefore);
        System.exit(0);
    }

    /** Generates the Source under {@code root} unless it is there, and checks that {@code base} serves it. */
    static String ensureSource(Path root, String base, int count, int minSize, int maxSize) throws IOException,
            InterruptedException {
        Path marker = root.resolve(String.format(".content-source-%d-%d-%d", count, minSize, maxSize));
        if (!Files.exists(marker) || !Files.readString(marker).equals(base)) {
            System.out.printf("Writing a Source of %,d resources (%d-%d bytes, md5) into %s for %s%n", count, minSize,
                    maxSize, root, base);
            long t0 = System.nanoTime();
            Files.createDirectories(root);
            long bytes = new SourceFiles(root, base).writeContentSource(count, minSize, maxSize, List.of("md5"));
            Files.writeString(marker, base);
            System.out.printf("Wrote %s of resources in %.1f s%n", Machine.mb(bytes), (System.nanoTime() - t0) / 1e9);
        }
        String source = base + SourceFiles.WELL_KNOWN;
        checkServed(source, root);
        return source;
    }

    static void checkServed(String url, Path root) throws IOException, InterruptedException {
        try {
            HttpResponse<Void> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() == 200) {
                return;
            }
            throw new IOException(url + " answered " + r.statusCode());
        } catch (IOException e) {
            throw new IOException("The Source is not served at " + url + " (" + e.getMessage() + "): start nginx with"
                                  + " camel-resourcesync-benchmarks/bin/nginx-source.sh start " + root + " PORT", e);
        }
    }

    private static Run runOnce(List<String> jvm, String source, String sink, int run, Path dir, int count,
                               int harvests, String options, Path root) throws Exception {
        List<String> args = new ArrayList<>(List.of("--source", source, "--sink", sink, "--work", dir.toString(),
                "--expected", Integer.toString(count), "--harvests", Integer.toString(harvests)));
        if (!options.isEmpty()) {
            args.addAll(List.of("--options", options));
        }
        Fork.Outcome o = Fork.run(jvm, PipelineHarvest.class, args, 1800);
        Map<Integer, Map<String, String>> last = new LinkedHashMap<>();
        Map<Integer, Map<String, String>> done = new LinkedHashMap<>();
        for (Map<String, String> r : o.results()) {
            if (r.containsKey("harvest")) {
                (r.get("phase").equals("last") ? last : done).put(Integer.parseInt(r.get("harvest")), r);
            }
        }
        String failure = null;
        for (Map<String, String> d : done.values()) {
            if (!"none".equals(d.get("failure"))) {
                failure = d.get("failure");
            }
        }
        if (done.size() != harvests && failure == null) {
            failure = "exit " + o.exitCode() + " after " + done.size() + " harvests " + o.errors();
        }
        if (failure == null && !sink.equals("noop")) {
            for (int h = 1; h <= harvests; h++) {
                String problem = compareTree(root, dir.resolve("sink-" + h), count);
                if (problem != null) {
                    failure = "harvest " + h + ": " + problem;
                    break;
                }
            }
            System.out.println(failure == null ? "every file of the " + harvests + " sink directories equals the"
                                                 + " Source's" : "NOT EXACT: " + failure);
        }
        double wholeSeconds = last.containsKey(1) ? Long.parseLong(last.get(1).get(Fork.SINCE_LAUNCH)) / 1e9
                : Double.NaN;
        double steady = 0;
        for (int h = 2; h <= harvests; h++) {
            if (last.containsKey(h)) {
                steady = Math.max(steady, count / Double.parseDouble(last.get(h).get("startToLast")));
            }
        }
        double cpu = done.containsKey(1) ? Double.parseDouble(done.get(1).get("cpuSeconds")) : Double.NaN;
        Run r = new Run(sink, run, count / wholeSeconds, wholeSeconds, steady, cpu, failure);
        System.out.printf("sink %s run %d: whole process %.2f s = %,.0f resources/s; steady state %,.0f resources/s%s%n",
                sink, run, wholeSeconds, r.wholeRate(), steady, failure == null ? "" : "; FAILED: " + failure);
        return r;
    }

    /**
     * Another client's baseline of the same Source ({@code --reference}), timed from launch to exit: the whole-process
     * figure to set beside the mirror's.
     */
    private static Run runReference(String command, String base, int run, Path dir, int count, Path root)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        String baseUrl = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        String line = command.replace("{base}", baseUrl).replace("{dir}", dir.toString());
        System.out.printf("%n=== run %d, reference client (load avg %s)%n  $ %s%n", run, Machine.loadAverage(), line);
        // its own working directory: a client may leave a status file where it runs
        Path cwd = Files.createDirectories(dir.resolveSibling(dir.getFileName() + ".cwd"));
        long launched = System.nanoTime();
        Process p = new ProcessBuilder("bash", "-c", line).directory(cwd.toFile()).redirectErrorStream(true).start();
        List<String> output = new String(p.getInputStream().readAllBytes()).lines().toList();
        int exit = p.waitFor();
        double seconds = (System.nanoTime() - launched) / 1e9;
        output.stream().skip(Math.max(0, output.size() - 5)).forEach(l -> System.out.println("  | " + l));
        String failure = exit != 0 ? "exit " + exit : compareTree(root, dir, count);
        Run r = new Run("reference", run, count / seconds, seconds, Double.NaN, Double.NaN, failure);
        System.out.printf("reference run %d: whole process %.2f s = %,.0f resources/s%s%n", run, seconds,
                r.wholeRate(), failure == null ? ", every file equals the Source's" : "; FAILED: " + failure);
        ListingBenchmark.deleteTree(dir);
        ListingBenchmark.deleteTree(cwd);
        return r;
    }

    /**
     * Every file under {@code sinkDir} against the Source's file of the same path; {@code null} when all
     * {@code expected} are there and equal.
     */
    static String compareTree(Path root, Path sinkDir, long expected) throws IOException {
        long files = 0;
        try (Stream<Path> all = Files.walk(sinkDir)) {
            for (Path f : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
                Path rel = sinkDir.relativize(f);
                Path original = root.resolve(rel.toString());
                if (!Files.isRegularFile(original)) {
                    return "unexpected file " + rel;
                }
                if (Files.mismatch(f, original) != -1) {
                    return rel + " differs from the Source's bytes";
                }
                files++;
            }
        }
        return files == expected ? null : files + " files instead of " + expected;
    }

    private static void printSummary(List<Run> results, int count, int minSize, int maxSize, int harvests,
                                     String options, List<String> jvm, String loadBefore) {
        System.out.println();
        System.out.println("==================== Content baseline benchmark ====================");
        System.out.print(Machine.describe(String.join(" ", jvm) + " (forked harvester JVM)"));
        System.out.println("load before: " + loadBefore);
        System.out.printf("source:      %,d resources of %d-%d bytes, md5 and length published, Resource List Index of"
                          + " lists of 50,000, nginx on loopback%n", count, minSize, maxSize);
        System.out.println("route:       from(resourcesync:...?fetchContent=true" + (options.isEmpty() ? "" : "&"
                           + options) + ").to(SINK), fresh state and sink directory per harvest");
        System.out.println("whole:       resources / s from launching the JVM to the last resource past the sink");
        System.out.printf("steady:      best of harvests 2-%d of the same JVM, route start to the last resource%n",
                harvests);
        System.out.println();
        System.out.printf("%-9s %4s %10s %14s %14s %11s %s%n", "sink", "run", "whole s", "whole res/s",
                "steady res/s", "CPU s (1st)", "status");
        for (Run r : results) {
            // the reference client has no steady state and no CPU figure of its own: blank, not NaN
            System.out.printf("%-9s %4d %10.2f %,14.0f %14s %11s %s%n", r.sink(), r.run(), r.wholeSeconds(),
                    r.wholeRate(), Double.isNaN(r.steadyRate()) ? "" : String.format("%,.0f", r.steadyRate()),
                    Double.isNaN(r.firstHarvestCpu()) ? "" : String.format("%.1f", r.firstHarvestCpu()),
                    r.failure() == null ? "ok" : "FAILED: "
                                                                                        + r.failure());
        }
        System.out.println();
        for (String sink : results.stream().map(Run::sink).distinct().toList()) {
            List<Run> ok = results.stream().filter(r -> r.sink().equals(sink) && r.failure() == null).toList();
            System.out.printf("%-9s whole process: %s%n", sink, Stats.rates(ok.stream().map(Run::wholeRate).toList(),
                    "resources/s"));
            if (!sink.equals("reference")) {
                System.out.printf("%-9s steady state:  %s%n", sink, Stats.rates(ok.stream().map(Run::steadyRate)
                        .toList(), "resources/s"));
            }
        }
        List<String> ratios = new ArrayList<>();
        for (Run ref : results.stream().filter(r -> r.sink().equals("reference") && r.failure() == null).toList()) {
            results.stream().filter(r -> r.sink().equals("mirror") && r.run() == ref.run() && r.failure() == null)
                    .forEach(m -> ratios.add(String.format("%.1fx", m.wholeRate() / ref.wholeRate())));
        }
        if (!ratios.isEmpty()) {
            System.out.println("side by side: mirror whole process / reference client, run by run: "
                               + String.join(", ", ratios));
        }
        System.out.println("targets:     mirror whole process >= 17,500 resources/s (5x the reference client),"
                           + " steady state >= 25,000/s");
        System.out.println("load after:  " + Machine.loadAverage());
    }
}
