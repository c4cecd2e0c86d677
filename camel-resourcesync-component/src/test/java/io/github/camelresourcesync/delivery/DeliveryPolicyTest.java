package io.github.camelresourcesync.delivery;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delivery and failure policy on its own, over a fake run that records what it is told: what follows a delivered
 * event, a failed one with {@code breakOnFirstError} on and off, the {@code maxEventAttempts}-th failure (given up,
 * also counting failures the run remembers from before a restart), {@code maxEventAttempts=0}, and how a batch is
 * pulled from the run and grouped into exchanges.
 */
class DeliveryPolicyTest {

    private static final Exception BOOM = new IOException("boom");

    /** An {@link EventRun} that hands out given events and records what the policy reports. */
    private static final class FakeRun implements EventRun {

        final Deque<PendingEvent> events = new ArrayDeque<>();
        /** events of {@link #events} not ready yet for {@link #nextIfReady()} */
        final List<PendingEvent> notReady = new ArrayList<>();
        final Map<String, Integer> failuresBefore = new HashMap<>();
        final List<String> calls = new ArrayList<>();
        boolean stopped;

        @Override
        public boolean hasMore() {
            return !stopped && !events.isEmpty();
        }

        @Override
        public PendingEvent next() {
            return events.poll();
        }

        @Override
        public PendingEvent nextIfReady() {
            PendingEvent head = events.peek();
            return head == null || notReady.contains(head) ? null : events.poll();
        }

        @Override
        public void delivered(PendingEvent p) {
            calls.add("delivered " + name(p));
        }

        @Override
        public void givenUp(PendingEvent p) {
            calls.add("givenUp " + name(p));
        }

        @Override
        public void passedOver(PendingEvent p, int attempt) {
            calls.add("passedOver " + name(p) + " " + attempt);
        }

        @Override
        public int failuresBefore(PendingEvent p) {
            return failuresBefore.getOrDefault(name(p), 0);
        }

        @Override
        public void stop(PendingEvent p) {
            calls.add("stop " + name(p));
            stopped = true;
        }

        @Override
        public void flushIfDue() {
        }

        @Override
        public void close() {
        }
    }

    /** Counts as the consumer's statistics do. */
    private static final class Counts implements DeliveryListener {

        final List<String> calls = new ArrayList<>();

        @Override
        public void delivered(SyncEvent ev) {
            calls.add("delivered " + name(ev));
        }

        @Override
        public void eventFailed(SyncEvent ev, Throwable failure, boolean stopped) {
            calls.add("failed " + name(ev) + (stopped ? " stopped" : ""));
        }

        @Override
        public void eventGivenUp(SyncEvent ev, Throwable failure) {
            calls.add("givenUp " + name(ev));
        }
    }

    private final FakeRun run = new FakeRun();
    private final Counts counts = new Counts();

    private DeliveryPolicy policy(boolean breakOnFirstError, int maxEventAttempts, boolean batching) {
        return new DeliveryPolicy("route", "state", breakOnFirstError, maxEventAttempts, batching, counts);
    }

    private static String name(PendingEvent p) {
        return name(p.event());
    }

    private static String name(SyncEvent ev) {
        return ev.location().getPath().substring(1);
    }

    private static PendingEvent event(String name) {
        return event(name, null, null);
    }

    private static PendingEvent failedEvent(String name) {
        return event(name, null, BOOM);
    }

    private static PendingEvent event(String name, Content content, Exception failure) {
        URI location = URI.create("http://example.org/" + name);
        SyncEvent ev = new SyncEvent("source", location, ChangeType.UPDATED, null, null, null, null, null,
                "changelist", URI.create("http://example.org/changelist.xml"), null, "id-" + name, name, null,
                content);
        return new PendingEvent(ev, failure, null);
    }

