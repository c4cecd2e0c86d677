package io.github.camelresourcesync.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.camelresourcesync.examples.demo.DemoSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.examples.MirrorAssertions.assertMirrors;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --audit} and {@code --repair} as a user runs them against the demo Source and a real mirror directory. */
class AuditMirrorTest {

    private static final Duration RUN = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @Test
    void auditFindsMissingExtraAndCorruptedFilesAndRepairFixesThem() throws Exception {
        Path mirror = tmp.resolve("mirror");
        try (DemoSource demo = DemoSource.start(DemoSource.Settings.defaults().withPort(0).withChangeInterval(0))) {
            // an empty mirror: the repair is a full baseline
            assertEquals(0, run(demo, mirror, "--repair").exitCode);
            assertMirrors(demo.snapshot(), mirror);
            assertEquals(0, run(demo, mirror, "--audit", "--audit.max-retries=0").exitCode, "a fresh mirror is in sync");

            List<Path> files;
            try (var walk = Files.walk(mirror)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            Path corrupted = files.get(0);
            Path removed = files.get(1);
            byte[] original = Files.readAllBytes(corrupted);
            FileTime mtime = Files.getLastModifiedTime(corrupted);
            byte[] damaged = original.clone();
            damaged[damaged.length / 2] ^= 0x20; // one bit: same size
            Files.write(corrupted, damaged);
            Files.setLastModifiedTime(corrupted, mtime);
            Files.delete(removed);
            Path extra = mirror.resolve("stray/left-over.txt");
            Files.createDirectories(extra.getParent());
            Files.writeString(extra, "no longer on the Source");

            Result audit = run(demo, mirror, "--audit", "--audit.max-retries=0");
            assertEquals(1, audit.exitCode, "out of sync");
            AuditMirror.Outcome o = audit.outcome;
            assertTrue(o.complete());
            assertFalse(o.inSync());
            assertEquals(List.of(1L, 1L, 1L), List.of(o.missing(), o.changed(), o.extra()), o.summary());
            assertArrayEquals(damaged, Files.readAllBytes(corrupted), "--audit only reports");
            assertFalse(Files.exists(removed));

            assertEquals(0, run(demo, mirror, "--repair").exitCode);
            assertMirrors(demo.snapshot(), mirror);
            Result again = run(demo, mirror, "--audit", "--audit.max-retries=0");
            assertEquals(0, again.exitCode);
            assertTrue(again.outcome.inSync(), again.outcome.summary());
        }
    }

    @Test
    void sourceDownExitsWithTwoAndNoReport() throws Exception {
        DemoSource demo = DemoSource.start(DemoSource.Settings.defaults().withPort(0).withChangeInterval(0));
        demo.close();
        Result r = run(demo, tmp.resolve("mirror"), "--audit", "--audit.max-retries=0");
        assertEquals(2, r.exitCode);
        assertNull(r.outcome);
    }

    private record Result(int exitCode, AuditMirror.Outcome outcome) {
    }

    private Result run(DemoSource demo, Path mirror, String... flags) {
        List<String> args = new ArrayList<>(List.of(demo.base().toString(), "--sync.mirror-dir=" + mirror,
                "--sync.state-dir=" + tmp.resolve("state")));
        args.addAll(Arrays.asList(flags));
        ExamplesApplication app = new ExamplesApplication(args.toArray(String[]::new));
        int exit = assertTimeoutPreemptively(RUN, app::run, "the audit ends by itself");
        return new Result(exit, app.audit().outcome());
    }

}
