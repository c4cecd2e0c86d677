package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Many small Sources in one JVM: {@code --sources} Sources of {@code --per-source} resources each (256-4096 bytes, md5
 * and length published), served by nginx, harvested by one forked JVM ({@link ManySourcesHarvest}, {@code --xmx},
 * default 512m) with one route per Source into its own {@code resourcesync-mirror:} directory. Reports the peak number
 * of live threads, the heap after a full GC and the resident set once the first pass of every route is complete, the
 * time to that point from the CamelContext's start, and checks every mirrored file against the Source's bytes.
 * <p>
 * The Sources are generated under {@code --root}/s/ once and must be served at {@code --base}, e.g. by
 * {@code camel-resourcesync-benchmarks/bin/nginx-source.sh start ROOT PORT}.
 */
public final class ManySourcesBenchmark {

    static final String USAGE = """
            ManySourcesBenchmark --root DIR --base http://127.0.0.1:PORT/ [options]
              --root DIR        the served directory; the Sources are generated under DIR/s/ when missing
              --base URL        where nginx serves it (bin/nginx-source.sh start DIR PORT)
              --sources N       Sources, one route each (default 1000)
              --per-source M    resources per Source (default 5)
              --xmx SIZE        heap of the forked JVM (default 512m)
              --runs N          forked JVMs (default 1)
              --options OPTS    extra endpoint options
              --jvm "OPTS"      more options of the forked JVM
            """;

    private ManySourcesBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        Path root = args.servedRoot(USAGE);
        String base = args.get("base", "");
        int sources = args.getInt("sources", 1000);
        int perSource = args.getInt("per-source", 5);
        String xmx = args.get("xmx", "512m");
        int runs = args.getInt("runs", 1);
        ensureSources(root, base, sources, perSource);
        ContentBaseline.checkServed(base + ManySourcesHarvest.sourcePath(0) + SourceFiles.CAPABILITY_LIST, root);

        List<String> jvm = new ArrayList<>(List.of("-Xmx" + xmx, "-XX:+ExitOnOutOfMemoryError"));
        jvm.addAll(Fork.extraOptions(args.get("jvm", "")));
        String loadBefore = Machine.loadAverage();
        List<String> lines = new ArrayList<>();
        for (int run = 1; run <= runs; run++) {
            Path work = Files.createTempDirectory("rs-many-");
            try {
                System.out.printf("%n=== run %d: %,d Sources x %d resources at -Xmx%s (load avg %s)%n", run, sources,
                        perSource, xmx, Machine.loadAverage());
                List<String> childArgs = new ArrayList<>(List.of("--base", base, "--sources", Integer.toString(sources),
                        "--per-source", Integer.toString(perSource), "--work", work.toString()));
                if (!args.get("options", "").isEmpty()) {
                    childArgs.addAll(List.of("--options", args.get("options", "")));
                }
                Fork.Outcome o = Fork.run(jvm, ManySourcesHarvest.class, childArgs, 7200);
                Map<String, String> r = o.result();
                String line;
                if (r == null) {
                    line = "run " + run + ": FAILED, exit " + o.exitCode() + " " + o.errors();
                } else {
                    String check = "none".equals(r.get("failure")) ? compareAll(root, work.resolve("mirror"), sources,
                            perSource) : "FAILED: " + r.get("failure");
                    line = String.format("run %d: first complete pass %s s (context start %s s), peak live threads %s"
                                         + " (%s before the context, %s after the pass), heap after GC %s, resident %s,"
                                         + " JVM CPU %s s; %s", run, r.get("firstPass"), r.get("contextStart"),
                            r.get("peakThreads"), r.get("threadsBefore"), r.get("threadsAtEnd"),
                            Machine.mb(Long.parseLong(r.get("heapAfterGc"))), Machine.mb(Long.parseLong(r.get("rss"))),
                            r.get("cpuSeconds"), check);
                }
                System.out.println(line);
                lines.add(line);
            } finally {
                ListingBenchmark.deleteTree(work);
            }
        }
        System.out.println();
        System.out.println("==================== Many Sources benchmark ====================");
        System.out.print(Machine.describe("-Xmx" + xmx + " (forked harvester JVM)"));
        System.out.println("load before: " + loadBefore);
        System.out.printf("sources:     %,d Sources x %d resources (256-4096 bytes, md5), one route each into"
                          + " resourcesync-mirror:, component defaults, nginx on loopback%n", sources, perSource);
        lines.forEach(System.out::println);
        System.out.println("target:      1,000 Sources at -Xmx512m within 300 threads, every mirror exact");
        System.out.println("load after:  " + Machine.loadAverage());
        System.exit(0);
    }

    private static void ensureSources(Path root, String base, int sources, int perSource) throws IOException {
        Path marker = root.resolve(String.format(".many-sources-%d-%d", sources, perSource));
        if (Files.exists(marker) && Files.readString(marker).equals(base)) {
            return;
        }
        System.out.printf("Writing %,d Sources of %d resources under %s%n", sources, perSource, root.resolve("s"));
        long t0 = System.nanoTime();
        for (int i = 0; i < sources; i++) {
            String path = ManySourcesHarvest.sourcePath(i);
            new SourceFiles(root.resolve(path), base + path).writeContentSource(perSource, 256, 4096, List.of("md5"));
        }
        Files.writeString(marker, base);
        System.out.printf("Wrote them in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    /** Every Source's mirror against its files; "every mirror exact" or the first difference. */
    private static String compareAll(Path root, Path mirrors, int sources, int perSource) throws IOException {
        for (int i = 0; i < sources; i++) {
            // the mirror keeps the resource's path on the Source's origin: s/NNNNN/res/000/00000i.txt
            String problem = ContentBaseline.compareTree(root, mirrors.resolve(String.format("%05d", i)), perSource);
            if (problem != null) {
                return "NOT EXACT: Source " + i + ": " + problem;
            }
        }
        return "every mirror exact (" + sources + " x " + perSource + " files equal to the Source's bytes)";
    }
}
