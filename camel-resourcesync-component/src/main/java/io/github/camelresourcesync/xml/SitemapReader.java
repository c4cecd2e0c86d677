package io.github.camelresourcesync.xml;

import java.io.InputStream;
import java.net.URI;

/**
 * Streaming, hardened reader for ResourceSync {@code urlset} and {@code sitemapindex} documents of every revision
 * (0.9 beta, 1.0, 1.1). Thread-safe: one reader can open many documents concurrently.
 */
public final class SitemapReader {

    /** No limit on entries. */
    public SitemapReader() {
        this(0);
    }

    /**
     * @param maxEntries the most entries one document may hold; {@code <= 0} for no limit
     */
    public SitemapReader(long maxEntries) {
        throw new UnsupportedOperationException("TODO");
    }

    /**
     * Starts reading a document; the header (root, document {@code rs:md}, {@code rs:ln}) is read before this returns.
     * The caller closes the returned document, which closes {@code in}.
     *
     * @param in          the (already decompressed) document bytes
     * @param documentUri the URI the bytes came from: relative references resolve against it and errors name it
     */
    public SitemapDocument open(InputStream in, URI documentUri) throws DocumentException {
        throw new UnsupportedOperationException("TODO");
    }
}
