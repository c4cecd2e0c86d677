package io.github.camelresourcesync.examples.soak;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.github.camelresourcesync.examples.ExamplesApplication;
import io.github.camelresourcesync.examples.demo.DemoData;
import io.github.camelresourcesync.examples.demo.DemoSource;
import io.github.camelresourcesync.examples.demo.SourceModel;
import io.github.camelresourcesync.model.SyncEvents;

/**
 * The crash soak (docs/reliability.md): runs the examples application as a child JVM against a demo Source that keeps
 * changing, SIGKILLs it at random moments during baseline and incremental sync, restarts it each time, then lets it
 * settle with the Source holding still and compares: the mirror must equal the Source, and every change the Source
 * published after the baseline must have been delivered (or superseded by a later delivered change of the same
 * resource, which the harvester legitimately skips). Prints kills, events, duplicates and losses; exits 1 on a loss.
 *
 * <p>
 * The child runs {@link ExamplesApplication} with its embedded state store and a copy of its mirror route that also
 * appends {@code capability eventId} of every completed event to {@code events.log}: the downstream record in which
 * duplicates and losses are counted.
 *
 * <pre>
 * CrashSoak [--kills=24] [--resources=1500] [--change-interval=100] [--max-kill-delay=2500] [--seed=1] [--dir=target/soak]
 * </pre>
 */
public final class CrashSoak {

    private final int kills;
    private final int resources;
    private final long changeInterval;
    private final long maxKillDelay;
    private final Random random;
    private final Path dir;
    private final Path events;
    private final Path mirror;
    private final List<String> killLog = new ArrayList<>();
    private Instant incrementalSeen;

