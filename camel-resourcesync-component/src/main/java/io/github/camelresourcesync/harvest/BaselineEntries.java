package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * The resources a baseline walks: the entries of a Resource List (index), or the manifest entries of a Resource
 * Dump's packages. One baseline logic ({@link BaselineSteps}) serves both.
 */
public interface BaselineEntries extends AutoCloseable {

    /** Opens the entries of one baseline. */
    @FunctionalInterface
    interface Opener {
        /** @param conditional ask for the root document conditionally */
        BaselineEntries open(boolean conditional) throws IOException;
    }

    /** {@code true} when the root document answered 304: nothing changed since the last complete baseline. */
    boolean rootUnchanged();

    /** @return the next resource entry, or {@code null} when done */
    Entry next() throws IOException;

    /** The document that listed the entry {@link #next()} returned last. */
    URI currentDocument();

    /** The capability the events carry ({@code resourcelist}, {@code resourcedump}). */
    String capability();

    /** When the Source took the snapshot, or {@code null} when not known for every document. */
    Instant snapshotTime();

    Validators rootValidators();

    /**
     * The body of the event for the entry {@link #next()} returned last, when the entries bring it along; {@code null}
     * when it is to be fetched from the resource's location.
     */
    CompletableFuture<Content> content(SyncEvent event);

    @Override
    void close();
}
