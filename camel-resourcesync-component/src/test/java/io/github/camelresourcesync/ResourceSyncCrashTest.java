package io.github.camelresourcesync;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static io.github.camelresourcesync.testsupport.EventFiles.distinct;
import static io.github.camelresourcesync.testsupport.EventFiles.duplicatesOf;
import static io.github.camelresourcesync.testsupport.EventFiles.lines;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;

/**
 * A real crash on the default embedded state store, no database needed: a harvester JVM is SIGKILLed mid-baseline and
 * again mid-way through the Change List; each time a new JVM on the same state directory resumes, and in the end every
 * resource and every change was delivered, none more than once beyond the batch in flight at each kill
 * (maxMessagesPerPoll=5), and the mirror equals the Source.
 */
class ResourceSyncCrashTest {

    private static final int RESOURCES = 150;
    private static final int CHANGES = 60;
    private static final int IN_FLIGHT = 5;
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    @TempDir
    Path tmp;

    private final List<Process> nodes = new ArrayList<>();

    @AfterEach
    void stopNodes() throws Exception {
        for (Process p : nodes) {
            p.destroyForcibly().waitFor();
        }
    }

    @Test
    void resumesAfterSigkillMidBaselineAndMidChangesWithoutLosingAChange() throws Exception {
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < RESOURCES; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            Path events = tmp.resolve("events");

            Process first = start(source, events, 1);
            await().atMost(PATIENCE).until(() -> lines(events).size() >= 40);
            first.destroyForcibly().waitFor(); // SIGKILL mid-baseline
            int beforeFirstKill = lines(events).size();
            assertTrue(beforeFirstKill < RESOURCES, "killed mid-baseline, after " + beforeFirstKill + " events");

            // the baseline resumes where the state says; the Change List is read only after it (changes made during a
            // baseline would be delivered by it and again from the Change List, which the exact count below forbids)
            Process second = start(source, events, 2);
            await().atMost(PATIENCE).until(() -> distinct(events).size() >= RESOURCES
                    && source.requests("/changelist.xml") > 0);
            for (int i = 0; i < CHANGES; i++) {
                if (i % 4 == 0) {
                    source.delete("/res/r" + i + ".txt");
                } else {
                    source.change("/res/r" + i + ".txt", "resource " + i + " changed");
                }
            }
            await().atMost(PATIENCE).until(() -> distinct(events).size() >= RESOURCES + 15);
            second.destroyForcibly().waitFor(); // SIGKILL mid-changes
            int beforeSecondKill = distinct(events).size();
            assertTrue(beforeSecondKill < RESOURCES + CHANGES, "killed mid-changes, after "
                    + (beforeSecondKill - RESOURCES) + " of " + CHANGES + " changes");

            start(source, events, 3);
            await().atMost(PATIENCE).until(() -> distinct(events).size() >= RESOURCES + CHANGES);
            // the node is another JVM: the Source sees its polls. Two more reads of the Change List mean a poll that
            // read it after this point has completed; anything delivered by then would be a duplicate or an extra
            int reads = source.requests("/changelist.xml");
            await().atMost(Polls.TIMEOUT).until(() -> source.requests("/changelist.xml") >= reads + 2);

            List<String> all = lines(events);
            assertEquals(RESOURCES + CHANGES, distinct(events).size(), "every resource and every change, once at least");
            int duplicates = all.size() - distinct(events).size();
            assertTrue(duplicates <= 2 * IN_FLIGHT, duplicates + " duplicates; at most the batch in flight at each of"
                    + " the two kills (" + IN_FLIGHT + ") may be re-delivered: " + duplicatesOf(all));
            assertMirrors(source.snapshot(), tmp.resolve("mirror"));
        }
    }

    private Process start(TestSource source, Path events, int run) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xmx128m", "-cp",
                System.getProperty("java.class.path"), CrashNode.class.getName(), source.base().toString(),
                tmp.resolve("state").toString(), tmp.resolve("mirror").toString(), events.toString());
        // kept after the test (the temp dir is not), for a failure's post-mortem
        Path logs = Files.createDirectories(Path.of("target", "crash-test"));
        pb.redirectErrorStream(true).redirectOutput(logs.resolve("run-" + run + ".log").toFile());
        Process p = pb.start();
        nodes.add(p);
        return p;
    }
}
