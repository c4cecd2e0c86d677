package io.github.camelresourcesync.model;

import java.net.URI;
import java.util.List;

/**
 * What a capability document says about itself: its root element, its {@code rs:md} and its {@code rs:ln} links.
 *
 * @param uri  the URI the document was read from (after redirects); relative references resolve against it
 * @param root {@code urlset} or {@code sitemapindex}
 */
public record DocumentHeader(URI uri, RootElement root, Metadata md, List<Link> links) {

    public enum RootElement {
        URLSET,
        SITEMAPINDEX
    }

    public DocumentHeader {
        md = md == null ? Metadata.EMPTY : md;
        links = links == null ? List.of() : List.copyOf(links);
    }

    public Capability capability() {
        return md.capabilityType();
    }

    public boolean isIndex() {
        return root == RootElement.SITEMAPINDEX;
    }

    /** The first link whose relation includes {@code rel}, or {@code null}. */
    public Link link(String rel) {
        return Link.first(links, rel);
    }
}
