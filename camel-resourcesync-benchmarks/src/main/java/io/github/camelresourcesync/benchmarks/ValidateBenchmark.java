package io.github.camelresourcesync.benchmarks;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.validate.ValidateOptions;
import io.github.camelresourcesync.validate.ValidationReport;
import io.github.camelresourcesync.validate.Validator;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Validates the Source of the listing benchmark (a Resource List Index of 20 x 50,000 resources, written by
 * {@link SourceFiles}, served on 127.0.0.1 by nginx or the JDK HttpServer) with the core {@link Validator}, in this JVM
 * (started with {@code -Xmx64m}): time, entries per second, heap peaks, findings. Every location goes through the
 * validator's disk-backed duplicate set.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@validate}, extra arguments with
 * {@code -Dvalidate.args="--lists 20 --per-list 50000 --sample 300"}.
 */
public final class ValidateBenchmark {

    static final String USAGE = """
            ValidateBenchmark [options]
              --lists N          Resource Lists in the index (default 20)
              --per-list N       entries per Resource List (default 50000)
              --sample N         resources whose content is fetched (default 300)
              --server S         auto (nginx if installed, else JDK HttpServer), nginx or jdk (default auto)
            """;

    private ValidateBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int lists = args.getInt("lists", 20);
        int perList = args.getInt("per-list", 50_000);
        int sample = args.getInt("sample", ValidateOptions.DEFAULT_SAMPLE);
        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-validate-bench-");
        Path root = Files.createDirectories(tmp.resolve("www"));
        try (StaticServer server = StaticServer.start(root, tmp, args.get("server", "auto"))) {
            long docBytes = new SourceFiles(root, server.baseUrl()).writeResourceListIndex(lists, perList);
            System.out.printf("Serving a Resource List Index of %d x %,d entries (%s of XML) on %s with %s%n", lists,
                    perList, Machine.mb(docBytes), server.baseUrl(), server.description());
            URI start = URI.create(server.baseUrl() + SourceFiles.WELL_KNOWN);
            AtomicLong findings = new AtomicLong();
            ValidationReport report;
            long peakUsed;
            long peakAfterGc;
            try (HeapMonitor heap = new HeapMonitor(findings::get, 10_000);
                 HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().allowedHosts(AllowedHosts.ANY)
                         .spoolDirectory(tmp))) {
                report = new Validator(fetcher, new ValidateOptions().sample(sample).spoolDirectory(tmp))
                        .validate(start, f -> findings.incrementAndGet());
                peakUsed = heap.peakUsed();
                peakAfterGc = heap.peakAfterGc();
            }
            double seconds = report.took().toMillis() / 1000.0;
            System.out.print(Machine.describe("this JVM -Xmx" + Machine.mb(Runtime.getRuntime().maxMemory())));
            System.out.println("load before: " + loadBefore + ", after: " + Machine.loadAverage());
            System.out.println(report.text());
            System.out.printf("validated:   %,d entries in %d documents in %.1f s = %,.0f entries/s (%s of XML,"
                              + " %.1f MB/s)%n", report.entries(), report.documents(), seconds,
                    report.entries() / seconds, Machine.mb(docBytes), docBytes / 1e6 / seconds);
            System.out.printf("heap:        peak used %s, peak after GC %s (max %s)%n", Machine.mb(peakUsed),
                    Machine.mb(peakAfterGc), Machine.mb(Runtime.getRuntime().maxMemory()));
        } finally {
            try (var files = Files.walk(tmp)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
