package io.github.camelresourcesync.harvest;

import io.github.camelresourcesync.model.SyncEvent;

/**
 * One step of a sync run in Source order: an event to deliver, or a pure state change (a marker such as "baseline
 * complete"). Effects are committed strictly in step order, each only once every step before it is resolved, which is
 * what keeps the resume point safe with prefetching and batches.
 */
final class Step {

    /** A state change; gets the event as delivered (with the digests of its content) or {@code null} for markers. */
    @FunctionalInterface
    interface Effect {
        Effect NONE = (buffer, event) -> {
        };

        void apply(StateBuffer buffer, SyncEvent event);
    }

    private enum Resolution {
        PENDING,
        /** delivered and completed: both effects apply */
        DELIVERED,
        /** failed and given up: only the progress effect applies */
        PASSED,
        /** 404/410 before delivery: nothing applies, as if the Source had not listed it */
        GONE
    }

    final SyncEvent event;
    /** What the destination now has (resource state). */
    private final Effect onDelivered;
    /** How far the run got (resume point, baseline marks). */
    private final Effect onPassed;

    private Resolution resolution = Resolution.PENDING;
    private SyncEvent deliveredEvent;

    private Step(SyncEvent event, Effect onDelivered, Effect onPassed) {
        this.event = event;
        this.onDelivered = onDelivered;
        this.onPassed = onPassed;
    }

    static Step event(SyncEvent event, Effect onDelivered, Effect onPassed) {
        return new Step(event, onDelivered, onPassed);
    }

    static Step marker(Effect effect) {
        Step s = new Step(null, Effect.NONE, effect);
        s.resolution = Resolution.PASSED;
        return s;
    }

    /**
     * A point the run only passes once every step before it is committed and flushed to the store: for work that
     * reads the store itself (e.g. finding vanished resources), which must see all earlier effects.
     */
    static Step barrier() {
        Step s = new Step(null, Effect.NONE, Effect.NONE);
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

    boolean isResolved() {
        return resolution != Resolution.PENDING;
    }

    void resolveDelivered(SyncEvent asDelivered) {
        resolution = Resolution.DELIVERED;
        deliveredEvent = asDelivered;
    }

    void resolvePassed() {
        resolution = Resolution.PASSED;
    }

    void resolveGone() {
        resolution = Resolution.GONE;
    }

    void commit(StateBuffer buffer) {
        switch (resolution) {
            case DELIVERED -> {
                onDelivered.apply(buffer, deliveredEvent);
                onPassed.apply(buffer, deliveredEvent);
            }
            case PASSED -> onPassed.apply(buffer, event);
            default -> {
            }
        }
    }
}
