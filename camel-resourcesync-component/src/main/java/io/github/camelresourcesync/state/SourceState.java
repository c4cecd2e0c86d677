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
 * @param resumeEventIds       ids of the events completed at exactly {@code resumeTime}, so nothing repeats at the
 *                             boundary
 * @param cursor               free-form progress marker of the source's harvester (e.g. a feed's stop point); nullable
 */
public record SourceState(
        boolean baselineComplete,
        long baselineGeneration,
        Instant resumeTime,
        Set<String> resumeEventIds,
        String cursor) {

    public static final SourceState INITIAL = new SourceState(false, 0, null, Set.of(), null);

    public SourceState {
        resumeEventIds = resumeEventIds == null ? Set.of() : Set.copyOf(resumeEventIds);
    }

    public SourceState withBaseline(boolean complete, long generation) {
        return new SourceState(complete, generation, resumeTime, resumeEventIds, cursor);
    }

    public SourceState withResume(Instant time, Set<String> eventIds) {
        return new SourceState(baselineComplete, baselineGeneration, time, eventIds, cursor);
    }

    public SourceState withCursor(String newCursor) {
        return new SourceState(baselineComplete, baselineGeneration, resumeTime, resumeEventIds, newCursor);
    }
}
