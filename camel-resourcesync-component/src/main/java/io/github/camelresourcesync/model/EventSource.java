package io.github.camelresourcesync.model;

import java.io.IOException;

/**
 * What a consumer polls: the harvester of one source (a ResourceSync Source, an Atom-PMH feed, a META-SHARE node),
 * which opens one {@link EventRun} per poll.
 */
public interface EventSource {

    /** Opens one pass over the source, handing out at most {@code maxEvents} events ({@code <= 0}: no limit). */
    EventRun startRun(long maxEvents) throws IOException;

    /** Forgets what it cached (documents, a session) after a failed poll; by default it caches nothing. */
    default void invalidate() {
    }
}
