package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.state.InMemoryStateStore;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Audit benchmark: a Source of N small resources (one Resource List with md5 and sha-256) served on 127.0.0.1, a
 * mirror directory of the same files (hard links) with one file missing, one extra and one corrupted in place, and
 * one {@code mode=audit&auditDirectory=...&fetchContent=false} poll in this JVM, which the exec configuration starts
 * with {@code -Xmx64m}: time, files and bytes re-hashed per second, heap peaks, and what the audit found.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@audit}, extra arguments with
 * {@code -Daudit.args="--resources 200000"}.
 */
public final class AuditBenchmark {

    static final String USAGE = """
            AuditBenchmark [options]
              --resources N      resources on the Source and files in the mirror (default 100000)
              --min-size N       smallest resource in bytes (default 200)
              --max-size N       largest resource in bytes (default 1000)
              --server S         auto (nginx if installed, else JDK HttpServer), nginx or jdk (default auto)
              --timeout SECONDS  for the audit (default 900)
            """;

    private AuditBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int n = args.getInt("resources", 100_000);
        String loadBefore = Machine.loadAverage();
        Path tmp = Files.createTempDirectory("rs-audit-bench-");
        try (StaticServer server = StaticServer.start(Files.createDirectories(tmp.resolve("www")), tmp,
                args.get("server", "auto"))) {
            Path www = tmp.resolve("www");
            long bytes = new SourceFiles(www, server.baseUrl()).writeResources(n, args.getInt("min-size", 200),
                    args.getInt("max-size", 1000));
            Path mirror = tmp.resolve("mirror");
            linkTree(www.resolve("res"), mirror.resolve("res"));
            damage(mirror);
            System.out.printf("Source of %,d resources (%s) on %s (%s); mirror %s with 1 missing, 1 extra, 1 corrupted%n",
                    n, Machine.mb(bytes), server.baseUrl(), server.description(), mirror);
            run(server.baseUrl() + SourceFiles.WELL_KNOWN, mirror, n, bytes, args.getInt("timeout", 900),
                    server.description(), loadBefore);
        } finally {
            ListingBenchmark.deleteTree(tmp);
        }
    }

    private static void linkTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    try {
                        Files.createLink(target, p);
                    } catch (UnsupportedOperationException | IOException e) {
                        Files.copy(p, target);
                    }
                }
            }
        }
    }

    private static void damage(Path mirror) throws IOException {
        Files.delete(mirror.resolve("res/000/000001.txt"));
        Files.writeString(mirror.resolve("res/000/extra.txt"), "not on the Source");
        // corrupted in place: a copy (not the Source's linked file), same size and time, one byte changed
        Path corrupted = mirror.resolve("res/000/000002.txt");
        byte[] b = Files.readAllBytes(corrupted);
        FileTime mtime = Files.getLastModifiedTime(corrupted);
        Files.delete(corrupted);
        b[b.length / 2] ^= 0x01;
        Files.write(corrupted, b);
        Files.setLastModifiedTime(corrupted, mtime);
    }

    private static void run(String source, Path mirror, int n, long bytes, long timeoutSeconds, String server,
                            String loadBefore) throws Exception {
        AtomicLong discrepancies = new AtomicLong();
        Map<String, String> found = new ConcurrentHashMap<>();
        AtomicReference<String> report = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("memory", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source + "?mode=audit&auditDirectory=" + mirror + "&fetchContent=false"
                     + "&stateStore=#memory&repeatCount=1&initialDelay=0&progressInterval=0")
                        .process(e -> {
                            String result = e.getIn().getHeader(ResourceSyncConstants.AUDIT_RESULT, String.class);
                            if ("report".equals(result)) {
                                report.set(e.getIn().getBody(String.class));
                                done.countDown();
                            } else {
                                discrepancies.incrementAndGet();
                                found.put(e.getIn().getHeader(ResourceSyncConstants.FILE_NAME, String.class), result);
                            }
                        });
            }
        });
        long t0;
        long t1;
        long peakUsed;
        long peakAfterGc;
        try (HeapMonitor heap = new HeapMonitor(discrepancies::get, 5000)) {
            t0 = System.nanoTime();
            context.start();
            if (!done.await(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no audit report within " + timeoutSeconds + " s");
            }
            t1 = System.nanoTime();
            peakUsed = heap.peakUsed();
            peakAfterGc = heap.peakAfterGc();
        } finally {
            context.stop();
        }
        double seconds = (t1 - t0) / 1e9;
        System.out.println();
        System.out.println("==================== Audit benchmark ====================");
        System.out.print(Machine.describe("this JVM -Xmx" + Machine.mb(Runtime.getRuntime().maxMemory())));
        System.out.println("load before: " + loadBefore + ", after: " + Machine.loadAverage());
        System.out.printf("source:      %,d resources, %s, one Resource List with md5 and sha-256; server %s%n", n,
                Machine.mb(bytes), server);
        System.out.printf("audit:       %.2f s (route start to report: discovery, list, re-hashing md5+sha-256 of"
                          + " every file, directory walk)%n", seconds);
        System.out.printf("rate:        %,.0f resources/s, %.1f MB/s re-hashed%n", n / seconds, bytes / seconds / 1e6);
        System.out.printf("heap:        peak used %s, peak after GC %s (max %s)%n", Machine.mb(peakUsed),
                Machine.mb(peakAfterGc), Machine.mb(Runtime.getRuntime().maxMemory()));
        System.out.println("found:       " + new TreeMap<>(found));
        System.out.println("report:      " + report.get());
        List<String> expected = List.of("res/000/000001.txt=missing", "res/000/000002.txt=changed",
                "res/000/extra.txt=extra");
        boolean ok = new TreeMap<>(found).toString().equals("{" + String.join(", ", expected) + "}");
        System.out.println("status:      " + (ok ? "ok (exactly the three damaged files)" : "UNEXPECTED"));
    }
}
