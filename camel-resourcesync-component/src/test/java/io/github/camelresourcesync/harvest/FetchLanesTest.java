package io.github.camelresourcesync.harvest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Content fetches on a shared pool: at most so many lanes at once, a failure fails its fetch only, a cancelled fetch
 * is not run, fetches queued when the pool refuses a lane fail with it, and lanes end when nothing is left to fetch.
 */
class FetchLanesTest {

    private final ExecutorService pool = Executors.newFixedThreadPool(8);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void runsAtMostItsLanesAtOnceAndEveryFetchCompletes() throws Exception {
        FetchLanes lanes = new FetchLanes(pool, 3);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<CompletableFuture<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            int n = i;
            results.add(lanes.submit(() -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                Thread.sleep(1);
                running.decrementAndGet();
                return n;
            }));
        }
        for (int i = 0; i < results.size(); i++) {
            assertEquals(i, results.get(i).get(30, TimeUnit.SECONDS));
        }
        assertTrue(most.get() <= 3, most.get() + " fetches ran at once");
    }

    @Test
    void anExceptionOrAnErrorFailsItsFetchOnlyAndTheLaneGoesOn() throws Exception {
        FetchLanes lanes = new FetchLanes(pool, 1);
        CompletableFuture<String> failed = lanes.submit(() -> {
            throw new IOException("refused");
        });
        CompletableFuture<String> died = lanes.submit(() -> {
            throw new OutOfMemoryError("simulated");
        });
        CompletableFuture<String> after = lanes.submit(() -> "fetched");
        assertInstanceOf(IOException.class, assertThrows(ExecutionException.class,
                () -> failed.get(30, TimeUnit.SECONDS)).getCause());
        assertInstanceOf(OutOfMemoryError.class, assertThrows(ExecutionException.class,
                () -> died.get(30, TimeUnit.SECONDS)).getCause());
        assertEquals("fetched", after.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aCancelledFetchIsNotRun() throws Exception {
        FetchLanes lanes = new FetchLanes(pool, 1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = lanes.submit(() -> {
            release.await();
            return "first";
        });
        AtomicInteger ran = new AtomicInteger();
        CompletableFuture<String> cancelled = lanes.submit(() -> {
            ran.incrementAndGet();
            return "second";
        });
        cancelled.cancel(true);
        release.countDown();
        assertEquals("first", first.get(30, TimeUnit.SECONDS));
        assertEquals("third", lanes.submit(() -> "third").get(30, TimeUnit.SECONDS));
        assertEquals(0, ran.get());
    }

    @Test
    void aPoolThatTakesNoMoreTasksFailsTheFetchInsteadOfLeavingItWaiting() {
        pool.shutdown();
        FetchLanes lanes = new FetchLanes(pool, 2);
        assertThrows(RejectedExecutionException.class, () -> lanes.submit(() -> "never"));
    }

    @Test
    void fetchesQueuedBehindABusyLaneFailWhenThePoolRefusesAnotherLane() throws Exception {
        // one thread and room for one waiting task: a third lane is refused
        ThreadPoolExecutor small = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
        try {
            FetchLanes lanes = new FetchLanes(small, 3);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<String> first = lanes.submit(() -> {
                started.countDown();
                release.await();
                return "first";
            });
            assertTrue(started.await(30, TimeUnit.SECONDS));
            AtomicInteger ran = new AtomicInteger();
            CompletableFuture<Integer> queued = lanes.submit(ran::incrementAndGet); // its lane waits in the pool
            assertThrows(RejectedExecutionException.class, () -> lanes.submit(ran::incrementAndGet));
            assertTrue(queued.isCompletedExceptionally(), "failed at once, not left waiting");
            assertInstanceOf(RejectedExecutionException.class, assertThrows(ExecutionException.class,
                    () -> queued.get(30, TimeUnit.SECONDS)).getCause());
            release.countDown();
            assertEquals("first", first.get(30, TimeUnit.SECONDS));
            small.shutdown();
            assertTrue(small.awaitTermination(30, TimeUnit.SECONDS));
            assertEquals(0, ran.get(), "neither refused fetch is made later");
        } finally {
            small.shutdownNow();
        }
    }

    @Test
    void anIdleRunHoldsNoThread() throws Exception {
        FetchLanes lanes = new FetchLanes(pool, 3);
        List<CompletableFuture<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int n = i;
            results.add(lanes.submit(() -> n));
        }
        for (int i = 0; i < results.size(); i++) {
            assertEquals(i, results.get(i).get(30, TimeUnit.SECONDS));
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "every lane ended once nothing was left to fetch");
    }
}
