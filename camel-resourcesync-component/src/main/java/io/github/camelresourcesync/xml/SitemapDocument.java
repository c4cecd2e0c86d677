package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;

/**
 * A capability document being read, entry by entry, in constant memory. Obtained from {@link SitemapReader#open}.
 * Not thread-safe.
 */
public interface SitemapDocument extends AutoCloseable {

    /** The root element, document {@code rs:md} and document {@code rs:ln}s (read before the first entry). */
    DocumentHeader header();

    /**
     * @return the next {@code <url>} or {@code <sitemap>} entry, or {@code null} at the end of the document
     * @throws DocumentException when the document turns out malformed or breaks a limit
     */
    Entry next() throws DocumentException;

    /** The line where the entry last returned by {@link #next()} starts; -1 when not known. */
    default long line() {
        return -1;
    }

    /** Number of entries returned so far. */
    long entriesRead();

    /** Closes the parser and the underlying stream. */
    @Override
    void close();
}
