package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * An {@code rs:ln} element: a typed link from a document or an entry (mirrors, alternates, patches, provenance, up,
 * index, describedby, hub, contents). {@code href} is absolute (resolved against the document URI).
 */
public record Link(
        String rel,
        URI href,
        Hashes hash,
        Long length,
        Instant modified,
        String path,
        Integer pri,
        String type,
        String encoding) {

    public Link {
        hash = hash == null ? Hashes.EMPTY : hash;
    }

    public static Link of(String rel, URI href) {
        return new Link(rel, href, Hashes.EMPTY, null, null, null, null, null, null);
    }

    /** The first link whose relation includes {@code rel}, or {@code null}. */
    public static Link first(List<Link> links, String rel) {
        for (Link l : links) {
            if (l.hasRel(rel)) {
                return l;
            }
        }
        return null;
    }

    /** {@code true} when {@code rel} contains the given relation (rel may hold several space-separated values). */
    public boolean hasRel(String relation) {
        if (rel == null) {
            return false;
        }
        for (String r : rel.trim().split("\\s+")) {
            if (r.equalsIgnoreCase(relation)) {
                return true;
            }
        }
        return false;
    }
}
