package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The files a harvester left in a {@code spoolDirectory} (it spools into a subdirectory of its own). */
public final class SpoolFiles {

    private SpoolFiles() {
    }

    /** The regular files under {@code spoolDirectory}, none when it does not exist. */
    public static List<Path> in(Path spoolDirectory) {
        if (!Files.isDirectory(spoolDirectory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(spoolDirectory)) {
            return files.filter(Files::isRegularFile).toList();
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                return in(spoolDirectory); // a file was deleted while listed: look again
            }
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Their total size in bytes. */
    public static long bytes(Path spoolDirectory) {
        return in(spoolDirectory).stream().mapToLong(p -> p.toFile().length()).sum();
    }
}
