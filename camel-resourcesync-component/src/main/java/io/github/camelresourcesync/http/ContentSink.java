package io.github.camelresourcesync.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Receives a resource body: counts it, digests it, keeps it in memory up to a threshold and spills it to a temporary
 * file beyond. Either {@link #finish} or {@link #discard} must be called.
 * <p>
 * Errors reading the source stream pass through unchanged (the caller may retry them); a body over the size limit and
 * a failure writing the temporary file become {@link FetchException}s, which are final: another attempt would end the
 * same way.
 */
final class ContentSink {

    private static final int BUFFER = 16 * 1024;

    private final URI uri;
    private final String description;
    private final Digests digests;
    private final long maxSize;
    private final int threshold;
    private final Path spoolDirectory;

    private ByteArrayOutputStream memory;
    private Path file;
    private OutputStream fileOut;
    private long length;

    /**
     * @param uri            for exceptions, without credentials
     * @param description    the request as messages name it, e.g. {@code GET https://example.org/x}
     * @param maxSize        {@code <= 0} for no limit
     * @param spoolDirectory {@code null} for {@code java.io.tmpdir}
     * @param expectedLength the announced length, or -1; sizes the memory buffer
     */
    ContentSink(URI uri, String description, Digests digests, long maxSize, int threshold, Path spoolDirectory,
                long expectedLength) {
        this.uri = uri;
        this.description = description;
        this.digests = digests;
        this.maxSize = maxSize;
        this.threshold = Math.max(0, threshold);
        this.spoolDirectory = spoolDirectory;
        long initial = expectedLength >= 0 && expectedLength <= this.threshold ? expectedLength : 8192;
        this.memory = new ByteArrayOutputStream((int) Math.min(initial, Math.max(this.threshold, 32)));
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
            throw Limits.contentTooLarge(uri, description, maxSize);
        }
        digests.update(b, off, len);
        length += len;
        try {
            if (fileOut == null && length > threshold) {
                spill();
            }
            if (fileOut != null) {
                fileOut.write(b, off, len);
                return;
            }
        } catch (IOException e) {
            throw spoolFailure(e);
        }
        memory.write(b, off, len);
    }

    long length() {
        return length;
    }

    private void spill() throws IOException {
        Path dir = spoolDirectory();
        Files.createDirectories(dir);
        file = Files.createTempFile(dir, "resourcesync-", ".spool");
        fileOut = Files.newOutputStream(file);
        memory.writeTo(fileOut);
        memory = null;
    }

    private Path spoolDirectory() {
        return spoolDirectory != null ? spoolDirectory : Path.of(System.getProperty("java.io.tmpdir"));
    }

    private FetchException spoolFailure(IOException e) {
        return new FetchException(uri, 0, description + ": cannot spool the body to " + spoolDirectory()
                + " (spoolDirectory): " + e, e);
    }

    SpooledContent finish(String mediaType) throws IOException {
        if (fileOut == null) {
            return SpooledContent.inMemory(memory.toByteArray(), digests.finish(), mediaType);
        }
        try {
            fileOut.close();
        } catch (IOException e) {
            throw spoolFailure(e);
        }
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
