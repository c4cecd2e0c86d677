package io.github.camelresourcesync.harvest;

import java.io.IOException;

/** Produces the steps of one part of a run (a baseline, an incremental pass), lazily and in order. */
public interface StepSource extends AutoCloseable {

    /** @return the next step, or {@code null} when done */
    Step next() throws IOException;

    @Override
    default void close() {
    }
}
