package io.github.camelresourcesync.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Objects;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;

/**
 * A received resource body, held in memory or in a temporary file. {@link #close()} deletes the file; should a caller
 * forget, the file is deleted once the object is garbage collected, so a long-running harvester does not fill the
 * disk.
 */
public final class SpooledContent implements Content {

    private static final Logger LOG = LoggerFactory.getLogger(SpooledContent.class);
    private static final Cleaner CLEANER = Cleaner.create();

    private final byte[] bytes;
    private final Path file;
    private final long length;
    private final Hashes digests;
    private final String mediaType;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    private SpooledContent(byte[] bytes, Path file, long length, Hashes digests, String mediaType) {
        this.bytes = bytes;
        this.file = file;
        this.length = length;
        this.digests = digests;
        this.mediaType = mediaType;
        this.cleanable = file == null ? null : CLEANER.register(this, new DeleteFile(file));
    }

    static SpooledContent inMemory(byte[] bytes, Hashes digests, String mediaType) {
        return new SpooledContent(bytes, null, bytes.length, digests, mediaType);
    }

    /** Takes ownership of {@code file}: it is deleted on {@link #close()}. */
    static SpooledContent inFile(Path file, long length, Hashes digests, String mediaType) {
        return new SpooledContent(null, file, length, digests, mediaType);
    }

    /** In-memory content with the digests of {@code algorithms} computed; handy for tests and for producers. */
    public static SpooledContent of(byte[] bytes, String mediaType, Collection<String> algorithms) {
        Objects.requireNonNull(bytes, "bytes");
        Digests d = Digests.of(algorithms);
        d.update(bytes, 0, bytes.length);
        return inMemory(bytes.clone(), d.finish(), mediaType);
    }

    @Override
    public InputStream openStream() throws IOException {
        if (bytes != null) {
            return new ByteArrayInputStream(bytes);
        }
        if (closed) {
            throw new IOException("content spooled to " + file + " was already closed and deleted");
        }
        return Files.newInputStream(file);
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public Hashes digests() {
        return digests;
    }

    @Override
    public String mediaType() {
        return mediaType;
    }

    /** The bytes themselves (not a copy), or {@code null} when spooled to a file. */
    @Override
    public byte[] bytesIfInMemory() {
        return bytes;
    }

    /** The temporary file, or {@code null} when held in memory. */
    public Path spoolFile() {
        return file;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (cleanable != null) {
                cleanable.clean();
            }
        }
    }

    @Override
    public String toString() {
        return "SpooledContent[" + length + " bytes, " + (file == null ? "in memory" : file.toString()) + "]";
    }

    /** Must not refer to the SpooledContent, or it would never become unreachable. */
    private record DeleteFile(Path file) implements Runnable {
        @Override
        public void run() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.warn("Could not delete spooled content {}: {}", file, e.getMessage());
            }
        }
    }
}
