package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.state.SourceState;

/**
 * An incremental pass (from Change Lists or Change Dumps) whose documents may start after the resume point: what both
 * kinds read from the Source's state when they are planned.
 */
abstract class IncrementalPass implements StepSource {

    protected final DiscoveredSource source;
    protected final HarvestContext ctx;
    private final URI document;
    protected final Instant resumeTime;
    /** the events delivered at the resume time, so a change at that very time is not delivered twice */
    protected final Set<String> resumeIds;
    protected final long generation;
    protected Instant coverageStart;

    protected IncrementalPass(DiscoveredSource source, URI document, HarvestContext ctx, SourceState state) {
        this.source = source;
        this.document = document;
        this.ctx = ctx;
        this.resumeTime = state.resumeTime();
        this.resumeIds = state.resumeEventIds();
        this.generation = state.baselineGeneration();
    }

    /** The Change List or Change Dump the pass reads. */
    final URI document() {
        return document;
    }

    final Instant resumeTime() {
        return resumeTime;
    }

    /** When the changes the pass reads start, or {@code null} when not known. */
    final Instant coverageStart() {
        return coverageStart;
    }

    /** {@code true} when the documents start after the resume point: some changes are not in them any more. */
    final boolean gap() {
        return resumeTime != null && coverageStart != null && coverageStart.isAfter(resumeTime);
    }

    /** Documents the pass reads anyway, so an archive does not replay them twice. */
    abstract Set<URI> listed();

    /** Reads these archived documents (oldest first) before the current ones. */
    abstract void replayFirst(List<Entry> archived);
}
