package io.github.camelresourcesync.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Receives a resource body: counts it, digests it, keeps it in memory up to a threshold and spills it to a temporary
 * file beyond. Either {@link #finish} or {@link #discard} must be called.
 */
final class ContentSink {

    private static final int BUFFER = 16 * 1024;

    private final Digests digests;
    private final long maxSize;
    private final Supplier<? extends IOException> tooLarge;
    private final int threshold;
    private final Path spoolDirectory;

    private ByteArrayOutputStream memory;
    private Path file;
    private OutputStream fileOut;
    private long length;

    /**
     * @param maxSize        {@code <= 0} for no limit
     * @param tooLarge       the exception for a body over {@code maxSize}
     * @param expectedLength the announced length, or -1; sizes the memory buffer
     * @param spoolDirectory {@code null} for {@code java.io.tmpdir}
     */
    ContentSink(Digests digests, long maxSize, Supplier<? extends IOException> tooLarge, int threshold,
                Path spoolDirectory, long expectedLength) {
        this.digests = digests;
        this.maxSize = maxSize;
        this.tooLarge = tooLarge;
        this.threshold = Math.max(0, threshold);
        this.spoolDirectory = spoolDirectory;
        int initial = expectedLength >= 0 && expectedLength <= this.threshold ? (int) expectedLength : 8192;
        this.memory = new ByteArrayOutputStream(Math.min(initial, Math.max(this.threshold, 32)));
    }

    /** Reads {@code in} to its end. */
    void readAll(InputStream in) throws IOException {
        byte[] buffer = new byte[BUFFER];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            write(buffer, 0, n);
        }
    }

    void write(byte[] b, int off, int len) throws IOException {
        if (maxSize > 0 && length + len > maxSize) {
            throw tooLarge.get();
        }
        digests.update(b, off, len);
        length += len;
        if (fileOut == null && length > threshold) {
            spill();
        }
        if (fileOut != null) {
            fileOut.write(b, off, len);
        } else {
            memory.write(b, off, len);
        }
    }

    long length() {
        return length;
    }

    private void spill() throws IOException {
        Path dir = spoolDirectory != null ? spoolDirectory : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(dir);
        file = Files.createTempFile(dir, "resourcesync-", ".spool");
        fileOut = Files.newOutputStream(file);
        memory.writeTo(fileOut);
        memory = null;
    }

    SpooledContent finish(String mediaType) throws IOException {
        if (fileOut == null) {
            return SpooledContent.inMemory(memory.toByteArray(), digests.finish(), mediaType);
        }
        fileOut.close();
        fileOut = null;
        return SpooledContent.inFile(file, length, digests.finish(), mediaType);
    }

    /** Drops what was received, deleting the temporary file if there is one. */
    void discard() {
        memory = null;
        try {
            if (fileOut != null) {
                fileOut.close();
            }
        } catch (IOException ignored) {
            // the file goes anyway
        }
        fileOut = null;
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // best effort; nothing refers to it any more
            }
            file = null;
        }
    }
}
