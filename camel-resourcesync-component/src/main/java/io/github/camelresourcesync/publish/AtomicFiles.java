package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a file so that a reader sees the old or the new content, never half of it: temp file in the same directory, then rename. */
public final class AtomicFiles {

    /** Writes the content into an output stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    public static void write(Path target, Content content) throws IOException {
        Path tmp = temp(target);
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            move(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A temporary file next to {@code target} (same file system, so the rename is atomic); dot-named, never served. */
    static Path temp(Path target) throws IOException {
        Files.createDirectories(target.getParent());
        return Files.createTempFile(target.getParent(), ".publish-", ".tmp");
    }

    static void move(Path tmp, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
