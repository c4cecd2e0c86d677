package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * How fast {@code resourcesync-mirror:} writes files compared with Camel's {@code file:} producer: a route
 * {@code from("direct:in").to(sink)} gets {@code --files} small bodies ({@code --min}-{@code --max} bytes, random,
 * seeded) named {@code dNNN/rNNNNNN.bin} over {@code --dirs} directories, each run into a new empty directory under
 * {@code --dir}, and reports files per second from the first send to the last file written, and the JVM's CPU time
 * (user and system) per file, which a machine shared with other work disturbs less than the wall clock. The sinks
 * take turns run by run, after one unmeasured warm-up run each:
 *
 * <ul>
 * <li>{@code file}: {@code file:DIR}, Camel's defaults (writes in place: a crash leaves half a file under the
 * name);</li>
 * <li>{@code file-temp}: {@code file:DIR?tempPrefix=.tmp-} (a temporary name, then a rename, as the mirror);</li>
 * <li>{@code mirror}: {@code resourcesync-mirror:DIR}, its defaults (temporary name and rename, the resource's
 * {@code lastmod} as modification time);</li>
 * <li>{@code mirror-no-lastmod}: the same with {@code keepLastModified=false};</li>
 * <li>{@code mirror-fsync}: with {@code fsync=true}, only when {@code --fsync-files} is above 0 (a disk flush per
 * file, so fewer files).</li>
 * </ul>
 *
 * <pre>
 * mvn -B -o -q -pl camel-resourcesync-benchmarks -am package -DskipTests dependency:build-classpath -Dmdep.outputFile=cp.txt
 * java -Xmx256m -cp camel-resourcesync-benchmarks/target/classes:$(cat camel-resourcesync-benchmarks/cp.txt) \
 *     io.github.camelresourcesync.benchmarks.MirrorBenchmark --files 100000 --runs 3
 * </pre>
 */
public final class MirrorBenchmark {

    private static final String USAGE = """
            MirrorBenchmark: resourcesync-mirror: against Camel's file: writing small files from a route
              --files N         files per run (default 100000)
              --min B, --max B  body size range in bytes (default 1024-4096)
              --dirs N          directories the files spread over (default 100)
              --runs N          measured runs per sink (default 3)
              --fsync-files N   files of the fsync=true run (default 0: not run)
              --dir PATH        where the runs write (default target; a new mirror-benchmark-* directory in it)
            """;

    private MirrorBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int files = args.getInt("files", 100_000);
        int min = args.getInt("min", 1024);
        int max = args.getInt("max", 4096);
        int dirs = args.getInt("dirs", 100);
        int runs = args.getInt("runs", 3);
        int fsyncFiles = args.getInt("fsync-files", 0);
        Path parent = Path.of(args.get("dir", "target")).toAbsolutePath();
        Files.createDirectories(parent);
        Path base = Files.createTempDirectory(parent, "mirror-benchmark-");

        Map<String, String> sinks = new LinkedHashMap<>();
        sinks.put("file", "file:%s");
        sinks.put("file-temp", "file:%s?tempPrefix=.tmp-");
        sinks.put("mirror", "resourcesync-mirror:%s");
        sinks.put("mirror-no-lastmod", "resourcesync-mirror:%s?keepLastModified=false");

