package io.github.camelresourcesync.benchmarks;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * One resource larger than the heap: a Source whose Resource List names one file of {@code --size-mb} MB (random
 * bytes, md5 and length published), served by nginx, mirrored into {@code resourcesync-mirror:} by a forked JVM with
 * {@code --xmx} (default 128m). The component checks the md5 and length while it streams the body to its spool file;
 * afterwards this program checks the mirrored file's size and md5 itself, and reports the time from launching the JVM
 * to the mirrored file, the JVM's peak heap (sampled) and the largest heap left after a collection.
 * <p>
 * The Source is generated into {@code --root} once and must be served at {@code --base}, e.g. by
 * {@code camel-resourcesync-benchmarks/bin/nginx-source.sh start ROOT PORT}.
 */
public final class LargeResourceBenchmark {

    static final String USAGE = """
            LargeResourceBenchmark --root DIR --base http://127.0.0.1:PORT/ [options]
              --root DIR        the served directory; the Source is generated there when missing
              --base URL        where nginx serves it (bin/nginx-source.sh start DIR PORT)
              --size-mb N       size of the resource in MB (default 1024)
              --xmx SIZE        heap of the forked harvester (default 128m)
              --runs N          forked JVMs (default 2)
              --options OPTS    extra endpoint options
              --jvm "OPTS"      more options of the forked JVM
            """;

    private static final String NAME = "large/resource.bin";

    private LargeResourceBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        Path root = args.servedRoot(USAGE);
        String base = args.get("base", "");
        long size = args.getInt("size-mb", 1024) * 1024L * 1024L;
        String xmx = args.get("xmx", "128m");
        int runs = args.getInt("runs", 2);
        String options = args.get("options", "");
        String md5 = ensureSource(root, base, size);
        String source = base + "large/" + SourceFiles.CAPABILITY_LIST;
        ContentBaseline.checkServed(source, root);

