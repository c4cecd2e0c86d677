package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run engine on its own, with no HTTP and no Camel: items are numbers, each fetch a future the test completes when
 * and how it likes (out of order, failed, never), and the commits are recorded. Negative numbers are markers, 0 a
 * barrier; a fetch failing "gone" skips its item.
 */
class FetchAheadRunTest {

    /** A fetched body that remembers being released. */
    static final class Body implements AutoCloseable {
        final int item;
        boolean closed;

        Body(int item) {
            this.item = item;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** A scheme over a list of numbers whose fetches the test completes. */
    static final class Numbers extends FetchAheadRun<Integer, Body> {
        final Deque<Integer> listing;
        final Map<Integer, CompletableFuture<Body>> fetches = new HashMap<>();
        final List<Integer> pulled = new ArrayList<>();
        final List<String> commits = new ArrayList<>();

        Numbers(int parallelism, boolean fetching, long maxEvents, Duration waitLimit, boolean ordered,
                Integer... items) {
            super(new Fetching(Runnable::run, parallelism, waitLimit), fetching, maxEvents, ordered,
                    new StateBuffer(new InMemoryStateStore()), new SyncProgress("test", 0));
            this.listing = new ArrayDeque<>(List.of(items));
        }

        @Override
        protected Integer pull() {
            Integer i = listing.poll();
            if (i != null) {
                pulled.add(i);
            }
            return i;
        }

        @Override
        protected CompletableFuture<Body> fetch(Integer item) {
            return fetches.computeIfAbsent(item, i -> new CompletableFuture<>());
        }

        @Override
        protected boolean isEvent(Integer item) {
            return item > 0;
        }

        @Override
        protected boolean isBarrier(Integer item) {
            return item == 0;
        }

        @Override
        protected PendingEvent resolve(Integer item, Body fetched, Exception failure) {
            if (failure instanceof FetchException fe && fe.isGone()) {
                return null;
            }
            if (fetched != null && fetched.item != item) {
                throw new AssertionError(item + " got the body of " + fetched.item);
            }
            return new PendingEvent(event(item), failure, "token " + item);
        }

        @Override
        protected void commit(Integer item, Outcome outcome, PendingEvent handedOut) {
            commits.add(item + " " + outcome + (handedOut == null ? "" : " " + handedOut.token()));
        }

        @Override
        protected URI location(Integer item) {
            return URI.create("https://example.org/" + item);
        }

        void complete(int item) {
            fetch(item).complete(new Body(item));
        }

        /** Delivers every event handed out until the end of the batch; returns their items. */
        List<Integer> deliverBatch() throws IOException {
            List<Integer> items = new ArrayList<>();
            for (PendingEvent p; (p = next()) != null; ) {
                items.add(item(p));
                delivered(p);
            }
            return items;
        }
    }

    private static SyncEvent event(int item) {
        return new SyncEvent("key", URI.create("https://example.org/" + item), ChangeType.CREATED,
                Instant.EPOCH, Instant.EPOCH, Hashes.EMPTY, null, null, "changelist", null, List.of(), "id" + item,
                item + ".txt", null, null);
    }

    private static Numbers run(int parallelism, Integer... items) {
        return new Numbers(parallelism, true, 0, Duration.ofSeconds(30), true, items);
    }

    @Test
    void handsOutEventsInListingOrderWhateverOrderTheFetchesCompleteIn() throws Exception {
        try (Numbers run = run(2, 1, 2, 3, 4)) {
            run.complete(4);
            run.complete(3);
            run.complete(2);
            assertNull(run.nextIfReady(), "the head is not fetched yet: nothing is ready");
            run.complete(1);
            List<Integer> order = new ArrayList<>();
            for (PendingEvent p; (p = run.nextIfReady()) != null; ) {
                order.add(run.item(p));
                run.delivered(p);
            }
            assertEquals(List.of(1, 2, 3, 4), order);
            assertFalse(run.hasMore());
            assertEquals(List.of("1 DELIVERED token 1", "2 DELIVERED token 2", "3 DELIVERED token 3",
                    "4 DELIVERED token 4"), run.commits);
            assertEquals(4, run.progress().events());
        }
    }

    @Test
    void fetchesAtMostTwiceTheParallelismAheadAndOneItemWhenFetchingNothing() throws Exception {
        Integer[] items = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
        try (Numbers run = run(2, items)) {
            run.complete(1);
            PendingEvent first = run.next();
            assertEquals(1, run.item(first));
            assertEquals(List.of(1, 2, 3, 4), run.pulled, "a window of 2 x 2 items");
            assertEquals(4, run.fetches.size());
            run.delivered(first);
            assertNull(run.nextIfReady());
            assertEquals(5, run.pulled.size(), "one more as one left the window");
        }
        try (Numbers run = new Numbers(2, false, 0, null, true, items)) {
            run.complete(1);
            run.next();
            assertEquals(List.of(1), run.pulled);
        }
    }

    @Test
    void handsOutNoMoreThanTheEventLimit() throws Exception {
        try (Numbers run = new Numbers(1, true, 2, null, true, 1, 2, 3)) {
            List.of(1, 2, 3).forEach(run::complete);
            assertEquals(List.of(1, 2), run.deliverBatch());
            assertFalse(run.hasMore());
            assertNull(run.next());
        }
    }

    @Test
    void aFailedFetchFailsItsOwnEventAndAGoneOneIsSkippedInItsPlace() throws Exception {
        try (Numbers run = run(4, 1, 2, 3, 4)) {
            run.complete(1);
            run.fetch(2).completeExceptionally(new IOException("reset"));
            run.fetch(3).completeExceptionally(new FetchException(URI.create("https://example.org/3"), 404, "gone"));
            run.complete(4);
            PendingEvent one = run.next();
            PendingEvent two = run.next();
            assertTrue(two.failed());
            assertEquals("reset", two.failure().getMessage());
            PendingEvent four = run.next();
            assertEquals(4, run.item(four), "3 is gone: skipped");
            run.delivered(four);
            run.delivered(one);
            assertEquals(List.of("1 DELIVERED token 1"), run.commits, "2 is not reported yet: nothing after it");
            run.givenUp(two);
            assertEquals(List.of("1 DELIVERED token 1", "2 PASSED token 2", "3 SKIPPED", "4 DELIVERED token 4"),
                    run.commits);
            assertEquals(1, run.progress().failedCount());
        }
    }

    @Test
    void anUnorderedRunCommitsEachReportAtOnce() throws Exception {
        try (Numbers run = new Numbers(2, true, 0, null, false, 1, 2)) {
            run.complete(1);
            run.complete(2);
            PendingEvent one = run.next();
            PendingEvent two = run.next();
            run.delivered(two);
            assertEquals(List.of("2 DELIVERED token 2"), run.commits);
            run.givenUp(one);
            assertEquals(List.of("2 DELIVERED token 2", "1 PASSED token 1"), run.commits);
        }
    }

    @Test
    void aStoppedRunCommitsNothingAfterTheStopAndEnds() throws Exception {
        try (Numbers run = run(2, 1, 2, 3)) {
            List.of(1, 2, 3).forEach(run::complete);
            PendingEvent one = run.next();
            PendingEvent two = run.next();
            run.stop(one);
            run.delivered(two);
            assertEquals(List.of(), run.commits);
            assertFalse(run.hasMore());
            assertNull(run.next());
        }
    }

    @Test
    void markersCommitInTheirPlaceAndABarrierWaitsForEverythingBeforeIt() throws Exception {
        try (Numbers run = run(2, 1, -1, 0, 2)) {
            run.complete(1);
            run.complete(2);
            PendingEvent one = run.next();
            assertNull(run.next(), "the barrier waits for 1 to be reported");
            assertEquals(List.of(1, -1, 0), run.pulled, "nothing is pulled past a barrier");
            run.delivered(one);
            assertEquals(List.of("1 DELIVERED token 1", "-1 PASSED"), run.commits);
            assertEquals(List.of(2), run.deliverBatch());
            assertEquals(List.of("1 DELIVERED token 1", "-1 PASSED", "0 PASSED", "2 DELIVERED token 2"),
                    run.commits);
        }
    }

    @Test
    void aFetchThatNeverCompletesFailsItsEventAfterTheWaitLimit() throws Exception {
        try (Numbers run = new Numbers(1, true, 0, Duration.ofMillis(50), true, 1)) {
            PendingEvent p = run.next();
            assertTrue(p.failed());
            assertInstanceOf(FetchException.class, p.failure());
            assertTrue(p.failure().getMessage().contains("did not complete within"), p.failure().getMessage());
            assertTrue(run.fetch(1).isCancelled());
        }
    }

    @Test
    void closingCancelsTheFetchesUnderWayAndReleasesWhatWasFetchedAhead() throws Exception {
        Numbers run = run(2, 1, 2, 3, 4, 5);
        run.complete(1);
        run.complete(3);
        PendingEvent one = run.next();
        run.delivered(one);
        Body three = run.fetch(3).join();
        run.close();
        assertTrue(three.closed, "fetched ahead, never handed out: released");
        assertTrue(run.fetch(2).isCancelled());
        assertTrue(run.fetch(4).isCancelled());
        assertFalse(run.fetch(1).join().closed, "handed out: the consumer's to release");
        assertEquals(List.of("1 DELIVERED token 1"), run.commits);
    }
}
