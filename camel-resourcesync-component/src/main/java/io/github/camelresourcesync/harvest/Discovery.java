package io.github.camelresourcesync.harvest;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.camelresourcesync.http.DocumentResponse;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.LinkHeaders;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.ExpectedCapability;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the Capability Lists of a Source from whatever the user gave: a site base URL ({@code /.well-known/resourcesync}
 * is tried first), a Source Description, a Capability List, a single capability document, or any page that links to
 * one with {@code Link: <...>; rel="resourcesync"} or HTML {@code <link rel="resourcesync">}.
 */
public final class Discovery {

    private static final Logger LOG = LoggerFactory.getLogger(Discovery.class);
    private static final String WELL_KNOWN = "/.well-known/resourcesync";
    private static final int SNIFF_BYTES = 64 * 1024;
    private static final int MAX_HOPS = 5;
    private static final Pattern HTML_LINK = Pattern.compile("<link\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern HTML_ATTR = Pattern.compile("(\\w+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))");

    private final HttpFetcher fetcher;
    private final SitemapReader reader;

    public Discovery(HttpFetcher fetcher, SitemapReader reader) {
        this.fetcher = fetcher;
        this.reader = reader;
    }

    /**
     * @return the Capability Lists found, never empty
     * @throws IOException when nothing ResourceSync can be found at or from the URL
     */
    public List<DiscoveredSource> discover(URI start) throws IOException {
        if (isSiteRoot(start)) {
            URI wellKnown = start.resolve(WELL_KNOWN);
            try {
                return examine(wellKnown, null, 0);
            } catch (FetchException e) {
                if (!e.isGone()) {
                    throw e;
                }
                LOG.debug("No {} at {}; looking at the page itself", WELL_KNOWN, start);
            }
        }
        return examine(start, null, 0);
    }

    private static boolean isSiteRoot(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String path = uri.getPath();
        return (scheme.equals("http") || scheme.equals("https")) && (path == null || path.isEmpty() || path.equals("/"));
    }

    /** @param expected what a sitemap found there must be ({@link ExpectedCapability}); {@code null} for any */
    private List<DiscoveredSource> examine(URI uri, Capability expected, int hops) throws IOException {
        if (hops > MAX_HOPS) {
            throw new IOException("Gave up discovering the ResourceSync Source after " + MAX_HOPS + " links, at " + uri);
        }
        try (DocumentResponse response = fetcher.fetchDocument(uri, Validators.NONE)) {
            BufferedInputStream in = new BufferedInputStream(response.body(), SNIFF_BYTES);
            String head = peek(in);
            String lower = head.toLowerCase(Locale.ROOT);
            if (!looksLikeSitemap(lower)) {
                URI next = linkHeader(response.headers("Link"), response.uri());
                if (next == null && looksLikeHtml(lower, response.contentType())) {
                    next = htmlLink(head, response.uri());
                }
                if (next == null) {
                    throw new DocumentException(response.uri(), "Not a ResourceSync document, and no link with"
                                                                + " rel=\"resourcesync\" in its headers or HTML");
                }
                return examine(next, expected, hops + 1);
            }
            try (SitemapDocument doc = require(reader.open(in, response.uri()), expected)) {
                return fromDocument(doc, hops);
            }
        }
    }

    private List<DiscoveredSource> fromDocument(SitemapDocument doc, int hops) throws IOException {
        DocumentHeader header = doc.header();
        Capability capability = header.capability();
        switch (capability) {
            case DESCRIPTION, RESOURCESYNC -> {
                List<URI> lists = new ArrayList<>();
                for (Entry e = doc.next(); e != null; e = doc.next()) {
                    lists.add(e.loc());
                }
                List<DiscoveredSource> sources = new ArrayList<>();
                for (URI list : lists) {
                    sources.addAll(examine(list, Capability.CAPABILITYLIST, hops + 1));
                }
                if (sources.isEmpty()) {
                    throw new DocumentException(header.uri(), "Source Description lists no Capability List");
                }
                return sources;
            }
            case CAPABILITYLIST -> {
                List<Entry> entries = new ArrayList<>();
                for (Entry e = doc.next(); e != null; e = doc.next()) {
                    entries.add(e);
                }
                return List.of(new DiscoveredSource(header.uri(), entries));
            }
            case UNKNOWN -> throw new DocumentException(header.uri(),
                    "Sitemap without a ResourceSync capability (rs:md capability=\"" + header.md().capability()
                                                          + "\"); expected a Source Description, Capability List or"
                                                          + " capability document");
            default -> {
                // a single capability document (Resource List, Change List, ...): it is the whole Source
                Entry self = new Entry(header.uri(), null, header.md(), List.of(), false);
                return List.of(new DiscoveredSource(header.uri(), List.of(self)));
            }
        }
    }

    private static SitemapDocument require(SitemapDocument doc, Capability expected) throws DocumentException {
        return expected == null ? doc : ExpectedCapability.require(doc, expected);
    }

    private static String peek(BufferedInputStream in) throws IOException {
        in.mark(SNIFF_BYTES);
        byte[] buf = in.readNBytes(4096);
        in.reset();
        return new String(buf, StandardCharsets.ISO_8859_1);
    }

    private static boolean looksLikeSitemap(String head) {
        return head.contains("<urlset") || head.contains("<sitemapindex") || head.contains(":urlset")
               || head.contains(":sitemapindex");
    }

    private static boolean looksLikeHtml(String head, String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).contains("html") || head.contains("<html")
               || head.contains("<!doctype html");
    }

    /** {@code Link: <uri>; rel="resourcesync"}, resolved against the response URI. */
    static URI linkHeader(List<String> values, URI base) {
        return LinkHeaders.find(values, base, "resourcesync");
    }

    private static boolean hasRel(String params, String rel) {
        Matcher a = HTML_ATTR.matcher(params);
        while (a.find()) {
            if (a.group(1).equalsIgnoreCase("rel")) {
                String v = firstNonNull(a.group(2), a.group(3), a.group(4));
                for (String r : v.trim().split("\\s+")) {
                    if (r.equalsIgnoreCase(rel)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code <link rel="resourcesync" href="...">} in the first bytes of an HTML page. */
    public static URI htmlLink(String html, URI base) {
        Matcher m = HTML_LINK.matcher(html);
        while (m.find()) {
            String tag = m.group();
            if (hasRel(tag, "resourcesync")) {
                Matcher a = HTML_ATTR.matcher(tag);
                while (a.find()) {
                    if (a.group(1).equalsIgnoreCase("href")) {
                        return base.resolve(firstNonNull(a.group(2), a.group(3), a.group(4)).trim());
                    }
                }
            }
        }
        return null;
    }

    private static String firstNonNull(String... values) {
        for (String v : values) {
            if (v != null) {
                return v;
            }
        }
        return "";
    }

}
