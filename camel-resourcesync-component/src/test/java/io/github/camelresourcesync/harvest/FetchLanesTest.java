package io.github.camelresourcesync.harvest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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
}
