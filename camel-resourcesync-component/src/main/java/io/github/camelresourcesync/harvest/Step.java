package io.github.camelresourcesync.harvest;

import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.StateBuffer;

/**
 * One step of a sync run in Source order: an event to deliver, or a pure state change (a marker such as "baseline
 * complete"). Effects are committed strictly in step order, each only once every step before it is resolved, which is
 * what keeps the resume point safe with prefetching and batches.
 */
public final class Step {

    /** A state change; gets the event as delivered (with the digests of its content) or {@code null} for markers. */
    @FunctionalInterface
    public interface Effect {
        Effect NONE = (buffer, event) -> {
        };

        void apply(StateBuffer buffer, SyncEvent event);
    }

    final SyncEvent event;
    /** The body when the step brings it along (a bitstream of a dump package); {@code null}: fetched by location. */
    final CompletableFuture<Content> content;
    /** What the destination now has (resource state). */
    private final Effect onDelivered;
    /** How far the run got (resume point, baseline marks). */
    private final Effect onPassed;

    private Step(SyncEvent event, Effect onDelivered, Effect onPassed, CompletableFuture<Content> content) {
        this.event = event;
        this.content = content;
        this.onDelivered = onDelivered;
        this.onPassed = onPassed;
    }

    public static Step event(SyncEvent event, Effect onDelivered, Effect onPassed) {
        return new Step(event, onDelivered, onPassed, null);
    }

    /** An event whose body is already at hand (or failed to be read: the future holds the failure). */
    public static Step event(SyncEvent event, Effect onDelivered, Effect onPassed,
                             CompletableFuture<Content> content) {
        return new Step(event, onDelivered, onPassed, content);
    }

    static Step marker(Effect effect) {
        return new Step(null, Effect.NONE, effect, null);
    }

    /**
     * A point the run only passes once every step before it is committed and flushed to the store: for work that
     * reads the store itself (e.g. finding vanished resources), which must see all earlier effects.
     */
    static Step barrier() {
        Step s = new Step(null, Effect.NONE, Effect.NONE, null);
        s.barrier = true;
        return s;
    }

    private boolean barrier;

    boolean isMarker() {
        return event == null;
    }

    boolean isBarrier() {
        return barrier;
    }

    /**
     * Delivered and completed: both effects apply; failed and given up (or a marker): only the progress effect; gone
     * before delivery: nothing, as if the Source had not listed it.
     */
    void commit(StateBuffer buffer, FetchAheadRun.Outcome outcome, SyncEvent delivered) {
        switch (outcome) {
            case DELIVERED -> {
                onDelivered.apply(buffer, delivered);
                onPassed.apply(buffer, delivered);
            }
            case PASSED -> onPassed.apply(buffer, event);
            default -> {
            }
        }
    }
}
