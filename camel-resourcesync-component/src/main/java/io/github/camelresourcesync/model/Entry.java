package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * One {@code <url>} of a {@code urlset} or one {@code <sitemap>} of a {@code sitemapindex}.
 *
 * @param loc     absolute URI (relative {@code <loc>} values are resolved against the document URI)
 * @param lastmod the {@code <lastmod>} value, or {@code null}
 * @param md      the entry's {@code rs:md}, never null
 * @param links   the entry's {@code rs:ln} elements, never null
 * @param sitemap {@code true} for a {@code <sitemap>} element (an index entry pointing at another document)
 */
public record Entry(URI loc, Instant lastmod, Metadata md, List<Link> links, boolean sitemap) {

    public Entry {
        md = md == null ? Metadata.EMPTY : md;
        links = links == null ? List.of() : List.copyOf(links);
    }

    /**
     * When the change of this entry happened: 1.1 {@code datetime}, falling back to {@code <lastmod>} (1.0 and 0.9),
     * then to the 0.9 {@code modified}. {@code null} when the entry publishes none of them.
     */
    public Instant changeTime() {
        if (md.datetime() != null) {
            return md.datetime();
        }
        if (lastmod != null) {
            return lastmod;
        }
        return md.modified();
    }

    /** {@code true} when this entry points at another capability document rather than at a resource. */
    public boolean isDocumentReference() {
        return sitemap || md.capability() != null;
    }

    /** The first link whose relation includes {@code rel}, or {@code null}. */
    public Link link(String rel) {
        return Link.first(links, rel);
    }
}
