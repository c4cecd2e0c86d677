package io.github.camelresourcesync.xml;

/** Namespaces and element names of Sitemaps and ResourceSync, and how the reader matches them. */
final class SitemapNames {

    static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    static final String RS_NS = "http://www.openarchives.org/rs/terms/";
    /** A few producers drop the trailing slash. */
    static final String RS_NS_NO_SLASH = "http://www.openarchives.org/rs/terms";

    static final String URLSET = "urlset";
    static final String SITEMAPINDEX = "sitemapindex";
    static final String URL = "url";
    static final String SITEMAP = "sitemap";
    static final String LOC = "loc";
    static final String LASTMOD = "lastmod";
    static final String MD = "md";
    static final String LN = "ln";

    private SitemapNames() {
    }

    /**
     * The sitemap namespace, or no namespace at all: plain sitemaps without {@code xmlns} exist, and refusing them
     * would lose every entry while accepting them is unambiguous.
     */
    static boolean isSitemapNs(String ns) {
        return ns == null || ns.isEmpty() || SITEMAP_NS.equals(ns);
    }

    static boolean isRsNs(String ns) {
        return RS_NS.equals(ns) || RS_NS_NO_SLASH.equals(ns);
    }

    /** Attributes of {@code rs:md} and {@code rs:ln} are unprefixed; prefixed ones belong to extensions. */
    static boolean isUnqualified(String attributeNs) {
        return attributeNs == null || attributeNs.isEmpty();
    }
}
