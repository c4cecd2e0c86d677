package io.github.camelresourcesync.xml;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.net.URI;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

import javax.xml.stream.XMLStreamException;

import org.codehaus.stax2.XMLStreamReader2;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.ctc.wstx.stax.WstxInputFactory;

/**
 * Streaming, hardened reader for ResourceSync {@code urlset} and {@code sitemapindex} documents of every revision
 * (0.9 beta, 1.0, 1.1). Thread-safe: one reader can open many documents concurrently.
 *
 * <p>
 * What it reads: the root element, the document-level {@code rs:md} and {@code rs:ln} (before the first entry), then
 * each {@code <url>}/{@code <sitemap>} with its {@code <loc>}, {@code <lastmod>}, {@code rs:md} and {@code rs:ln}s.
 * Elements are matched by namespace and local name: the sitemap namespace (or none, as in plain sitemaps without
 * {@code xmlns}) and the ResourceSync namespace with or without its trailing slash. Unknown elements (image, news,
 * xhtml extensions, ...) and attributes are skipped wherever they appear.
 *
 * <p>
 * Strict where going on would lose or misorder data; each of these is a {@link DocumentException} naming the
 * document, and the entry number and loc where there is one:
 * <ul>
 * <li>not well-formed XML, truncated documents (with line and column), I/O errors of the stream;</li>
 * <li>any {@code <!DOCTYPE>}: DTDs and entities are refused outright (no XXE, no entity expansion);</li>
 * <li>a root other than {@code urlset}/{@code sitemapindex};</li>
 * <li>an entry without {@code <loc>}, with an empty one, or with one that is not a URI even after percent-encoding
 * characters such as spaces, or that stays relative because the document URI cannot serve as a base;</li>
 * <li>an unparsable datetime anywhere: {@code <lastmod>}, the {@code rs:md} times ({@code at completed from until
 * datetime modified}) of the document or an entry, {@code rs:ln modified}; treating it as absent would misorder
 * changes or move a resume point;</li>
 * <li>an {@code rs:ln} without {@code rel} or {@code href}, or whose {@code href} is not a URI;</li>
 * <li>two {@code <loc>}, {@code <lastmod>} or {@code rs:md} in one entry, two document-level {@code rs:md}, or a
 * document-level {@code rs:md} after the first entry (the header was already handed out);</li>
 * <li>more entries than {@code maxEntries}; more than 1000 {@code rs:ln} on one entry or on the document.</li>
 * </ul>
 * Lenient, with an SLF4J warning naming document and entry: {@code hash} values that are not
 * {@code algorithm:hexdigest} (skipped, other algorithms kept), {@code length}/{@code pri} that are not non-negative
 * integers (treated as absent), a {@code <loc>}/{@code href} repaired by percent-encoding, a document-level
 * {@code rs:ln} after the first entry (ignored), {@code <sitemap>} inside {@code urlset} or {@code <url>} inside
 * {@code sitemapindex} (reported with {@link io.github.camelresourcesync.model.Entry#sitemap()} following the element).
 * Unknown capability and change values are kept raw. Blank attribute values count as absent.
 */
public final class SitemapReader {

    /**
     * The default of {@code maxEntriesPerDocument}: twenty times the Sitemap protocol's 50,000 (Sources exceed it), yet
     * bounded: an incremental pass sorts one Change List's new entries in memory.
     */
    public static final long DEFAULT_MAX_ENTRIES = 1_000_000;

    private static final Logger LOG = LoggerFactory.getLogger(SitemapReader.class);

    private static final int GZIP_MAGIC_1 = 0x1f;
    private static final int GZIP_MAGIC_2 = 0x8b;
    private static final int GZIP_BUFFER = 64 * 1024;

    private final WstxInputFactory factory;
    private final long maxEntries;
    private final Consumer<String> warnings;

    /** No limit on entries. */
    public SitemapReader() {
        this(0);
    }

    /**
     * @param maxEntries the most entries one document may hold; {@code <= 0} for no limit
     */
    public SitemapReader(long maxEntries) {
        this(maxEntries, null);
    }

    /**
     * @param extraWarnings receives every warning (each names the document and the entry) as well as the log; the
     *                      validator turns them into findings
     */
    public SitemapReader(long maxEntries, Consumer<String> extraWarnings) {
        this.factory = HardenedStax.newInputFactory();
        this.maxEntries = maxEntries;
        this.warnings = extraWarnings == null ? LOG::warn : w -> {
            LOG.warn(w);
            extraWarnings.accept(w);
        };
    }

    /** The limit this reader enforces; {@code <= 0} for none. */
    public long maxEntries() {
        return maxEntries;
    }

    /**
     * Starts reading a document; the header (root, document {@code rs:md}, {@code rs:ln}) is read before this returns.
     * The caller closes the returned document, which closes {@code in}. When this throws, {@code in} is closed.
     *
     * @param in          the (already decompressed) document bytes; the XML declaration or BOM decides the encoding
     * @param documentUri the URI the bytes came from: relative references resolve against it and errors name it
     */
    public SitemapDocument open(InputStream in, URI documentUri) throws DocumentException {
        Objects.requireNonNull(in, "in");
        XMLStreamReader2 xml;
        try {
            xml = (XMLStreamReader2) factory.createXMLStreamReader(
                    documentUri == null ? null : documentUri.toString(), in);
        } catch (XMLStreamException e) {
            closeQuietly(in);
            throw new DocumentException(documentUri, "cannot start reading the document (not XML or unsupported"
                    + " encoding?): " + e.getMessage(), e);
        }
        return StaxSitemapDocument.open(xml, in, documentUri, maxEntries, warnings);
    }

    /**
     * Returns a stream of the decompressed bytes when {@code in} starts with the gzip magic number ({@code 1f 8b}),
     * otherwise a stream of the same bytes. For sitemaps served as {@code .xml.gz} without a
     * {@code Content-Encoding}, and for files.
     */
    public static InputStream maybeGunzip(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        PushbackInputStream pushback = new PushbackInputStream(in, 2);
        int first = pushback.read();
        if (first == -1) {
            return pushback;
        }
        int second = pushback.read();
        if (second != -1) {
            pushback.unread(second);
        }
        pushback.unread(first);
        if (first == GZIP_MAGIC_1 && second == GZIP_MAGIC_2) {
            return new GZIPInputStream(pushback, GZIP_BUFFER);
        }
        return pushback;
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // already failing; the original error is what matters
        }
    }
}
