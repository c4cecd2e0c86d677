package io.github.camelresourcesync.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.github.camelresourcesync.model.SyncEvents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

final class MirrorAssertions {

    private MirrorAssertions() {
    }

    /** Any Source: a resource's name under the mirror depends only on its path when it is on the Source's origin. */
    private static final URI ORIGIN = URI.create("http://source.test/");

    /**
     * The mirror holds exactly the Source's resources, byte for byte: {@code source} maps a URL path on the Source
     * ({@code /data/x}) to its content, found where the mirror names it ({@code mirror/data/x}; see
     * {@link SyncEvents#fileName}).
     */
    static void assertMirrors(Map<String, byte[]> urlPaths, Path mirror) throws IOException {
        Map<String, byte[]> source = new TreeMap<>();
        urlPaths.forEach((path, bytes) -> source.put("/" + SyncEvents.fileName(ORIGIN.resolve(path), ORIGIN), bytes));
        Map<String, byte[]> files = new TreeMap<>();
        if (Files.isDirectory(mirror)) {
            try (Stream<Path> walk = Files.walk(mirror)) {
                for (Path p : walk.filter(Files::isRegularFile).toList()) {
                    if (p.getFileName().toString().startsWith(".rsync-")) {
                        continue; // the mirror's temporary file of a write in progress
                    }
                    files.put("/" + mirror.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
                }
            } catch (UncheckedIOException | NoSuchFileException e) {
                // a file moved or vanished while walking: the mirror is still changing, so it is not in sync yet
                throw new AssertionError("mirror " + mirror + " changed while being compared", e);
            }
        }
        assertEquals(new TreeMap<>(source).keySet(), files.keySet(), "files in " + mirror);
        source.forEach((path, bytes) -> assertArrayEquals(bytes, files.get(path), "content of " + path));
    }
}
