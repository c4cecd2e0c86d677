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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Validates the Source of the listing benchmark (a Resource List Index of 20 x 50,000 resources, written by
 * {@link SourceFiles}, served on 127.0.0.1 by nginx or the JDK HttpServer) with the core {@link Validator}, in this JVM
 * (started with {@code -Xmx64m}): time, entries per second, heap peaks, findings. Every location goes through the
 * validator's disk-backed duplicate set. Before and after, the same Source is listed by {@link ListingBenchmark}'s
 * harvester ({@code --listing-runs}), so the two rates are measured on the same machine at the same moment.
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
              --listing-runs N   listing harvests of the same Source (ListingBenchmark's harvester, mvstore@128m,
                                 fresh JVM) before and after the validation, for the side-by-side rate (default 1;
                                 0: none)
            """;

    private ValidateBenchmark() {
    }

    /** One listing harvest of the Source, as {@link ListingBenchmark} runs it (a fresh -Xmx128m JVM, MVStore state). */
    private static ListingBenchmark.Outcome listing(Path tmp, URI start, int lists, int perList, int run)
            throws Exception {
        return ListingBenchmark.harvest(tmp, start.toString(), new ListingBenchmark.Config("mvstore", "128m"), run,
                (long) lists * perList, 900, false, List.of(), "");
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
            int listingRuns = args.getInt("listing-runs", 1);
            List<ListingBenchmark.Outcome> listings = new ArrayList<>();
            for (int run = 1; run <= listingRuns; run++) {
                listings.add(listing(tmp, start, lists, perList, run));
            }
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
            String loadAfterValidation = Machine.loadAverage();
            for (int run = listingRuns + 1; run <= 2 * listingRuns; run++) {
                listings.add(listing(tmp, start, lists, perList, run));
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
            System.out.println("load right after the validation: " + loadAfterValidation);
            for (ListingBenchmark.Outcome o : listings) {
                System.out.printf("listing %d (%s the validation): %s%n", o.run(), o.run() <= listingRuns ? "before"
                        : "after", o.ok() ? String.format("%,.0f events/s, %.1f s wall", o.rate(),
                        Double.parseDouble(o.result().get("wallToTarget"))) : "FAILED " + o.error());
            }
            List<Double> rates = listings.stream().filter(ListingBenchmark.Outcome::ok)
                    .map(ListingBenchmark.Outcome::rate).toList();
            if (!rates.isEmpty()) {
                double listing = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                System.out.printf("side by side: validation %,.0f entries/s, listing %,.0f events/s (mean of %d):"
                                  + " the validation at %.0f%% of the listing rate%n", report.entries() / seconds,
                        listing, rates.size(), 100 * report.entries() / seconds / listing);
            }
        } finally {
            try (var files = Files.walk(tmp)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
