package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

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

    /** the body while in memory: sized to the announced length, so a body of that length is never copied */
    private byte[] memory;
    private int count;
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
        this.memory = new byte[(int) Math.min(initial, Math.max(this.threshold, 32))];
    }

    /**
     * Reads {@code in} to its end. While the body fits the memory buffer it is read straight into it (no read buffer,
     * no copy): small bodies, the common case for dump bitstreams and GETs alike, cost one array each.
     */
    void readAll(InputStream in) throws IOException {
        if (memory.length <= threshold) {
            while (count < memory.length) {
                int n = in.read(memory, count, memory.length - count);
                if (n < 0) {
                    return;
                }
                accept(memory, count, n);
                count += n;
            }
            // full: the announced length arrived; one byte more says whether that was all
            int next = in.read();
            if (next < 0) {
                return;
            }
            write(new byte[] {(byte) next}, 0, 1);
        }
        byte[] buffer = new byte[BUFFER];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            write(buffer, 0, n);
        }
    }

    /** Counts and digests bytes already where they belong (in {@link #memory}). */
    private void accept(byte[] b, int off, int len) throws FetchException {
        if (maxSize > 0 && length + len > maxSize) {
            throw Limits.contentTooLarge(uri, description, maxSize);
        }
        digests.update(b, off, len);
        length += len;
    }

    void write(byte[] b, int off, int len) throws IOException {
        accept(b, off, len);
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
        if (count + len > memory.length) {
            memory = Arrays.copyOf(memory, (int) Math.min(Math.max(2L * memory.length, count + len),
                    Math.max(threshold, count + len)));
        }
        System.arraycopy(b, off, memory, count, len);
        count += len;
    }

    long length() {
        return length;
    }

    private void spill() throws IOException {
        file = Files.createTempFile(SpoolDirectory.of(spoolDirectory()), "resourcesync-", ".spool");
        fileOut = Files.newOutputStream(file);
        fileOut.write(memory, 0, count);
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
            byte[] body = count == memory.length ? memory : Arrays.copyOf(memory, count);
            memory = null;
            return SpooledContent.inMemory(body, digests.finish(), mediaType);
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
