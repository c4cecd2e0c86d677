package io.github.camelresourcesync.model;

/**
 * An event ready for delivery, with its content fetched and verified, or with the failure that prevented that (a
 * fixity mismatch, an HTTP error after retries). A failed event must never be delivered as good.
 *
 * <p>
 * The token is the producing {@link EventRun}'s own bookkeeping for the event (what to commit once it is delivered);
 * consumers pass the pending event back to the run untouched.
 *
 * @param failure why the content could not be had, or {@code null}
 * @param token   the run's bookkeeping for this event
 */
public record PendingEvent(SyncEvent event, Exception failure, Object token) {

    public boolean failed() {
        return failure != null;
    }

    /** Releases the content (its temporary file): once its exchange is done, or when the event is dropped. */
    public void discard() {
        if (event.content() != null) {
            event.content().close();
        }
    }
}