    /** An in-memory body of {@code size} bytes. */
    private static Content body(int size) {
        byte[] bytes = new byte[size];
        return new Content() {
            @Override
            public InputStream openStream() {
                return new ByteArrayInputStream(bytes);
            }

            @Override
            public long length() {
                return size;
            }

            @Override
            public Hashes digests() {
                return Hashes.EMPTY;
            }

            @Override
            public String mediaType() {
                return null;
            }

            @Override
            public byte[] bytesIfInMemory() {
                return bytes;
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void aDeliveredGroupIsCommittedAndCounted() {
        DeliveryPolicy policy = policy(true, 5, false);
        PendingEvent a = event("a");
        policy.delivered(run, List.of(a));
        assertEquals(List.of("delivered a"), run.calls);
        assertEquals(List.of("delivered a"), counts.calls);
    }

    @Test
    void withBreakOnFirstErrorAFailureStopsTheRunAtIt() {
        DeliveryPolicy policy = policy(true, 5, false);
        PendingEvent a = failedEvent("a");
        DeliveryPolicy.Failure f = policy.failed(run, List.of(a), BOOM);
        assertEquals(1, f.attempt());
        assertFalse(f.givenUp());
        assertTrue(f.stops());
        assertEquals(List.of("failed a stopped"), counts.calls);
        assertTrue(run.calls.isEmpty(), "nothing is told to the run before the failure was handed on");
        assertTrue(policy.settle(run, f, false), "the run stops here");
        assertEquals(List.of("stop a"), run.calls);
        assertEquals("Sync event http://example.org/a (updated) failed", f.message());
    }

    @Test
    void withoutBreakOnFirstErrorAFailedEventIsPassedOverWithItsAttempt() {
        DeliveryPolicy policy = policy(false, 5, false);
        PendingEvent a = failedEvent("a");
        DeliveryPolicy.Failure f = policy.failed(run, List.of(a), BOOM);
        assertFalse(f.stops());
        assertFalse(policy.settle(run, f, false), "the run goes on");
        assertEquals(List.of("failed a"), counts.calls);
        assertEquals(List.of("passedOver a 1"), run.calls);

        DeliveryPolicy.Failure again = policy.failed(run, List.of(a), BOOM);
        assertEquals(2, again.attempt(), "failures in a row are counted across polls");
        policy.settle(run, again, false);
        assertEquals("passedOver a 2", run.calls.get(1));
    }

    @Test
    void theMaxEventAttemptsThFailureGivesTheEventUpInsteadOfStopping() {
        DeliveryPolicy policy = policy(true, 3, false);
        PendingEvent a = failedEvent("a");
        for (int attempt = 1; attempt < 3; attempt++) {
            DeliveryPolicy.Failure f = policy.failed(run, List.of(a), BOOM);
            assertEquals(attempt, f.attempt());
            assertTrue(policy.settle(run, f, false));
        }
        DeliveryPolicy.Failure last = policy.failed(run, List.of(a), BOOM);
        assertEquals(3, last.attempt());
        assertTrue(last.givenUp());
        assertFalse(last.stops(), "given up: the run moves past it");
        assertFalse(policy.settle(run, last, false));
        assertEquals(List.of("stop a", "stop a", "givenUp a"), run.calls);
        assertEquals(List.of("failed a stopped", "failed a stopped", "failed a", "givenUp a"), counts.calls);
        assertEquals("Sync event http://example.org/a (updated) failed and is given up", last.message());
    }

    @Test
    void anEventGivenUpBeforeIsPassedOverQuietlyWhenListedAgain() {
        DeliveryPolicy policy = policy(true, 1, false);
        PendingEvent a = failedEvent("a");
        policy.settle(run, policy.failed(run, List.of(a), BOOM), false);
        counts.calls.clear();
        run.calls.clear();

        assertNull(policy.failed(run, List.of(a), BOOM), "nothing more to do");
        assertEquals(List.of("givenUp a"), run.calls);
        assertTrue(counts.calls.isEmpty(), "not counted again");
    }

    @Test
    void failuresTheRunRemembersFromBeforeARestartCount() {
        DeliveryPolicy policy = policy(false, 5, false);
        PendingEvent a = failedEvent("a");
        run.failuresBefore.put("a", 4);
        DeliveryPolicy.Failure f = policy.failed(run, List.of(a), BOOM);
        assertEquals(5, f.attempt());
        assertTrue(f.givenUp());
        policy.settle(run, f, false);
        assertEquals(List.of("givenUp a"), run.calls);
    }

    @Test
    void withMaxEventAttemptsZeroAnEventIsNeverGivenUp() {
        DeliveryPolicy policy = policy(true, 0, false);
        PendingEvent a = failedEvent("a");
        for (int i = 1; i <= 100; i++) {
            DeliveryPolicy.Failure f = policy.failed(run, List.of(a), BOOM);
            assertEquals(i, f.attempt());
            assertFalse(f.givenUp());
            assertTrue(policy.settle(run, f, false));
        }
        assertFalse(counts.calls.contains("givenUp a"));
    }

    @Test
    void aDeliveryForgetsEarlierFailures() {
        DeliveryPolicy policy = policy(true, 3, false);
        PendingEvent a = failedEvent("a");
        policy.settle(run, policy.failed(run, List.of(a), BOOM), false);
        policy.settle(run, policy.failed(run, List.of(a), BOOM), false);
        policy.delivered(run, List.of(event("a")));
        assertEquals(1, policy.failed(run, List.of(a), BOOM).attempt(), "failures in a row start again");
    }

    @Test
    void aFailedBatchIsStoppedAtAsAWholeOrPassedOverEventByEvent() {
        List<PendingEvent> batch = List.of(event("a"), event("b"));
        DeliveryPolicy stopping = policy(true, 5, true);
        DeliveryPolicy.Failure f = stopping.failed(run, batch, BOOM);
        assertEquals("batch of 2 events from http://example.org/a", f.what());
        assertTrue(stopping.settle(run, f, false));
        assertEquals(List.of("stop a"), run.calls, "nothing of the batch is committed: all of it comes again");
        assertEquals(List.of("failed a stopped", "failed b stopped"), counts.calls);

        run.calls.clear();
        DeliveryPolicy passing = policy(false, 5, true);
        passing.settle(run, passing.failed(run, batch, BOOM), false);
        assertEquals(List.of("passedOver a 1", "passedOver b 1"), run.calls);
    }

    @Test
    void aFailedEventGoesAloneAndWithBatchingGoodEventsGoTogether() {
        List<PendingEvent> batch = List.of(event("a"), event("b"), failedEvent("c"), event("d"));
        DeliveryPolicy single = policy(true, 5, false);
        assertEquals(List.of("a"), names(single.group(batch, 0)));
        assertFalse(single.asList(batch.get(0)));

        DeliveryPolicy batching = policy(true, 5, true);
        assertEquals(List.of("a", "b"), names(batching.group(batch, 0)));
        assertTrue(batching.asList(batch.get(0)));
        assertEquals(List.of("c"), names(batching.group(batch, 2)));
        assertFalse(batching.asList(batch.get(2)), "a failed event goes alone, with its exception");
        assertEquals(List.of("d"), names(batching.group(batch, 3)));
        assertTrue(batching.asList(batch.get(3)), "a batch of one is still a list");
    }

    @Test
    void aBatchTakesWhatIsReadyOrWithBatchingWaitsToFill() throws Exception {
        PendingEvent a = event("a");
        PendingEvent b = event("b");
        PendingEvent c = event("c");
        run.events.addAll(List.of(a, b, c));
        run.notReady.add(b);
        assertEquals(List.of("a"), names(policy(true, 5, false).nextBatch(run)), "the head, then only what is ready");
        assertEquals(List.of("b", "c"), names(policy(true, 5, false).nextBatch(run)), "the head is waited for");
        assertTrue(policy(true, 5, false).nextBatch(run).isEmpty(), "the end of the run");

        run.events.addAll(List.of(a, b, c));
        assertEquals(List.of("a", "b", "c"), names(policy(true, 5, true).nextBatch(run)));
    }

    @Test
    void aBatchIsBoundedInCountAndInBytesOfBodiesInMemory() throws Exception {
        for (int i = 0; i < DeliveryPolicy.MAX_BATCH + 5; i++) {
            run.events.add(event("e" + i));
        }
        assertEquals(DeliveryPolicy.MAX_BATCH, policy(true, 5, true).nextBatch(run).size());
        run.events.clear();

        int size = 3 * 1024 * 1024;
        for (int i = 0; i < 5; i++) {
            run.events.add(event("big" + i, body(size), null));
        }
        List<PendingEvent> batch = policy(true, 5, true).nextBatch(run);
        assertEquals(3, batch.size(), "the body that crosses the bound is the last one");
        assertEquals(2, run.events.size());
    }

    private static List<String> names(List<PendingEvent> events) {
        return events.stream().map(DeliveryPolicyTest::name).toList();
    }
}
