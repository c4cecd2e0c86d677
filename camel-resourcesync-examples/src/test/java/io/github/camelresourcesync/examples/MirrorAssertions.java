package io.github.camelresourcesync.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

final class MirrorAssertions {

    private MirrorAssertions() {
    }

    /** The mirror holds exactly the Source's resources ({@code /data/x} at {@code mirror/data/x}), byte for byte. */
    static void assertMirrors(Map<String, byte[]> source, Path mirror) throws IOException {
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
