package io.github.camelresourcesync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Compares a mirror directory with what a Source serves. */
public final class MirrorAssertions {

    private MirrorAssertions() {
    }

    /** path under the mirror ("res/a.txt") to content, for every regular file. */
    public static Map<String, String> read(Path mirror) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(mirror)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(mirror)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                if (p.getFileName().toString().startsWith(".rsync-")) {
                    continue; // the mirror's temporary file of a write in progress
                }
                files.put(mirror.relativize(p).toString().replace('\\', '/'),
                        Files.readString(p, StandardCharsets.UTF_8));
            }
        } catch (UncheckedIOException | NoSuchFileException e) {
            throw new AssertionError("mirror " + mirror + " changed while being compared", e);
        }
        return files;
    }

    /** The Source's snapshot ("/res/a.txt" keys) equals the mirror ("res/a.txt" keys). */
    public static void assertMirrors(Map<String, String> source, Path mirror) throws IOException {
        Map<String, String> expected = new TreeMap<>();
        source.forEach((k, v) -> expected.put(k.substring(1), v));
        assertEquals(expected, read(mirror), "mirror " + mirror + " differs from the Source");
    }
}
