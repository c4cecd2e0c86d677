package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Entry;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;

/**
 * Throughput of the reader alone, for docs/performance: run with
 * {@code java -cp target/classes:target/test-classes:<deps> io.github.camelresourcesync.xml.SitemapReaderBenchmark}.
 * Not a test: numbers depend on the machine, so nothing asserts them.
 */
public final class SitemapReaderBenchmark {

    /** The machine may be shared: CPU time of the reading thread is steadier than wall time. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SitemapReaderBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long entries = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        SitemapReader reader = new SitemapReader();
        for (String kind : new String[] { "small", "rich" }) {
            for (int round = 1; round <= rounds; round++) {
                GeneratedSitemapStream in = kind.equals("small") ? GeneratedSitemapStream.small(entries)
                        : GeneratedSitemapStream.rich(entries);
                long start = System.nanoTime();
                long cpuStart = THREADS.getCurrentThreadCpuTime();
                long count = 0;
                long checksum = 0;
                try (SitemapDocument doc = reader.open(in, URI.create("http://example.com/resourcelist.xml"))) {
                    Entry e;
                    while ((e = doc.next()) != null) {
                        count++;
                        checksum += e.loc().getRawPath().length();
                    }
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e9;
                System.out.printf("%s round %d: %,d entries in %.2f s = %,.0f entries/s wall, %,.0f entries/s of"
                        + " thread CPU (checksum %d)%n", kind, round, count, seconds, count / seconds,
                        count / cpuSeconds, checksum);
            }
        }
    }
}
