package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An ahead-of-time cache (JDK 25's {@code -XX:AOTCache}, JEPs 483, 514 and 515) for the harvester JVMs: the classes
 * of a training run loaded and linked, and the method profiles it gathered, so that a new JVM starts with them
 * instead of loading, interpreting and profiling its way there. The cache is made once per sink by one training
 * harvest of the Source (a deployment would train on a harvest of its own: the cache holds code and profiles, not
 * data) and then reused by every measured JVM. The class path must consist of JAR files only, which
 * {@code bin/run.sh} sees to.
 */
final class AotCache {

    private AotCache() {
    }

    /**
     * The JVM options of a harvester that uses {@code dir/SINK.aot}, training it first when it is missing (with
     * {@code source} null, only the options, for printing).
     */
    static List<String> options(List<String> jvm, Path dir, String sink, String source, int count, Path work)
            throws IOException, InterruptedException {
        Path cache = dir.toAbsolutePath().resolve(sink + ".aot");
        if (source != null && !Files.isRegularFile(cache)) {
            train(jvm, cache, sink, source, count, work.resolve("aot-training"));
        }
        List<String> options = new ArrayList<>(jvm);
        options.add("-XX:AOTCache=" + cache);
        // Temurin 25.0.3 warns that one adapter of its code cache does not link (harmless); errors still print
        options.add("-Xlog:aot*=error");
        return options;
    }

    private static void train(List<String> jvm, Path cache, String sink, String source, int count, Path work)
            throws IOException, InterruptedException {
        if (Runtime.version().feature() < 25) {
            throw new IllegalStateException("--aot needs JDK 25 or later (this is " + Runtime.version() + ")");
        }
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (!entry.endsWith(".jar")) {
                throw new IllegalStateException("--aot needs a class path of JAR files only (bin/run.sh gives one), not "
                                                + entry);
            }
        }
        Files.createDirectories(cache.getParent());
        System.out.printf("%n=== training the AOT cache %s (one harvest into %s)%n", cache, sink);
        List<String> options = new ArrayList<>(jvm);
        options.add("-XX:AOTCacheOutput=" + cache);
        options.add("-Xlog:aot*=error");
        Fork.Outcome o = Fork.run(options, PipelineHarvest.class, List.of("--source", source, "--sink", sink,
                "--work", work.toString(), "--expected", Integer.toString(count), "--harvests", "1"), 1800);
        ListingBenchmark.deleteTree(work);
        if (o.exitCode() != 0 || !Files.isRegularFile(cache)) {
            throw new IllegalStateException("the training run did not write " + cache + " (exit " + o.exitCode() + ")");
        }
        System.out.printf("AOT cache %s: %s%n", cache, Machine.mb(Files.size(cache)));
    }
}
