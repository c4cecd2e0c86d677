package io.github.camelresourcesync.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a child JVM with this JVM's class path, echoes its output indented, and collects the
 * {@code RESULT key=value ...} lines it prints. Each result also gets {@value #SINCE_LAUNCH}: nanoseconds from the
 * child's launch to the moment its line arrived here, which times a child from JVM start without trusting its clock.
 */
final class Fork {

    /** The key every result gets: nanoseconds from launching the child to reading the result's line. */
    static final String SINCE_LAUNCH = "sinceLaunchNanos";

    /** What the child printed and how it ended. */
    record Outcome(List<Map<String, String>> results, String lastProgress, int exitCode, String errors) {
        Map<String, String> result() {
            return results.isEmpty() ? null : results.get(results.size() - 1);
        }
    }

    private Fork() {
    }

    /** {@code --jvm "A B"}: extra JVM options, space separated. */
    static List<String> extraOptions(String spaceSeparated) {
        return spaceSeparated.isBlank() ? List.of() : List.of(spaceSeparated.trim().split("\\s+"));
    }

    static Outcome run(List<String> jvmOptions, Class<?> main, List<String> args, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the benchmarks' logging, not the component test jar's log4j2-test.properties (found first otherwise)
        cmd.add("-Dlog4j2.configurationFile=log4j2.properties");
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(args);
        long launched = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread killer = new Thread(() -> {
            try {
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    System.out.println("  | (killed after " + timeoutSeconds + " s)");
                    p.destroyForcibly();
                }
            } catch (InterruptedException ignored) {
                // the child ended
            }
        });
        killer.setDaemon(true);
        killer.start();
        List<Map<String, String>> results = new ArrayList<>();
        String lastProgress = null;
        StringBuilder errors = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                long arrived = System.nanoTime();
                System.out.println("  | " + line);
                if (line.startsWith("RESULT ")) {
                    Map<String, String> result = parse(line.substring(7));
                    result.put(SINCE_LAUNCH, Long.toString(arrived - launched));
                    results.add(result);
                } else if (line.startsWith("PROGRESS ")) {
                    lastProgress = line.substring(9);
                } else if ((line.contains("OutOfMemoryError") || line.contains("Exception")) && errors.length() < 500) {
                    errors.append(line.trim()).append(' ');
                }
            }
        }
        p.waitFor();
        killer.interrupt();
        return new Outcome(results, lastProgress, p.exitValue(), errors.toString().trim());
    }

    private static Map<String, String> parse(String s) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : s.trim().split("\\s+")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                m.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return m;
    }
}
