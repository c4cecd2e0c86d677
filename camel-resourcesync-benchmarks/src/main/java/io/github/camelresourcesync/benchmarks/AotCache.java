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

    /** Where the cache of harvests into {@code sink} lives under {@code dir}. */
    static Path file(Path dir, String sink) {
        return dir.toAbsolutePath().resolve(sink + ".aot");
    }

    /** The JVM options of a harvester that starts from {@code cache}. */
    static List<String> options(List<String> jvm, Path cache) {
        List<String> options = new ArrayList<>(jvm);
        options.add("-XX:AOTCache=" + cache);
        // Temurin 25.0.3 warns that one adapter of its code cache does not link (harmless); errors still print
        options.add("-Xlog:aot*=error");
        return options;
    }

    /** Makes {@code cache} by one training harvest of {@code source} into {@code sink}, unless it is there. */
    static void trainIfMissing(List<String> jvm, Path cache, String sink, String source, int count, Path work)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(cache)) {
            train(jvm, cache, sink, source, count, work.resolve("aot-training"));
        }
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
