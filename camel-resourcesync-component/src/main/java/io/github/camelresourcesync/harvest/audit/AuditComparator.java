package io.github.camelresourcesync.harvest.audit;

import java.time.Instant;
import java.util.Map;

import io.github.camelresourcesync.model.Entry;

/**
 * Decides whether what a destination has of a listed resource is the listed version: by hash where the Source
 * publishes one the destination also has, else by length and {@code lastmod}. Unlike a baseline (which re-delivers
 * what it cannot compare), an audit reports what it cannot compare as unverified, not as changed.
 */
final class AuditComparator {

    enum Kind {
        SAME,
        CHANGED,
        /** neither a shared hash algorithm, nor length, nor lastmod to compare */
        UNVERIFIED
    }

    /** @param reason what differs, for {@code CHANGED}; what was compared, otherwise */
    record Verdict(Kind kind, String reason) {
    }

    private AuditComparator() {
    }

    static Verdict compare(Entry listed, AuditDestination.Held held) {
        boolean hashed = false;
        for (Map.Entry<String, String> published : listed.md().hash().digests().entrySet()) {
            String found = held.hash().get(published.getKey());
            if (found == null) {
                continue;
            }
            if (!found.equals(published.getValue())) {
                return new Verdict(Kind.CHANGED, published.getKey() + " differs: listed " + published.getValue()
                                                 + ", destination has " + found);
            }
            hashed = true;
        }
        if (hashed) {
            return new Verdict(Kind.SAME, "hash");
        }
        boolean compared = false;
        Long length = listed.md().length();
        if (length != null && held.length() != null) {
            if (!length.equals(held.length())) {
                return new Verdict(Kind.CHANGED, "length differs: listed " + length + " bytes, destination has "
                                                 + held.length() + " bytes");
            }
            compared = true;
        }
        Instant lastmod = listed.lastmod();
        if (lastmod != null && held.lastmod() != null) {
            if (held.fileTime()) {
                // a file's time is when it was written unless the mirror set it to lastmod: only older is stale;
                // compared to the second, as file systems and lists round differently
                if (lastmod.getEpochSecond() > held.lastmod().getEpochSecond()) {
                    return new Verdict(Kind.CHANGED, "lastmod " + lastmod + " is newer than the file's "
                                                     + held.lastmod());
                }
            } else if (!lastmod.equals(held.lastmod())) {
                return new Verdict(Kind.CHANGED, "lastmod differs: listed " + lastmod + ", destination has "
                                                 + held.lastmod());
            }
            compared = true;
        }
        return compared ? new Verdict(Kind.SAME, "length/lastmod") : new Verdict(Kind.UNVERIFIED, "nothing to compare");
    }
}
