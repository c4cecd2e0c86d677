package io.github.camelresourcesync.xml;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.LongFunction;

/**
 * A {@code urlset} of any number of entries, generated while it is read, so large documents can be tested without
 * holding them in memory.
 */
final class GeneratedSitemapStream extends InputStream {

    static final String HEADER = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
            + "<rs:md capability=\"resourcelist\" at=\"2013-01-03T09:00:00Z\"/>\n";
    static final String FOOTER = "</urlset>\n";

    private final long entries;
    private final LongFunction<String> entry;
    private long next;
    private byte[] chunk = HEADER.getBytes(StandardCharsets.UTF_8);
    private int pos;
    private boolean footerDone;

    GeneratedSitemapStream(long entries, LongFunction<String> entry) {
        this.entries = entries;
        this.entry = entry;
    }

    /** Entries with a loc and a lastmod, the smallest realistic Resource List entry. */
    static GeneratedSitemapStream small(long entries) {
        return new GeneratedSitemapStream(entries, i -> "<url><loc>http://example.com/res/" + i
                + "</loc><lastmod>2013-01-02T13:00:00Z</lastmod></url>\n");
    }

    /** Entries as a 1.1 Change List publishes them: lastmod, rs:md with change, datetime, hash, length, type. */
    static GeneratedSitemapStream rich(long entries) {
        return new GeneratedSitemapStream(entries, i -> "<url>\n  <loc>http://example.com/dataset1/res/" + i
                + ".html</loc>\n  <lastmod>2013-01-02T13:00:00Z</lastmod>\n"
                + "  <rs:md change=\"updated\" datetime=\"2013-01-03T18:00:00Z\""
                + " hash=\"md5:1584abdf8ebdc9802ac0c6a7402c03b6\" length=\"" + (i % 100_000)
                + "\" type=\"text/html\"/>\n</url>\n");
    }

    @Override
    public int read() {
        if (!fill()) {
            return -1;
        }
        return chunk[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, chunk.length - pos);
        System.arraycopy(chunk, pos, b, off, n);
        pos += n;
        return n;
    }

    private boolean fill() {
        while (pos == chunk.length) {
            if (next < entries) {
                chunk = entry.apply(next++).getBytes(StandardCharsets.UTF_8);
            } else if (!footerDone) {
                chunk = FOOTER.getBytes(StandardCharsets.UTF_8);
                footerDone = true;
            } else {
                return false;
            }
            pos = 0;
        }
        return true;
    }
}