    private CrashSoak(Map<String, String> args) {
        kills = Integer.parseInt(args.getOrDefault("kills", "24"));
        resources = Integer.parseInt(args.getOrDefault("resources", "1500"));
        changeInterval = Long.parseLong(args.getOrDefault("change-interval", "100"));
        maxKillDelay = Long.parseLong(args.getOrDefault("max-kill-delay", "2500"));
        random = new Random(Long.parseLong(args.getOrDefault("seed", "1")));
        dir = Path.of(args.getOrDefault("dir", "target/soak")).toAbsolutePath();
        events = dir.resolve("events.log");
        mirror = dir.resolve("mirror");
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new HashMap<>();
        for (String a : argv) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("expected --key=value, got " + a);
            }
            args.put(a.substring(2, eq), a.substring(eq + 1));
        }
        System.exit(new CrashSoak(args).run() ? 0 : 1);
    }

    private boolean run() throws Exception {
        deleteRecursively(dir);
        Files.createDirectories(dir);
        Path route = writeRoute();
        // keep every Change List, so a loss can only be the harvester's, never the Source's window
        DemoSource.Settings settings = new DemoSource.Settings(0, changeInterval, 50, 1_000_000, 0, 10, 42, null);
        long started = System.nanoTime();
        try (DemoSource source = DemoSource.start(settings, data(resources))) {
            for (int k = 1; k <= kills; k++) {
                Process child = startChild(source, route, "run-" + k);
                long before = size(events);
                waitUntil(Duration.ofSeconds(120), () -> size(events) > before || !child.isAlive());
                if (!child.isAlive()) {
                    throw new IllegalStateException("the application exited by itself; see " + dir.resolve("run-" + k
                            + ".log"));
                }
                Thread.sleep((long) (random.nextDouble() * maxKillDelay));
                noteIncremental();
                String phase = incrementalSeen == null ? "baseline" : "incremental";
                child.destroyForcibly().waitFor(); // SIGKILL
                killLog.add(phase);
                System.out.printf("kill %d/%d during %s sync, %d events so far%n", k, kills, phase, lines().size());
            }
            source.pauseChanges(true);
            Process child = startChild(source, route, "settle");
            Map<String, byte[]> expected = source.snapshot();
            try {
                waitUntil(Duration.ofSeconds(300), () -> mirrorDifferences(expected).isEmpty());
            } catch (IllegalStateException e) {
                System.out.println("the mirror did not converge within 300 s; reporting what differs");
            }
            Thread.sleep(3_000); // two more polls: anything delivered now would be a duplicate
            child.destroy(); // a normal stop this time
            child.waitFor();
            return report(source, expected, Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private boolean report(DemoSource source, Map<String, byte[]> expected, Duration took) throws IOException {
        List<String> lines = lines();
        Set<String> delivered = new HashSet<>();
        int malformed = 0;
        int changeEvents = 0;
        for (String line : lines) {
            String[] parts = line.split(" ", 2);
            // two appends run together by a kill; a space alone is no sign (a sweep deletion's id holds the hashes)
            if (parts.length != 2 || parts[1].contains("resourcelist ") || parts[1].contains("changelist ")) {
                malformed++;
                continue;
            }
            delivered.add(parts[1]);
            if (parts[0].equals("changelist")) {
                changeEvents++;
            }
        }
        List<String> lost = lostChanges(source, delivered);
        List<String> differences = mirrorDifferences(expected);
        long baselineKills = killLog.stream().filter("baseline"::equals).count();
        System.out.println();
        System.out.println("Crash soak: " + resources + " resources at start, a change every " + changeInterval + " ms, "
                           + source.changeCount() + " changes made, took " + took.toSeconds() + " s");
        System.out.printf("kills (SIGKILL):      %d (%d during baseline, %d during incremental sync)%n", killLog.size(),
                baselineKills, killLog.size() - baselineKills);
        System.out.printf("events delivered:     %d (%d distinct, %d from Change Lists)%n", lines.size(),
                delivered.size(), changeEvents);
        System.out.printf("duplicates:           %d (re-delivered after a kill; removable by event id)%n",
                lines.size() - malformed - delivered.size());
        System.out.printf("changes required:     %d (published after the first Change List event was seen)%n",
                required(source).size());
        System.out.printf("lost changes:         %d%s%n", lost.size(), lost.isEmpty() ? "" : " " + lost);
        System.out.printf("mirror differences:   %d%s%n", differences.size(),
                differences.isEmpty() ? "" : " " + differences.subList(0, Math.min(20, differences.size())));
        if (malformed > 0) {
            System.out.printf("torn event-log lines: %d (a kill during the append)%n", malformed);
        }
        return lost.isEmpty() && differences.isEmpty();
    }

    /** Changes after the baseline whose event (or a later delivered event of the same resource) never arrived. */
    private List<String> lostChanges(DemoSource source, Set<String> delivered) {
        List<SourceModel.Change> required = required(source);
        Map<String, Instant> lastDelivered = new HashMap<>();
        for (SourceModel.Change c : changes(source)) {
            if (delivered.contains(eventId(source, c))) {
                lastDelivered.merge(c.path(), c.datetime(), (a, b) -> a.isAfter(b) ? a : b);
            }
        }
        List<String> lost = new ArrayList<>();
        for (SourceModel.Change c : required) {
            Instant last = lastDelivered.get(c.path());
            if (last == null || last.isBefore(c.datetime())) {
                lost.add(eventId(source, c));
            }
        }
        return lost;
    }

    private List<SourceModel.Change> required(DemoSource source) {
        if (incrementalSeen == null) {
            return List.of();
        }
        return changes(source).stream().filter(c -> c.datetime().isAfter(incrementalSeen)).toList();
    }

    private static List<SourceModel.Change> changes(DemoSource source) {
        List<SourceModel.Change> all = new ArrayList<>();
        source.model().changeLists().forEach(l -> all.addAll(l.changes()));
        return all;
    }

    private static String eventId(DemoSource source, SourceModel.Change c) {
        return SyncEvents.eventId(source.uri(c.path()), c.datetime(), c.hashes());
    }

    /** Remembers when the first Change List event showed up: the baseline was complete before that instant. */
    private void noteIncremental() throws IOException {
        if (incrementalSeen == null && lines().stream().anyMatch(l -> l.startsWith("changelist "))) {
            incrementalSeen = Instant.now();
        }
    }

    private List<String> mirrorDifferences(Map<String, byte[]> expected) throws IOException {
        Map<String, byte[]> actual = new TreeMap<>();
        if (Files.isDirectory(mirror)) {
            try (Stream<Path> walk = Files.walk(mirror)) {
                for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                    if (!p.getFileName().toString().startsWith(".rsync-")) {
                        actual.put("/" + mirror.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
                    }
                }
            } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
                return List.of("(mirror changing)");
            }
        }
        List<String> differences = new ArrayList<>();
        expected.forEach((path, bytes) -> {
            byte[] got = actual.remove(path);
            if (got == null) {
                differences.add("missing " + path);
            } else if (!Arrays.equals(got, bytes)) {
                differences.add("stale " + path);
            }
        });
        actual.keySet().forEach(path -> differences.add("extra " + path));
        return differences;
    }

    private Process startChild(DemoSource source, Path route, String name) throws IOException {
        noteIncremental();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                ExamplesApplication.class.getName(),
                "--" + ExamplesApplication.SOURCE_URL + "=" + source.base(),
                "--sync.mirror-dir=" + mirror,
                "--sync.state-dir=" + dir.resolve("state"),
                "--sync.delay=300",
                "--soak.events-dir=" + dir,
                "--camel.main.routes-include-pattern=file:" + route);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile())
                .start();
    }

    /** The examples' mirror route, plus one line per completed event in events.log. */
    private Path writeRoute() throws IOException {
        Path route = dir.resolve("soak-route.yaml");
        Files.writeString(route, """
                - route:
                    id: mirror
                    from:
                      uri: "resourcesync:{{sync.source-url}}"
                      parameters:
                        delay: "{{sync.delay}}"
                        fetchContent: true
                        emitDeletes: true
                        progressInterval: "{{sync.progress-interval}}"
                      steps:
                        - to: "resourcesync-mirror:{{sync.mirror-dir}}"
                        - setBody:
                            simple: "${header.CamelResourceSyncCapability} ${header.CamelResourceSyncEventId}"
                        - to: 'file:{{soak.events-dir}}?fileName=events.log&fileExist=Append&appendChars=\\n'
                """);
        return route;
    }

    /** The bundled demo resources plus {@code n} small notes, so a baseline takes long enough to be killed in. */
    private static Map<String, byte[]> data(int n) {
        Map<String, byte[]> data = new LinkedHashMap<>(DemoData.load());
        for (int i = 0; i < n; i++) {
            data.put(DemoData.PREFIX + "notes/soak-" + i + ".txt",
                    ("Soak note " + i + ".\n").getBytes(StandardCharsets.UTF_8));
        }
        return data;
    }

    private List<String> lines() throws IOException {
        if (!Files.exists(events)) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(events, StandardCharsets.UTF_8));
        lines.removeIf(String::isEmpty);
        return lines;
    }

    private static long size(Path file) throws IOException {
        return Files.exists(file) ? Files.size(file) : 0;
    }

    private interface Check {
        boolean done() throws Exception;
    }

    private static void waitUntil(Duration timeout, Check check) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (!check.done()) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("not reached within " + timeout);
            }
            Thread.sleep(200);
        }
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
