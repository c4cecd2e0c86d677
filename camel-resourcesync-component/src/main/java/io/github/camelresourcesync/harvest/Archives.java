package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.SitemapDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads ResourceSync Archives ({@code changelist-archive}, {@code changedump-archive}, {@code resourcedump-archive},
 * {@code resourcelist-archive}): lists of the documents a Source no longer links from its Capability List, each
 * with the period ({@code from}/{@code until}) or snapshot time ({@code at}) it covers.
 */
final class Archives {

    private static final Logger LOG = LoggerFactory.getLogger(Archives.class);

    private Archives() {
    }

    /**
     * The archived documents that together cover the time from {@code resumeTime} to {@code coverageStart}, oldest
     * first, or {@code null} when the archive leaves part of that time uncovered.
     *
     * @param kind    the archive's capability ({@code changelist-archive} or {@code changedump-archive})
     * @param exclude documents the current pass reads anyway
     */
    static List<Entry> covering(DocumentLoader loader, URI archive, Capability kind, Instant resumeTime,
                                Instant coverageStart, Set<URI> exclude) throws IOException {
        List<Entry> candidates = new ArrayList<>();
        for (Entry e : entries(loader, archive, kind)) {
            Instant from = e.md().from();
            Instant until = e.md().until();
            if (from == null || exclude.contains(e.loc())) {
                continue;
            }
            if (until != null && until.isBefore(resumeTime) || !from.isBefore(coverageStart)) {
                continue; // entirely before the resume point, or within what the current documents cover
            }
            candidates.add(e);
        }
        candidates.sort(Comparator.comparing(e -> e.md().from()));
        if (candidates.isEmpty() || candidates.get(0).md().from().isAfter(resumeTime)) {
            LOG.warn("Archive {} has nothing from {} on; it cannot close the gap to {}", archive, resumeTime,
                    coverageStart);
            return null;
        }
        Instant reach = resumeTime;
        for (Entry e : candidates) {
            if (e.md().from().isAfter(reach)) {
                LOG.warn("Archive {} has no document covering {} to {}; it cannot close the gap", archive, reach,
                        e.md().from());
                return null;
            }
            if (e.md().until() == null) {
                return candidates;
            }
            if (e.md().until().isAfter(reach)) {
                reach = e.md().until();
            }
        }
        if (reach.isBefore(coverageStart)) {
            LOG.warn("Archive {} covers up to {} only; the current documents start at {}", archive, reach,
                    coverageStart);
            return null;
        }
        return candidates;
    }

    /** The archived snapshot (Resource Dump or Resource List) taken last, or {@code null} when there is none. */
    static Entry newest(DocumentLoader loader, URI archive, Capability kind) throws IOException {
        Entry newest = null;
        for (Entry e : entries(loader, archive, kind)) {
            Instant t = snapshot(e);
            if (newest == null || t != null && (snapshot(newest) == null || t.isAfter(snapshot(newest)))) {
                newest = e;
            }
        }
        return newest;
    }

    private static Instant snapshot(Entry e) {
        return e.md().at() != null ? e.md().at() : e.lastmod();
    }

    /** The entries of an archive, following one level of {@code <sitemap>} entries (an archive index). */
    private static List<Entry> entries(DocumentLoader loader, URI archive, Capability kind) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (SitemapDocument doc = loader.open(archive, kind)) {
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                if (doc.header().isIndex()) {
                    try (SitemapDocument part = loader.open(e.loc(), kind)) {
                        for (Entry p = part.next(); p != null; p = part.next()) {
                            entries.add(p);
                        }
                    }
                } else {
                    entries.add(e);
                }
            }
        }
        return entries;
    }
}
