package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.state.StateStoreChildProcess.CrashPattern;

/** The store seen from other JVMs: a SIGKILL in the middle of applies, and the file lock. */
class MVStoreStateStoreProcessTest {

    @TempDir
    Path dir;

    /**
     * Three rounds of: a child JVM applies in a loop and is SIGKILLed at a random moment. Each reopen must show a
     * whole number of applies; without a commit delay also every apply the child saw return.
     */
    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void killedWriterLeavesTheStateOfACompletedApply() throws Exception {
        Path file = dir.resolve("crash.mv.db");
        long seed = Long.getLong("resourcesync.crash.seed", 20261124L); // -Dresourcesync.crash.seed=S for others
        Random random = new Random(seed);
        long previous = 0;
        long[] commitDelays = { 0, 20, 0 };
        for (long commitDelay : commitDelays) {
            Child child = Child.start(file, "apply-loop", Long.toString(commitDelay));
            long returned;
            try {
                child.awaitApplied(previous + 150, 60);
                Thread.sleep(random.nextInt(25)); // land the kill anywhere inside the loop
            } finally {
                child.kill();
                returned = child.applied.get();
            }
            long cursor = verifyCompletedApplies(file);
            if (commitDelay == 0) {
                assertTrue(cursor >= returned, "apply " + returned + " returned but the store holds only " + cursor
                                               + " (seed " + seed + ")");
            }
            assertTrue(cursor >= previous, "cursor " + cursor + " went back from " + previous);
            previous = cursor;
        }
    }

    /** Opens the store and checks it holds exactly applies 1..cursor; returns the cursor. */
    private static long verifyCompletedApplies(Path file) {
        try (MVStoreStateStore store = MVStoreStateStore.open(file)) {
            SourceState state = store.source(CrashPattern.SOURCE);
            long c = Long.parseLong(state.cursor());
            assertEquals(c, state.baselineGeneration());
            assertEquals(Set.of("event-" + c), state.resumeEventIds());
            assertEquals(CrashPattern.expectedCount(c), store.resourceCount(CrashPattern.SOURCE), "count at cursor " + c);
            assertEquals(c, store.resource(CrashPattern.SOURCE, CrashPattern.latest()).orElseThrow().generation());

            Map<Long, BitSet> seen = new HashMap<>();
            AtomicLong visited = new AtomicLong();
            String prefix = "https://crash.example.org/r/";
            store.forEachResource(CrashPattern.SOURCE, r -> {
                visited.incrementAndGet();
                if (r.location().equals(CrashPattern.latest())) {
                    return;
                }
                String[] parts = r.location().substring(prefix.length()).split("/");
                long i = Long.parseLong(parts[0]);
                int j = Integer.parseInt(parts[1]);
                if (i > c) {
                    fail("resource of apply " + i + " present but cursor is " + c);
                }
                assertEquals(i, r.generation());
                seen.computeIfAbsent(i, k -> new BitSet()).set(j);
            });
            assertEquals(CrashPattern.expectedCount(c), visited.get());
            for (long i = 1; i <= c; i++) {
                BitSet bits = seen.getOrDefault(i, new BitSet());
                int expected = CrashPattern.added(i) - (i <= c - 10 ? 1 : 0);
                assertEquals(expected, bits.cardinality(), "resources of apply " + i + " at cursor " + c);
                assertEquals(i > c - 10, bits.get(0), "resource " + i + "/0 at cursor " + c);
            }
            return c;
        }
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void fileHeldByAnotherProcessFailsWithClearMessage() throws Exception {
        Path file = dir.resolve("held.mv.db");
        Child child = Child.start(file, "hold");
        try {
            child.awaitLine("OPEN", 60);
            StateStoreException e = assertThrows(StateStoreException.class, () -> MVStoreStateStore.open(file));
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains("in use by another process"), e.getMessage());
            assertTrue(e.getMessage().contains("JDBC state store"), e.getMessage());

            child.process.getOutputStream().close(); // lets the child close the store and exit
            assertTrue(child.process.waitFor(30, TimeUnit.SECONDS), "child did not exit");
            assertEquals(0, child.process.exitValue());
        } finally {
            child.kill();
        }
        try (MVStoreStateStore store = MVStoreStateStore.open(file)) {
            assertEquals("held", store.source("hold").cursor());
        }
    }

    /** A child JVM on the test classpath whose stdout is drained continuously, so it never blocks on the pipe. */
    private static final class Child {
        final Process process;
        final AtomicLong applied = new AtomicLong();
        final StringBuffer output = new StringBuffer();
        private final Thread drain;

        private Child(Process process) {
            this.process = process;
            drain = new Thread(this::drain, "child-stdout");
            drain.setDaemon(true);
            drain.start();
        }

        static Child start(Path file, String... args) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                    "-Dlog4j2.level=WARN", StateStoreChildProcess.class.getName()));
            command.add(args[0]);
            command.add(file.toString());
            command.addAll(List.of(args).subList(1, args.length));
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.redirectErrorStream(true);
            return new Child(pb.start());
        }

        private void drain() {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("APPLIED ")) {
                        applied.set(Long.parseLong(line.substring(8).trim()));
                    } else if (output.length() < 100_000) {
                        output.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }

        void awaitApplied(long target, int seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (applied.get() < target) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    fail("child reached apply " + applied.get() + " of " + target + "; output:\n" + output);
                }
                Thread.sleep(5);
            }
        }

        void awaitLine(String text, int seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (output.indexOf(text) < 0) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    fail("child did not print " + text + "; output:\n" + output);
                }
                Thread.sleep(5);
            }
        }

        void kill() throws InterruptedException {
            if (process.isAlive()) {
                process.destroyForcibly(); // SIGKILL on Unix: no shutdown hooks, no close()
            }
            process.waitFor(30, TimeUnit.SECONDS);
            drain.join(10_000); // read what the child printed before it died
        }
    }
}
