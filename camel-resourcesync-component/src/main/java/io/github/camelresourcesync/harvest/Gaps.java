package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.xml.SitemapDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gaps in the Change Lists of the followed Sources that a baseline cannot close, and the snapshot times that
 * decide it: a re-baseline closes a gap only when the Resource List (or Resource Dump) it reads is at least as new as
 * the Change Lists' start. Kept in memory: after a restart a gap whose changes were applied is not reported again.
 */
final class Gaps {

    private static final Logger LOG = LoggerFactory.getLogger(Gaps.class);

    /** A gap and, once one was started to close it, the baseline generation that does. */
    private record Open(GapListener.Gap gap, long closingGeneration) {
    }

    /** A snapshot document's {@code at} and the validators it was read with, to ask for it conditionally. */
    private record Seen(Validators validators, Instant at) {
    }

    private final Map<String, Open> open = new ConcurrentHashMap<>();
    private final Map<URI, Seen> snapshots = new ConcurrentHashMap<>();
    private volatile GapListener listener = GapListener.NOOP;

    void listener(GapListener value) {
        this.listener = value == null ? GapListener.NOOP : value;
    }

    boolean isOpen(String key) {
        return open.containsKey(key);
    }

    Instant listsStart(String key) {
        Open o = open.get(key);
        return o == null ? null : o.gap().listsStart();
    }

    /**
     * The time of the snapshot a baseline would read now: the {@code at} (or 0.9 {@code modified}) of the Resource
     * List or Resource Dump document, fetched conditionally; {@code null} when it gives none.
     */
    Instant snapshotTime(URI root, Capability kind, DocumentLoader loader) throws IOException {
        Seen seen = snapshots.get(root);
        DocumentLoader.Opened opened = loader.openIfChanged(root, kind,
                seen == null ? Validators.NONE : seen.validators());
        if (opened == null) {
            return seen.at();
        }
        try (SitemapDocument doc = opened.document()) {
            Metadata md = doc.header().md();
            Instant at = md.at() != null ? md.at() : md.modified();
            if (opened.validators() != null && !opened.validators().isEmpty()) {
                snapshots.put(root, new Seen(opened.validators(), at));
            }
            return at;
        }
    }

    /** Records a gap; the listener hears of it once. */
    void opened(GapListener.Gap gap) {
        Open before = open.get(gap.sourceKey());
        if (before != null && before.gap().listsStart().equals(gap.listsStart())) {
            return;
        }
        open.put(gap.sourceKey(), new Open(gap, 0));
        LOG.warn("{}: {}. Applying the Change Lists from the resume point on; a baseline closes the gap once the Source"
                 + " publishes a Resource List as of {} or later", gap.sourceKey(), gap.describe(), gap.listsStart());
        listener.gapOpened(gap);
    }

    /** A baseline of generation {@code generation} was started to close the open gap of {@code key}, if any. */
    void closing(String key, long generation) {
        open.computeIfPresent(key, (k, o) -> new Open(o.gap(), generation));
    }

    /** Closes the gap of {@code key} once the baseline started for it has completed (its state is committed). */
    void update(String key, SourceState state) {
        Open o = open.get(key);
        if (o != null && o.closingGeneration() > 0 && state.baselineComplete()
            && state.baselineGeneration() >= o.closingGeneration()) {
            open.remove(key);
            LOG.info("{}: the gap before {} is closed by the completed baseline", key, o.gap().listsStart());
            listener.gapClosed(key);
        }
    }
}
