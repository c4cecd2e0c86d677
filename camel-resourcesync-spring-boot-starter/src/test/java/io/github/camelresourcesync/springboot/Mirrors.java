package io.github.camelresourcesync.springboot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Compares a mirror directory with a Source's resources (text). */
public final class Mirrors {

    private Mirrors() {
    }

    /** The mirror holds exactly the Source's resources ({@code /res/a.txt} at {@code mirror/res/a.txt}). */
    public static void assertMirrors(Map<String, String> source, Path mirror) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (Files.isDirectory(mirror)) {
            try (Stream<Path> walk = Files.walk(mirror)) {
                for (Path p : walk.filter(Files::isRegularFile).toList()) {
                    if (!p.getFileName().toString().startsWith(".rsync-")) { // a write in progress
                        files.put("/" + mirror.relativize(p).toString().replace('\\', '/'),
                                Files.readString(p, StandardCharsets.UTF_8));
                    }
                }
            } catch (UncheckedIOException | NoSuchFileException e) {
                throw new AssertionError("mirror " + mirror + " changed while being compared", e);
            }
        }
        assertEquals(new TreeMap<>(source), files, "files in " + mirror);
    }

    /** The same for a Source whose contents are given as bytes (UTF-8 text). */
    public static void assertMirrorsBytes(Map<String, byte[]> source, Path mirror) throws IOException {
        Map<String, String> text = new TreeMap<>();
        source.forEach((path, bytes) -> text.put(path, new String(bytes, StandardCharsets.UTF_8)));
        assertMirrors(text, mirror);
    }
}
