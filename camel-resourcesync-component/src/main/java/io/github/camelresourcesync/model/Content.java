package io.github.camelresourcesync.model;

import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes of a resource, already received completely (in memory or spooled to a temporary file) so they can be
 * verified before anyone sees them. {@link #close()} releases the temporary file, if any.
 */
public interface Content extends AutoCloseable {

    /** A new stream over the bytes, from the start; may be called more than once. */
    InputStream openStream() throws IOException;

    /** Number of bytes. */
    long length();

    /** The digests computed while receiving the bytes, for the algorithms asked for. */
    Hashes digests();

    /** Media type as served, or {@code null}. */
    String mediaType();

    /** The bytes, when held in memory; {@code null} when spooled to a file. */
    byte[] bytesIfInMemory();

    @Override
    void close();
}
