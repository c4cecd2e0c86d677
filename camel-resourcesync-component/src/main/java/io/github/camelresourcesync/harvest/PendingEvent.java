package io.github.camelresourcesync.harvest;

import io.github.camelresourcesync.model.SyncEvent;

/**
 * An event ready for delivery, with its content fetched and verified, or with the failure that prevented that (a
 * fixity mismatch, an HTTP error after retries). A failed event must never be delivered as good.
 */
public final class PendingEvent {

    private final SyncEvent event;
    private final Exception failure;
    final Step step;

    PendingEvent(SyncEvent event, Exception failure, Step step) {
        this.event = event;
        this.failure = failure;
        this.step = step;
    }

    public SyncEvent event() {
        return event;
    }

    /** Why the content could not be had, or {@code null}. */
    public Exception failure() {
        return failure;
    }

    public boolean failed() {
        return failure != null;
    }

    /** Releases the content (its temporary file) if the event is dropped without delivery. */
    public void discard() {
        if (event.content() != null) {
            event.content().close();
        }
    }
}
