package io.github.camelresourcesync.benchmarks;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;

import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.harvest.SyncRun;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.MVStoreStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.xml.HardenedStax;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

/**
 * Where the listing time goes: the same 1,000,000-entry Source as {@link ListingBenchmark}, processed by ever more of
 * the stack, each stage in its own {@code -Xmx128m} JVM, several rounds each (the first ones warm the JIT up):
 * <ol>
 * <li>{@code woodstox}: the hardened Woodstox parser scanning the lists from disk, building no objects (the floor);</li>
 * <li>{@code reader}: the component's {@code SitemapReader} building every {@code Entry} from disk;</li>
 * <li>{@code harvester}: {@code Harvester}/{@code SyncRun} over HTTP as the consumer drives them (batches of 1000),
 * without Camel and with a state store that remembers nothing;</li>
 * <li>{@code harvester+mvstore}: the same with the default embedded MVStore;</li>
 * <li>{@code route}: the Camel route {@code from(resourcesync:...).process(count)} with the no-op store;</li>
 * <li>{@code route+mvstore}: the Camel route with the default store: what {@link ListingBenchmark} measures.</li>
 * </ol>
 * The differences between stages are the costs of each layer. CPU time and allocation are those of the thread doing
 * the work (the consumer thread; everything but GC runs on it when {@code fetchContent=false}).
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@breakdown}.
 */
public final class ListingBreakdown {

    static final String USAGE = """
            ListingBreakdown [options]
              --lists N        Resource Lists in the index (default 20)
              --per-list N     entries per Resource List (default 50000)
              --stages LIST    comma separated (default woodstox,reader,harvester,harvester+mvstore,route,route+mvstore);
                               also batch and batch+mvstore: the route with batching=true
              --rounds N       rounds per stage in one JVM; the best counts (default 4)
              --xmx SIZE       heap of each stage JVM (default 128m)
              --jvm "OPTS"     extra options for each stage JVM, space separated (e.g. "-XX:+UseParallelGC")
              --server S       auto, nginx or jdk (default auto)
            """;

    private ListingBreakdown() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int lists = args.getInt("lists", 20);
        int perList = args.getInt("per-list", 50_000);
        long total = (long) lists * perList;
        int rounds = args.getInt("rounds", 4);
        String xmx = args.get("xmx", "128m");
        List<String> stages = List.of(args.get("stages",
                "woodstox,reader,harvester,harvester+mvstore,route,route+mvstore").split(","));
        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-breakdown-");
        Path root = Files.createDirectories(tmp.resolve("www"));
        Map<String, List<Map<String, String>>> results = new LinkedHashMap<>();
        String server;
        try (StaticServer s = StaticServer.start(root, tmp, args.get("server", "auto"))) {
            server = s.description();
            new SourceFiles(root, s.baseUrl()).writeResourceListIndex(lists, perList);
            for (String stage : stages) {
                System.out.printf("%n=== stage %s, JVM -Xmx%s (load avg %s)%n", stage, xmx, Machine.loadAverage());
                List<String> jvm = new ArrayList<>(List.of("-Xmx" + xmx, "-XX:+ExitOnOutOfMemoryError"));
                jvm.addAll(Fork.extraOptions(args.get("jvm", "")));
                Fork.Outcome o = Fork.run(jvm, Stage.class,
                        List.of(stage, root.toString(), s.baseUrl(), Long.toString(total), Integer.toString(rounds),
                                tmp.resolve("state-" + stage.replace('+', '-')).toString()), 1800);
                results.put(stage, o.results());
            }
        } finally {
            ListingBenchmark.deleteTree(tmp);
        }

