package io.github.camelresourcesync.harvest;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * Reads the bitstreams of a dump in runs: consecutive wanted bitstreams of one package (up to {@link #MAX_ENTRIES}
 * entries or {@link #MAX_BYTES} bytes) are read by one pool task rather than one task each. Measured: the hand-off,
 * future and wake-up of a task per resource cost about 0.3 CPU-s per 100,000 small resources.
 *
 * <p>
 * Only bitstreams asked for by {@link #read} join a run (an unchanged resource is never asked for, so never
 * inflated). Each gets its own future, completed as soon as its entry is read and verified, or failed with exactly the
 * failure a read of its own would have had: a bad entry fails its own event only, its neighbours are read on. A run is
 * handed to the pool when it is full, when a read for another package begins, at {@link #flush()}, or as soon as
 * anyone waits for (or cancels) one of its futures, so a partial run never holds up delivery. Used by the one thread
 * that pulls steps; {@link SyncRun} counts a run once in its window of fetches in flight ({@link Member#opensRun()}).
 */
final class BitstreamRuns {

    /** Longest run in entries: small enough that the first entries of a run are not held up long. */
    static final int MAX_ENTRIES = 64;
    /** Longest run in (inflated) bytes; a single larger bitstream makes a run of its own. */
    static final long MAX_BYTES = 256 * 1024;

    private final PackageLoader loader;
    private Run open;

    BitstreamRuns(PackageLoader loader) {
        this.loader = loader;
    }

    /** The body of {@code b}, read and verified in a run with the bitstreams asked for next. */
    CompletableFuture<Content> read(PackageLoader.Opened pkg, Bitstream b, SyncEvent event) {
        if (open != null && open.pkg != pkg) {
            flush();
        }
        if (open != null) {
            Member m = new Member(open, b, event, false);
            // refused when someone already waited for a member and so started the run: a new run begins
            if (open.add(m, pkg.dump().size(b))) {
                flushIfFull();
                return m;
            }
            open = null;
        }
        open = new Run(loader, pkg);
        Member m = new Member(open, b, event, true);
        open.add(m, pkg.dump().size(b));
        flushIfFull();
        return m;
    }

    private void flushIfFull() {
        if (open.full()) {
            flush();
        }
    }

    /** Hands the run being gathered to the pool. */
    void flush() {
        if (open != null) {
            Run r = open;
            open = null;
            r.submit();
        }
    }

    /** The bitstreams of one run, in the order asked for; holds its package open until read. */
    static final class Run {
        private final PackageLoader loader;
        final PackageLoader.Opened pkg;
        final List<Member> members = new ArrayList<>();
        private long bytes;
        private boolean submitted;

        private Run(PackageLoader loader, PackageLoader.Opened pkg) {
            this.loader = loader;
            this.pkg = pkg;
            pkg.retain();
        }

        /** Adds a member unless the run was started already. */
        private synchronized boolean add(Member m, long size) {
            if (submitted) {
                return false;
            }
            members.add(m);
            bytes += size;
            return true;
        }

        private synchronized boolean full() {
            return members.size() >= MAX_ENTRIES || bytes >= MAX_BYTES;
        }

        /** Starts reading once (later calls do nothing); no member joins after this. */
        void submit() {
            synchronized (this) {
                if (submitted) {
                    return;
                }
                submitted = true;
            }
            loader.readRun(this);
        }
    }

    /** The future of one bitstream of a run: waiting for it (or cancelling it) starts its run if not yet started. */
    static final class Member extends CompletableFuture<Content> {
        final Run run;
        final Bitstream bitstream;
        final SyncEvent event;
        private final boolean opensRun;

        private Member(Run run, Bitstream bitstream, SyncEvent event, boolean opensRun) {
            this.run = run;
            this.bitstream = bitstream;
            this.event = event;
            this.opensRun = opensRun;
        }

        /** True for the first member of its run: the one that counts as a fetch in flight. */
        boolean opensRun() {
            return opensRun;
        }

        @Override
        public Content get() throws InterruptedException, ExecutionException {
            run.submit();
            return super.get();
        }

        @Override
        public Content get(long timeout, TimeUnit unit)
                throws InterruptedException, ExecutionException, TimeoutException {
            run.submit();
            return super.get(timeout, unit);
        }

        @Override
        public Content join() {
            run.submit();
            return super.join();
        }

        /** Cancelled members are skipped by the run; submitting it releases its package. */
        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            run.submit();
            return cancelled;
        }
    }
}
