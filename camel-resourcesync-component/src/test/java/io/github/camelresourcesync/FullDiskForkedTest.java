package io.github.camelresourcesync;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.Prerequisites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A full disk under the mirror: a real ENOSPC, from a 4 MiB tmpfs mounted in a private mount namespace
 * ({@code unshare -m}) of a child JVM, so nothing outside the test sees it ({@link FullDiskMain} runs the route and
 * checks). The event fails with an error naming the file, no truncated file appears under its name, nothing is
 * delivered past it, and once space is freed the harvest completes. Needs root on Linux (CI runs as root); skipped
 * elsewhere, failed in CI ({@link Prerequisites}).
 */
class FullDiskForkedTest {

    private static final String MOUNT_THEN_EXEC = "mount -t tmpfs -o size=4m tmpfs \"$0\" && exec \"$@\"";

    @TempDir
    Path dir;

    @Test
    void aFullMirrorDiskFailsTheEventNamingTheFileAndTheHarvestCompletesOnceSpaceIsFreed() throws Exception {
        Path probe = Files.createDirectories(dir.resolve("probe"));
        Prerequisites.require(run(List.of("unshare", "-m", "--propagation", "private", "sh", "-c", MOUNT_THEN_EXEC,
                probe.toString(), "true"), dir.resolve("probe.log")) == 0,
                "a tmpfs in a private mount namespace (unshare -m, mount) needs root on Linux");
        Path tmpfs = Files.createDirectories(dir.resolve("tmpfs"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("child.log");
        int exit = run(List.of("unshare", "-m", "--propagation", "private", "sh", "-c", MOUNT_THEN_EXEC,
                tmpfs.toString(), java.toString(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                FullDiskMain.class.getName(), tmpfs.toString(), dir.resolve("state").toString()), log);
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, exit, "the child JVM's checks held: " + tail(output));
        assertTrue(output.contains("OK"), tail(output));
        assertTrue(Files.list(tmpfs).findAny().isEmpty(), "the tmpfs was the child's own: nothing of it here");
    }

    private static int run(List<String> command, Path log) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    private static String tail(String log) {
        return log.length() > 6000 ? log.substring(log.length() - 6000) : log;
    }
}