        List<String> jvm = new ArrayList<>(List.of("-Xmx" + xmx, "-XX:+ExitOnOutOfMemoryError"));
        jvm.addAll(Fork.extraOptions(args.get("jvm", "")));
        List<String> lines = new ArrayList<>();
        String loadBefore = Machine.loadAverage();
        for (int run = 1; run <= runs; run++) {
            Path work = Files.createTempDirectory("rs-large-");
            try {
                System.out.printf("%n=== run %d: %s MB at -Xmx%s (load avg %s)%n", run, size >> 20, xmx,
                        Machine.loadAverage());
                List<String> childArgs = new ArrayList<>(List.of("--source", source, "--sink", "mirror", "--work",
                        work.toString(), "--expected", "1", "--heap", "--options",
                        "spoolDirectory=" + work.resolve("spool") + (options.isEmpty() ? "" : "&" + options)));
                Fork.Outcome o = Fork.run(jvm, PipelineHarvest.class, childArgs, 1800);
                Map<String, String> last = null;
                Map<String, String> done = null;
                Map<String, String> heap = null;
                for (Map<String, String> r : o.results()) {
                    if ("last".equals(r.get("phase"))) {
                        last = r;
                    } else if ("done".equals(r.get("phase"))) {
                        done = r;
                    } else if ("heap".equals(r.get("phase"))) {
                        heap = r;
                    }
                }
                Path mirrored = work.resolve("sink-1").resolve("large/resource.bin");
                String check;
                if (last == null || done == null || !"none".equals(done.get("failure"))) {
                    check = "FAILED: exit " + o.exitCode() + " " + (done == null ? o.errors() : done.get("failure"));
                } else {
                    long t0 = System.nanoTime();
                    long actualSize = Files.size(mirrored);
                    String actualMd5 = md5(mirrored);
                    check = actualSize == size && actualMd5.equals(md5) ? "exact (size " + actualSize + ", md5 "
                            + actualMd5 + ", checked in " + String.format("%.1f s", (System.nanoTime() - t0) / 1e9)
                            + ")" : "NOT EXACT: size " + actualSize + ", md5 " + actualMd5;
                }
                String line;
                if (last != null) {
                    double whole = Long.parseLong(last.get(Fork.SINCE_LAUNCH)) / 1e9;
                    line = String.format("run %d: launch to mirrored file %.2f s (%.0f MB/s), harvest %s s;"
                                         + " peak heap sampled %s, largest after a GC %s (max %s); %s", run, whole,
                            size / 1e6 / whole, last.get("startToLast"), heap == null ? "?"
                                    : Machine.mb(Long.parseLong(heap.get("peakUsed"))), heap == null ? "?"
                                    : Machine.mb(Long.parseLong(heap.get("peakAfterGc"))), heap == null ? "?"
                                    : Machine.mb(Long.parseLong(heap.get("maxHeap"))), check);
                } else {
                    line = "run " + run + ": " + check;
                }
                System.out.println(line);
                lines.add(line);
            } finally {
                ListingBenchmark.deleteTree(work);
            }
        }
        System.out.println();
        System.out.println("==================== Large resource benchmark ====================");
        System.out.print(Machine.describe("-Xmx" + xmx + " (forked harvester JVM)"));
        System.out.println("load before: " + loadBefore);
        System.out.printf("source:      one resource of %,d bytes (random), md5 and length published, nginx on"
                          + " loopback; route from(resourcesync:...?fetchContent=true).to(resourcesync-mirror:...)%n",
                size);
        lines.forEach(System.out::println);
        System.out.println("load after:  " + Machine.loadAverage());
        System.exit(0);
    }

    /** Writes the resource, its Capability List and Resource List under {@code root/large/} unless there; its md5. */
    private static String ensureSource(Path root, String base, long size) throws IOException {
        Path dir = root.resolve("large");
        Path marker = dir.resolve(".large-" + size);
        if (Files.exists(marker) && Files.readString(marker).startsWith(base + " ")) {
            return Files.readString(marker).substring(base.length() + 1);
        }
        System.out.printf("Writing a resource of %,d bytes into %s%n", size, dir);
        Files.createDirectories(dir);
        MessageDigest md = digest();
        SplittableRandom random = new SplittableRandom(3);
        byte[] buffer = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(root.resolve(NAME))) {
            for (long written = 0; written < size; ) {
                int n = (int) Math.min(buffer.length, size - written);
                for (int i = 0; i < n; i += 8) {
                    long v = random.nextLong();
                    for (int b = 0; b < 8 && i + b < n; b++) {
                        buffer[i + b] = (byte) (v >>> (8 * b));
                    }
                }
                md.update(buffer, 0, n);
                out.write(buffer, 0, n);
                written += n;
            }
        }
        String md5 = HexFormat.of().formatHex(md.digest());
        java.net.URI b = java.net.URI.create(base + "large/");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(dir.resolve(SourceFiles.CAPABILITY_LIST)));
             SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, new Metadata("capabilitylist", null, null,
                     null, null, null, null, null, null, null, null, null, null), List.of())) {
            w.write(SitemapWriter.capabilityEntry(b.resolve("resourcelist.xml"), "resourcelist"));
        }
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(dir.resolve("resourcelist.xml")));
             SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, new Metadata("resourcelist",
                     SourceFiles.AT, null, null, null, null, null, null, null, null, null, null, null),
                     List.of(Link.of("up", b.resolve(SourceFiles.CAPABILITY_LIST))))) {
            w.write(new Entry(b.resolve("resource.bin"), SourceFiles.AT, new Metadata(null, null, null, null, null,
                    null, null, null, Hashes.of(Map.of("md5", md5)), size, "application/octet-stream", null, null),
                    null, false));
        }
        Files.writeString(marker, base + " " + md5);
        return md5;
    }

    private static String md5(Path file) throws IOException {
        MessageDigest md = digest();
        byte[] buffer = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                md.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
