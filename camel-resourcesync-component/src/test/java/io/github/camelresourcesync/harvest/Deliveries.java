package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Drives a sync run as the consumer does, without Camel: every event handed out is delivered in order, the state
 * flushed at each batch's end and at the run's end; an event that failed fails the test.
 */
final class Deliveries {

    /** What a test records of an event. */
    @FunctionalInterface
    interface Describer {
        String of(SyncEvent event) throws IOException;
    }

    /** "change fileName" of an event. */
    static final Describer CHANGE_AND_FILE = e -> e.change() + " " + e.fileName();

    private Deliveries() {
    }

    /** Delivers every event {@code run} hands out; what {@code describe} says of each, in order. */
    static List<String> deliverAll(SyncRun run, Describer describe) throws IOException {
        List<String> seen = new ArrayList<>();
        while (run.hasMore()) {
            PendingEvent p = run.next();
            if (p == null) {
                run.flush();
                continue;
            }
            assertFalse(p.failed(), () -> "unexpected failure " + p.failure());
            seen.add(describe.of(p.event()));
            run.delivered(p);
        }
        run.flush();
        return seen;
    }

    /** One poll of {@code h} of at most {@code max} events (0: no limit), delivered as by {@link #deliverAll}. */
    static List<String> poll(Harvester h, long max, Describer describe) throws IOException {
        try (SyncRun run = h.startRun(max)) {
            return deliverAll(run, describe);
        }
    }
}