        System.out.println();
        System.out.println("==================== Listing breakdown ====================");
        System.out.print(Machine.describe("-Xmx" + xmx + " per stage JVM"));
        System.out.println("load before: " + loadBefore);
        System.out.println("source:      " + String.format("%,d", total) + " entries (" + lists + " x " + perList
                           + "), served by " + server);
        System.out.println();
        System.out.printf("%-18s %10s %10s %12s %12s %12s %12s   %s%n", "stage", "best /s", "median /s",
                "us/ev median", "CPU us/ev*", "JVM CPU us/ev", "alloc B/ev*", "all rounds /s");
        double previous = 0;
        for (Map.Entry<String, List<Map<String, String>>> e : results.entrySet()) {
            List<Map<String, String>> byRate = new ArrayList<>(e.getValue());
            if (byRate.isEmpty()) {
                System.out.printf("%-18s FAILED%n", e.getKey());
                continue;
            }
            List<String> all = new ArrayList<>();
            byRate.forEach(r -> all.add(String.format("%,.0f", Double.parseDouble(r.get("rate")))));
            byRate.sort((x, y) -> Double.compare(Double.parseDouble(x.get("rate")), Double.parseDouble(y.get("rate"))));
            Map<String, String> best = byRate.get(byRate.size() - 1);
            Map<String, String> median = byRate.get(byRate.size() / 2);
            double rate = Double.parseDouble(median.get("rate"));
            double us = 1e6 / rate;
            System.out.printf("%-18s %,10.0f %,10.0f %12.2f %12.2f %12.2f %,12.0f   %s%s%n", e.getKey(),
                    Double.parseDouble(best.get("rate")), rate, us, Double.parseDouble(median.get("cpuUs")),
                    Double.parseDouble(median.getOrDefault("jvmCpuUs", "0")),
                    Double.parseDouble(median.get("allocB")), String.join(", ", all),
                    previous > 0 ? String.format("  (%+.2f us vs the stage above)", us - previous) : "");
            previous = us;
        }
        System.out.println("(median: the upper median of the rounds; * of the thread doing the work, in the median round;"
                           + " GC threads not included;\n JVM CPU: every thread of the stage JVM over the whole round, startup included)");
        System.out.println("load after:  " + Machine.loadAverage());
    }

    /** One stage in its own JVM: prints a RESULT line per round. */
    public static final class Stage {

        private static final com.sun.management.ThreadMXBean THREADS =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        private Stage() {
        }

        public static void main(String[] a) throws Exception {
            String stage = a[0];
            Path root = Path.of(a[1]);
            String base = a[2];
            long total = Long.parseLong(a[3]);
            int rounds = Integer.parseInt(a[4]);
            Path stateBase = Path.of(a[5]);
            String source = base + SourceFiles.WELL_KNOWN;
            for (int round = 1; round <= rounds; round++) {
                Path stateDir = Files.createDirectories(stateBase.resolve("round-" + round));
                long events;
                long nanos;
                long cpu;
                long alloc;
                long jvmCpu0 = Machine.processCpuNanos();
                if (stage.startsWith("route") || stage.startsWith("batch")) {
                    Map<String, Object> beans = stage.endsWith("+mvstore") ? Map.of()
                            : Map.of("noop", new NoopStateStore());
                    String uri = "resourcesync:" + source + "?fetchContent=false"
                                 + (beans.isEmpty() ? "" : "&stateStore=#noop")
                                 + (stage.startsWith("batch") ? "&batching=true" : "");
                    HarvestRun.Counter counter = new HarvestRun.Counter(total, false);
                    HarvestRun.Result r = HarvestRun.run(uri, stateDir, beans, counter, Duration.ofMinutes(20));
                    if (r.failure() != null) {
                        throw new IllegalStateException(r.failure());
                    }
                    events = r.events();
                    nanos = r.targetNanos() - r.firstEventNanos();
                    cpu = counter.cpuNanos;
                    alloc = counter.allocatedBytes;
                } else {
                    long cpu0 = THREADS.getCurrentThreadCpuTime();
                    long alloc0 = THREADS.getCurrentThreadAllocatedBytes();
                    long t0 = System.nanoTime();
                    events = switch (stage) {
                        case "woodstox" -> woodstox(root);
                        case "reader" -> reader(root, base);
                        case "harvester" -> harvester(source, new NoopStateStore());
                        case "harvester+mvstore" -> harvester(source,
                                MVStoreStateStore.open(stateDir.resolve("resourcesync-state.mv.db")));
                        default -> throw new IllegalArgumentException("unknown stage " + stage);
                    };
                    nanos = System.nanoTime() - t0;
                    cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
                    alloc = THREADS.getCurrentThreadAllocatedBytes() - alloc0;
                }
                // every thread of this JVM (parser, state writer, GC, JIT): the work moved off the thread above
                long jvmCpu = Machine.processCpuNanos() - jvmCpu0;
                ListingBenchmark.deleteTree(stateDir);
                if (events != total) {
                    throw new IllegalStateException(stage + ": expected " + total + " entries, got " + events);
                }
                System.out.printf("RESULT stage=%s round=%d rate=%.0f cpuUs=%.3f jvmCpuUs=%.3f allocB=%.0f load=%s%n",
                        stage, round, events / (nanos / 1e9), cpu / 1e3 / events, jvmCpu / 1e3 / events,
                        (double) alloc / events,
                        Machine.loadAverage().replace(" ", ""));
            }
            System.exit(0);
        }

        private static List<Path> lists(Path root) throws Exception {
            List<Path> files = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root.resolve("resourcelists"))) {
                ds.forEach(files::add);
            }
            files.sort(null);
            return files;
        }

        /** Every start element, its attributes and the text of loc and lastmod, as the reader would touch them. */
        static long woodstox(Path root) throws Exception {
            var factory = HardenedStax.newInputFactory();
            long urls = 0;
            long checksum = 0;
            for (Path p : lists(root)) {
                try (InputStream in = new BufferedInputStream(Files.newInputStream(p), 64 * 1024)) {
                    XMLStreamReader x = factory.createXMLStreamReader(in);
                    while (x.hasNext()) {
                        if (x.next() == XMLStreamConstants.START_ELEMENT) {
                            String name = x.getLocalName();
                            if (name.equals("url")) {
                                urls++;
                            } else if (name.equals("loc") || name.equals("lastmod")) {
                                checksum += x.getElementText().length();
                            } else {
                                for (int i = 0; i < x.getAttributeCount(); i++) {
                                    checksum += x.getAttributeValue(i).length();
                                }
                            }
                        }
                    }
                    x.close();
                }
            }
            return checksum > 0 ? urls : -1;
        }

        static long reader(Path root, String base) throws Exception {
            SitemapReader reader = new SitemapReader();
            long n = 0;
            for (Path p : lists(root)) {
                URI uri = URI.create(base + "resourcelists/" + p.getFileName());
                try (SitemapDocument d = reader.open(new BufferedInputStream(Files.newInputStream(p), 64 * 1024), uri)) {
                    Entry e;
                    while ((e = d.next()) != null) {
                        n += e.loc() != null ? 1 : 0;
                    }
                }
            }
            return n;
        }

        /** Drives a run as ResourceSyncConsumer does: batches of 1000, each event delivered, state flushed. */
        static long harvester(String source, SyncStateStore store) throws Exception {
            long n = 0;
            try (store; HttpFetcher fetcher = new HttpFetcher(new FetcherConfig())) {
                Harvester h = new Harvester(URI.create(source), new HarvestOptions().fetchContent(false), fetcher,
                        new SitemapReader(), store, (java.util.concurrent.ExecutorService) null, () -> new SyncProgress("breakdown", 0));
                try (SyncRun run = h.startRun(0)) {
                    while (run.hasMore()) {
                        int batch = 0;
                        PendingEvent p;
                        while (batch < 1000 && (p = run.next()) != null) {
                            run.delivered(p);
                            batch++;
                        }
                        if (batch == 0) {
                            break;
                        }
                        n += batch;
                        run.flush();
                    }
                }
            }
            return n;
        }
    }
}
