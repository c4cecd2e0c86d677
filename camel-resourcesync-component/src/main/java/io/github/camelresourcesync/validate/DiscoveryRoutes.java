package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.harvest.Discovery;
import io.github.camelresourcesync.http.DocumentResponse;
import io.github.camelresourcesync.http.HttpAnswer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.LinkHeaders;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The four ways a Destination finds a Source (ResourceSync 1.1 §6.3): the well-known URI, an HTTP {@code Link}
 * header and an HTML {@code <link>} on the site's page, {@code Sitemap:} lines of robots.txt. Each one that leads to a
 * Source Description or Capability List is reported (info), a missing well-known URI is a warning, routes that lead to
 * different documents are a warning, none at all an error.
 */
final class DiscoveryRoutes {

    private static final String WELL_KNOWN = "/.well-known/resourcesync";
    private static final int SNIFF_BYTES = 8192;
    private static final int MAX_ROBOTS_SITEMAPS = 10;

    private final HttpFetcher fetcher;
    private final SitemapReader reader = new SitemapReader(1);
    private final Findings findings;

    DiscoveryRoutes(HttpFetcher fetcher, Findings findings) {
        this.fetcher = fetcher;
        this.findings = findings;
    }

    /** What a URL turned out to be: a sitemap (with its capability), a page linking onwards, or nothing useful. */
    private record Probe(URI uri, Capability capability, URI linkHeader, URI htmlLink, String failure) {

        /** A ResourceSync document: a Source Description or Capability List, or (as harvesters accept) one list. */
        boolean isSource() {
            return capability != null && capability != Capability.UNKNOWN;
        }
    }

    /** @return the document to walk from: the URL given when it is a document, else what the routes lead to */
    URI check(URI start) {
        URI origin = origin(start);
        boolean siteRoot = origin != null && (start.getPath() == null || start.getPath().isEmpty()
                                              || start.getPath().equals("/"));
        Map<String, URI> routes = new LinkedHashMap<>();
        URI given = null;
        if (origin != null) {
            Probe wellKnown = probe(origin.resolve(WELL_KNOWN));
            if (wellKnown.isSource()) {
                routes.put("the well-known URI " + WELL_KNOWN, wellKnown.uri());
            } else {
                findings.add(new Finding(origin.resolve(WELL_KNOWN), null, -1, Rule.DISCOVERY_WELL_KNOWN,
                        siteRoot ? Severity.WARNING : Severity.INFO, null, wellKnown.failure != null
                                ? wellKnown.failure : "no Source Description or Capability List there"));
            }
        }
        Probe page = probe(siteRoot ? origin : start);
        if (!siteRoot && page.capability() != null) {
            given = page.uri();
        }
        follow(routes, "an HTTP Link header (rel=\"resourcesync\") on " + page.uri(), page.linkHeader());
        follow(routes, "an HTML <link rel=\"resourcesync\"> on " + page.uri(), page.htmlLink());
        if (origin != null) {
            robots(origin, routes);
        }
        routes.forEach((route, target) -> findings.add(new Finding(target, null, -1, Rule.DISCOVERY_ROUTE, null,
                "a discovery route", route + " leads to " + target)));
        Set<URI> targets = new LinkedHashSet<>(routes.values());
        if (targets.size() > 1) {
            findings.add(origin, null, -1, Rule.DISCOVERY_DISAGREE, "the routes lead to different documents: "
                    + routes);
        }
        if (given != null) {
            return given;
        }
        if (targets.isEmpty()) {
            findings.add(start, null, -1, Rule.DISCOVERY_NONE, page.failure() != null ? page.failure()
                    : "no route from " + start + " leads to a Source Description or Capability List");
            return null;
        }
        return targets.iterator().next();
    }

    private void follow(Map<String, URI> routes, String route, URI target) {
        if (target == null) {
            return;
        }
        Probe p = probe(target);
        if (p.isSource()) {
            routes.put(route, p.uri());
        } else {
            findings.add(target, null, -1, Rule.DOCUMENT_UNREACHABLE, "a Source Description or Capability List at"
                    + " the end of " + route, p.failure() != null ? p.failure() : "capability " + p.capability());
        }
    }

    private void robots(URI origin, Map<String, URI> routes) {
        HttpAnswer answer;
        try {
            answer = fetcher.send("GET", origin.resolve("/robots.txt"), null, Map.of());
        } catch (IOException e) {
            return;
        }
        if (!answer.ok()) {
            return;
        }
        int seen = 0;
        for (String line : answer.text().split("\\R")) {
            String l = line.trim();
            if (l.regionMatches(true, 0, "Sitemap:", 0, 8) && seen++ < MAX_ROBOTS_SITEMAPS) {
                URI target;
                try {
                    target = origin.resolve(l.substring(8).trim());
                } catch (IllegalArgumentException e) {
                    continue;
                }
                Probe p = probe(target);
                if (p.isSource()) {
                    routes.put("robots.txt Sitemap: " + target, p.uri());
                }
            }
        }
    }

    private Probe probe(URI uri) {
        try (DocumentResponse response = fetcher.fetchDocument(uri, Validators.NONE)) {
            BufferedInputStream in = new BufferedInputStream(response.body(), SNIFF_BYTES);
            in.mark(SNIFF_BYTES);
            String head = new String(in.readNBytes(SNIFF_BYTES / 2), StandardCharsets.ISO_8859_1);
            in.reset();
            String lower = head.toLowerCase(Locale.ROOT);
            URI link = LinkHeaders.find(response.headers("Link"), response.uri(), "resourcesync");
            if (lower.contains("urlset") || lower.contains("sitemapindex")) {
                try (SitemapDocument doc = reader.open(in, response.uri())) {
                    return new Probe(response.uri(), doc.header().capability(), link, null, null);
                } catch (IOException e) {
                    return new Probe(response.uri(), null, link, null, e.getMessage());
                }
            }
            URI html = lower.contains("<link") ? Discovery.htmlLink(head, response.uri()) : null;
            return new Probe(response.uri(), null, link, html, null);
        } catch (IOException e) {
            return new Probe(uri, null, null, null, e.getMessage());
        }
    }

    private static URI origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.startsWith("http") || uri.getRawAuthority() == null) {
            return null;
        }
        return URI.create(scheme + "://" + uri.getRawAuthority() + "/");
    }
}