        Random random = new Random(42);
        List<byte[]> bodies = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < 1000; i++) {
            byte[] b = new byte[min + random.nextInt(max - min + 1)];
            random.nextBytes(b);
            bodies.add(b);
        }
        for (int i = 0; i < files; i++) {
            bytes += bodies.get(i % bodies.size()).length;
        }

        System.out.print(Machine.describe(Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB"));
        System.out.printf("workload:    %,d files of %d-%d bytes (%s) in %d directories under %s%n", files, min, max,
                Machine.mb(bytes), dirs, base);

        Map<String, List<Double>> rates = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        try (Sinks camel = new Sinks(base)) {
            for (Map.Entry<String, String> s : sinks.entrySet()) {
                camel.run(s.getValue(), Math.min(files, 10_000), dirs, bodies); // warm-up
                rates.put(s.getKey(), new ArrayList<>());
                cpu.put(s.getKey(), new ArrayList<>());
            }
            for (int run = 1; run <= runs; run++) {
                for (Map.Entry<String, String> s : sinks.entrySet()) {
                    double rate = camel.run(s.getValue(), files, dirs, bodies);
                    rates.get(s.getKey()).add(rate);
                    cpu.get(s.getKey()).add(camel.lastCpuMicrosPerFile);
                    System.out.printf("run %d %-18s %,9.0f files/s, %6.1f µs CPU per file  (load %s)%n", run,
                            s.getKey(), rate, camel.lastCpuMicrosPerFile, Machine.loadAverage());
                }
            }
            if (fsyncFiles > 0) {
                List<Double> fsync = new ArrayList<>();
                fsync.add(camel.run("resourcesync-mirror:%s?fsync=true", fsyncFiles, dirs, bodies));
                rates.put("mirror-fsync (" + fsyncFiles + " files)", fsync);
            }
        }
        System.out.println();
        for (Map.Entry<String, List<Double>> r : rates.entrySet()) {
            List<Double> micros = cpu.getOrDefault(r.getKey(), List.of());
            System.out.printf("%-30s %s%s%n", r.getKey(), Stats.rates(r.getValue(), "files/s"), micros.isEmpty() ? ""
                    : String.format("; CPU %.1f-%.1f µs per file", micros.stream().mapToDouble(d -> d).min()
                            .orElse(0), micros.stream().mapToDouble(d -> d).max().orElse(0)));
        }
        System.out.println("load avg:    " + Machine.loadAverage() + " (1/5/15 min, at the end)");
        Files.delete(base);
    }

    /** One CamelContext; each run adds a route to a new directory and removes it after. */
    private static final class Sinks implements AutoCloseable {

        private final Path base;
        private final CamelContext context = new DefaultCamelContext();
        private final ProducerTemplate template;
        private int runs;
        /** CPU time of the whole JVM (user and system: the file system's work too) per file of the last run. */
        double lastCpuMicrosPerFile;

        Sinks(Path base) {
            this.base = base;
            context.start();
            template = context.createProducerTemplate();
        }

        /** Files per second from the first send to the last file written (the route is synchronous). */
        double run(String sinkFormat, int files, int dirs, List<byte[]> bodies) throws Exception {
            Path dir = base.resolve("run-" + runs++);
            String id = "sink" + runs;
            String sink = String.format(sinkFormat, dir);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:" + id).routeId(id).to(sink);
                }
            });
            Instant lastmod = Instant.parse("2024-01-01T00:00:00Z");
            int perDir = Math.max(1, files / dirs);
            Map<String, Object> headers = new HashMap<>();
            headers.put(ResourceSyncConstants.CHANGE, "created");
            headers.put(ResourceSyncConstants.LAST_MODIFIED, lastmod);
            long cpu = Machine.processCpuNanos();
            long start = System.nanoTime();
            for (int i = 0; i < files; i++) {
                headers.put(Exchange.FILE_NAME, String.format("d%03d/r%06d.bin", i / perDir, i));
                template.sendBodyAndHeaders("direct:" + id, bodies.get(i % bodies.size()), headers);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            lastCpuMicrosPerFile = (Machine.processCpuNanos() - cpu) / 1e3 / files;
            context.getRouteController().stopRoute(id);
            context.removeRoute(id);
            delete(dir, files);
            return files / seconds;
        }

        private static void delete(Path dir, int expected) throws IOException {
            long count;
            try (Stream<Path> walk = Files.walk(dir)) {
                List<Path> all = walk.sorted(Comparator.reverseOrder()).toList();
                count = all.stream().filter(Files::isRegularFile).count();
                for (Path p : all) {
                    Files.delete(p);
                }
            }
            if (count != expected) {
                throw new IllegalStateException(dir + " held " + count + " files, expected " + expected);
            }
        }

        @Override
        public void close() {
            context.stop();
        }
    }
}
