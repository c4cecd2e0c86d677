package io.github.camelresourcesync.testsupport;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateChange;

/** A store whose writes are lost while "crashed", as a killed process loses what it had not written yet. */
public final class CrashingStateStore extends InMemoryStateStore {

    private volatile boolean crashed;

    @Override
    public void apply(String sourceKey, StateChange change) {
        if (!crashed) {
            super.apply(sourceKey, change);
        }
    }

    /**
     * Drives one poll of {@code run} as the consumer does, handing every event to {@code each} before reporting it
     * delivered; when {@code crashAfter >= 0}, crashes after that many events: nothing written from then on (the
     * run's closing flush included) reaches the store. Closes the run.
     *
     * @return the events delivered
     */
    public List<SyncEvent> poll(EventRun run, int crashAfter, EventConsumer each) throws Exception {
        List<SyncEvent> delivered = new ArrayList<>();
        try (run) {
            while (run.hasMore()) {
                if (delivered.size() == crashAfter) {
                    crashed = true;
                    break;
                }
                PendingEvent p = run.next();
                if (p == null) {
                    run.flushIfDue(); // end of a batch
                    continue;
                }
                if (p.failed()) {
                    throw new AssertionError("unexpected failure of " + p.event().eventId(), p.failure());
                }
                each.accept(p.event());
                delivered.add(p.event());
                run.delivered(p);
                if (delivered.size() % 2 == 0) {
                    run.flushIfDue();
                }
            }
        } finally {
            crashed = false;
        }
        return delivered;
    }

    /** What the destination does with an event. */
    @FunctionalInterface
    public interface EventConsumer {
        void accept(SyncEvent event) throws Exception;
    }
}
