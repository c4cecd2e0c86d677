package io.github.camelresourcesync.harvest;

import java.util.Iterator;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * The dump package a pass is reading (Resource Dump or Change Dump): its bitstreams in the order they are delivered,
 * and the {@link BitstreamRuns} their bodies are read in. One package at a time; {@link #finish()} ends it.
 */
final class PackageReading {

    /** bodies are read in runs of consecutive wanted bitstreams, one pool task per run */
    private final BitstreamRuns runs;
    private PackageLoader.Opened pkg;
    private Iterator<Bitstream> bitstreams;

    PackageReading(PackageLoader loader) {
        this.runs = new BitstreamRuns(loader);
    }

    /** Reads {@code opened} next, its bitstreams in the order of {@code inOrder}. */
    void start(PackageLoader.Opened opened, Iterable<Bitstream> inOrder) {
        this.pkg = opened;
        this.bitstreams = inOrder.iterator();
    }

    /** The package being read, or {@code null} between packages. */
    PackageLoader.Opened pkg() {
        return pkg;
    }

    /** The next bitstream of the package, or {@code null} at its end (or when none is being read). */
    Bitstream next() {
        return bitstreams != null && bitstreams.hasNext() ? bitstreams.next() : null;
    }

    /** The body of {@code b} of {@code opened}, read and verified in a run with the bitstreams asked for next. */
    CompletableFuture<Content> read(PackageLoader.Opened opened, Bitstream b, SyncEvent event) {
        return runs.read(opened, b, event);
    }

    /**
     * The package is read to its end: its last run need not wait to fill up, and it is closed (its file stays until
     * that run has read it).
     */
    void finish() {
        runs.flush();
        if (pkg != null) {
            pkg.close();
            pkg = null;
        }
        bitstreams = null;
    }
}
