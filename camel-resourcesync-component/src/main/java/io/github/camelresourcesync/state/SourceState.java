package io.github.camelresourcesync.state;

import java.time.Instant;
import java.util.Set;

/**
 * What a destination knows about one source (one Capability List, one META-SHARE node, one feed).
 *
 * @param baselineComplete     a baseline finished, so incremental sync may run
 * @param baselineGeneration   increments with each baseline run; resources seen in a run carry its number, so the
 *                             ones left with an older number after a complete run have vanished from the Source
 * @param resumeTime           the Source's own time of the last completed change (never the destination's clock);
 *                             {@code null} when unknown (incremental sync then starts at the oldest change listed)
 * @param resumeEventIds       what identifies the changes completed at exactly {@code resumeTime} (for ResourceSync
 *                             the event id, kind and version of each), so nothing repeats or is skipped at the boundary
 * @param cursor               free-form progress marker of the source's harvester (e.g. a feed's stop point); nullable
 * @param baselineSweeps       the baseline under way reports what is no longer listed as deleted when it ends
 *                             ({@code emitDeletes}, or a baseline that closes a gap in the Change Lists), so that its
 *                             continuation after a poll limit or a crash does too
 */
public record SourceState(
        boolean baselineComplete,
        long baselineGeneration,
        Instant resumeTime,
        Set<String> resumeEventIds,
        String cursor,
        boolean baselineSweeps) {

    public static final SourceState INITIAL = new SourceState(false, 0, null, Set.of(), null);

    public SourceState {
        resumeEventIds = resumeEventIds == null ? Set.of() : Set.copyOf(resumeEventIds);
    }

    /** A state whose baseline, if one is under way, does not sweep. */
    public SourceState(boolean baselineComplete, long baselineGeneration, Instant resumeTime,
                       Set<String> resumeEventIds, String cursor) {
        this(baselineComplete, baselineGeneration, resumeTime, resumeEventIds, cursor, false);
    }

    public SourceState withBaseline(boolean complete, long generation) {
        return new SourceState(complete, generation, resumeTime, resumeEventIds, cursor, baselineSweeps);
    }

    public SourceState withBaselineSweeps(boolean sweeps) {
        return new SourceState(baselineComplete, baselineGeneration, resumeTime, resumeEventIds, cursor, sweeps);
    }

    public SourceState withResume(Instant time, Set<String> eventIds) {
        return new SourceState(baselineComplete, baselineGeneration, time, eventIds, cursor, baselineSweeps);
    }

    public SourceState withCursor(String newCursor) {
        return new SourceState(baselineComplete, baselineGeneration, resumeTime, resumeEventIds, newCursor,
                baselineSweeps);
    }
}
