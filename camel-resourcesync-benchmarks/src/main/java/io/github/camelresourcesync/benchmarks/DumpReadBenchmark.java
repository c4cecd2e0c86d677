package io.github.camelresourcesync.benchmarks;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.dump.DumpPackage;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapReader;

/**
 * The dump path's own work on one thread, without Camel, HTTP or state: for every package of a directory, fetch it
 * ({@code file:} URL, digested as a download is), open it ({@link DumpPackage}: central directory, manifest) and
 * read every bitstream as the harvester does ({@link HttpFetcher#receive}, both hashes), comparing each digest with
 * the manifest. Prints the thread's CPU time per phase, so changes to the package reader can be compared on a
 * machine whose other load makes wall time meaningless.
 *
 * <p>
 * Packages: run {@code DumpBenchmark --runs 0 --warmup 0 --keep} and pass its {@code www/dump} directory.
 */
public final class DumpReadBenchmark {

    static final String USAGE = """
            DumpReadBenchmark --dir DIR [options]
              --dir DIR          directory of ZIP packages (DumpBenchmark --keep leaves one in www/dump)
              --rounds N         passes over all packages (default 6; the first ones warm the JIT)
              --package-hash A   algorithms computed over each package, comma-separated (default sha-256, what the
                                 harvester computes when md5 and sha-256 are published; md5,sha-256 for both)
            """;

    private DumpReadBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        Path dir = Path.of(args.get("dir", "."));
        int rounds = args.getInt("rounds", 6);
        List<String> packageHash = List.of(args.get("package-hash", "sha-256").split(","));
        List<Path> packages = new ArrayList<>();
        try (var s = Files.list(dir)) {
            s.filter(p -> p.toString().endsWith(".zip")).sorted().forEach(packages::add);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        SitemapReader reader = new SitemapReader();
        System.out.println("load before: " + Machine.loadAverage());
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig())) {
            for (int r = 1; r <= rounds; r++) {
                long fetch = 0;
                long open = 0;
                long read = 0;
                long bytes = 0;
                int count = 0;
                for (Path p : packages) {
                    URI uri = p.toUri();
                    long c0 = threads.getCurrentThreadCpuTime();
                    try (Content download = fetcher.fetchContent(uri, packageHash)) {
                        long c1 = threads.getCurrentThreadCpuTime();
                        try (DumpPackage pkg = DumpPackage.open(p, uri, uri, reader, DumpLimits.DEFAULTS)) {
                            long c2 = threads.getCurrentThreadCpuTime();
                            for (Bitstream b : pkg.bitstreams()) {
                                if (!b.hasBytes()) {
                                    continue;
                                }
                                Metadata md = b.entry().md();
                                InputStream in = pkg.open(b);
                                try (Content c = fetcher.receive(in, b.entry().loc(), md.hash().digests().keySet(),
                                        md.length() == null ? -1 : md.length(), md.type())) {
                                    for (Map.Entry<String, String> h : md.hash().digests().entrySet()) {
                                        if (!h.getValue().equals(c.digests().get(h.getKey()))) {
                                            throw new IllegalStateException(b.entry().loc() + ": " + h.getKey()
                                                                            + " mismatch");
                                        }
                                    }
                                    bytes += c.length();
                                    count++;
                                }
                            }
                            long c3 = threads.getCurrentThreadCpuTime();
                            fetch += c1 - c0;
                            open += c2 - c1;
                            read += c3 - c2;
                        }
                    }
                }
                System.out.printf("round %d: CPU-s package fetch + %s %.2f, open (central directory, manifest) %.2f,"
                                  + " read + verify %,d bitstreams (%s) %.2f, total %.2f%n", r, packageHash,
                        fetch / 1e9, open / 1e9, count, Machine.mb(bytes), read / 1e9, (fetch + open + read) / 1e9);
            }
        }
        System.out.println("load after:  " + Machine.loadAverage());
    }
}
