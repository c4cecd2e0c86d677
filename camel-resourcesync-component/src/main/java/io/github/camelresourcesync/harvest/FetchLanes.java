package io.github.camelresourcesync.harvest;

import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The content fetches of one run on a shared pool, at most {@code lanes} at a time. A lane is one pool task that runs
 * queued fetches one after another until the queue is empty: while fetches keep coming, a lane takes the next one
 * itself instead of a new task waking a parked pool thread for each fetch (measured: that hand-off cost the consumer
 * thread more than the rest of an event's delivery). A lane ends when it finds nothing to do, so an idle run holds no
 * thread.
 */
final class FetchLanes {

    private record Job<T>(Callable<T> fetch, CompletableFuture<T> result) {
        void run() {
            if (result.isDone()) {
                return; // cancelled by a consumer that stopped waiting
            }
            try {
                T value = fetch.call();
                if (!result.complete(value)) {
                    release(value); // cancelled while it was fetched (the run closed, a wait timed out)
                }
            } catch (Throwable t) {
                // an Error too (OutOfMemoryError): the event fails with it instead of waiting for ever
                result.completeExceptionally(t);
            }
        }
    }

    /** Closes a fetch's result that no one else can release any more (an {@link AutoCloseable} one). */
    static void release(Object result) {
        if (result instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // released as far as it can be; nothing refers to it any more
            }
        }
    }

    /** the pool a lane starts on (read as each lane starts, like {@link #lanes}) */
    private final Supplier<Executor> pool;
    /** how many lanes may run now (read as each lane starts: it may change during a run) */
    private final IntSupplier lanes;
    private final Queue<Job<?>> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger active = new AtomicInteger();

    FetchLanes(Executor pool, int lanes) {
        this(() -> pool, () -> lanes);
    }

    FetchLanes(Supplier<Executor> pool, IntSupplier lanes) {
        this.pool = pool;
        this.lanes = lanes;
    }

    private int lanes() {
        return Math.max(1, lanes.getAsInt());
    }

    /**
     * Queues a fetch (it may throw anything, which fails that fetch only); its result completes when a lane has run it.
     *
     * @throws RejectedExecutionException when the pool takes no more tasks (it is shut down); every fetch still queued
     *                                    fails with it
     */
    <T> CompletableFuture<T> submit(Callable<T> fetch) {
        CompletableFuture<T> result = new CompletableFuture<>();
        queue.add(new Job<>(fetch, result));
        startLaneIfNeeded();
        return result;
    }

    private void startLaneIfNeeded() {
        int lanes = lanes();
        for (int n = active.get(); n < lanes && !queue.isEmpty(); n = active.get()) {
            if (active.compareAndSet(n, n + 1)) {
                try {
                    pool.get().execute(this::lane);
                } catch (RejectedExecutionException e) {
                    active.decrementAndGet();
                    for (Job<?> job; (job = queue.poll()) != null; ) {
                        job.result().completeExceptionally(e);
                    }
                    throw e;
                }
                return;
            }
        }
    }

    private void lane() {
        while (true) {
            Job<?> job = queue.poll();
            if (job != null) {
                job.run();
                continue;
            }
            active.decrementAndGet();
            // a fetch queued after the poll above but before the decrement saw this lane as busy: take it on
            if (queue.isEmpty() || !reclaim()) {
                return;
            }
        }
    }

    /** Counts this lane as running again, unless others already fill every lane. */
    private boolean reclaim() {
        int lanes = lanes();
        for (int n = active.get(); n < lanes; n = active.get()) {
            if (active.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }
}
