package io.github.camelresourcesync.http;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where this process spools bodies inside a {@code spoolDirectory}: its own subdirectory
 * {@code resourcesync-spool-<pid>}. A process killed with SIGKILL deletes nothing (no shutdown hook, no cleaner runs),
 * so the first spill into a directory deletes the subdirectories of processes that are no longer alive; live ones,
 * another JVM sharing the directory included, are left alone.
 */
final class SpoolDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(SpoolDirectory.class);
    private static final String PREFIX = "resourcesync-spool-";
    private static final long PID = ProcessHandle.current().pid();
    /** Parent directories swept by this process already. */
    private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

    private SpoolDirectory() {
    }

    /** This process's spool directory under {@code parent}, created; stale ones of dead processes deleted first. */
    static Path of(Path parent) throws IOException {
        Path own = parent.resolve(PREFIX + PID);
        if (SWEPT.add(parent.toAbsolutePath().normalize())) {
            sweep(parent);
        }
        Files.createDirectories(own);
        return own;
    }

    private static void sweep(Path parent) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path dir : dirs) {
                if (isStale(dir.getFileName().toString().substring(PREFIX.length()))) {
                    LOG.info("Deleting {}, left by a process that is no longer running", dir);
                    deleteTree(dir);
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not look for stale spool files in {}: {}", parent, e.toString());
        }
    }

    /** A directory named by a process id that is not this one and not alive; other names are not ours. */
    private static boolean isStale(String pid) {
        try {
            long p = Long.parseLong(pid);
            return p != PID && ProcessHandle.of(p).map(h -> !h.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
