package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.model.Entry;

/** An incremental pass (from Change Lists or Change Dumps) whose documents may start after the resume point. */
interface IncrementalPass extends StepSource {

    /** The Change List or Change Dump the pass reads. */
    URI document();

    Instant resumeTime();

    /** When the changes the pass reads start, or {@code null} when not known. */
    Instant coverageStart();

    /** {@code true} when the documents start after the resume point: some changes are not in them any more. */
    default boolean gap() {
        return resumeTime() != null && coverageStart() != null && coverageStart().isAfter(resumeTime());
    }

    /** Documents the pass reads anyway, so an archive does not replay them twice. */
    Set<URI> listed();

    /** Reads these archived documents (oldest first) before the current ones. */
    void replayFirst(List<Entry> archived);
}
