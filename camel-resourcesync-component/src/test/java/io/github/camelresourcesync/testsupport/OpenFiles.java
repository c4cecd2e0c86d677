package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files this JVM holds open, read from Linux's {@code /proc/self/fd}: what a leak of file descriptors (a file never
 * closed) shows as. Tests assume {@link #readable()} and are skipped elsewhere.
 */
public final class OpenFiles {

    private static final Path FDS = Path.of("/proc/self/fd");

    private OpenFiles() {
    }

    /** Whether this system lists its open files ({@code /proc/self/fd}). */
    public static boolean readable() {
        return Files.isDirectory(FDS);
    }

    /** The files open now under {@code root}, as real paths. */
    public static List<Path> under(Path root) throws IOException {
        Path real = root.toRealPath();
        List<Path> open = new ArrayList<>();
        try (Stream<Path> links = Files.list(FDS)) {
            for (Path link : (Iterable<Path>) links::iterator) {
                try {
                    Path target = Files.readSymbolicLink(link);
                    if (target.startsWith(real)) {
                        open.add(target);
                    }
                } catch (IOException e) {
                    // closed while listed (the listing's own descriptor among them)
                }
            }
        }
        return open;
    }
}
