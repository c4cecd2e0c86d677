package io.github.camelresourcesync.delivery;

import io.github.camelresourcesync.model.SyncEvent;

/** Told by the {@link DeliveryPolicy} what became of each event: the statistics a consumer keeps. */
public interface DeliveryListener {

    /** The event reached the route and its exchange completed. */
    void delivered(SyncEvent ev);

    /**
     * An event failed (content fetch, fixity, refused link, or the route).
     *
     * @param stopped the run stopped at it ({@code breakOnFirstError}), to try it again next poll
     */
    void eventFailed(SyncEvent ev, Throwable failure, boolean stopped);

    /** An event failed {@code maxEventAttempts} times and was given up: the run moved past it. */
    void eventGivenUp(SyncEvent ev, Throwable failure);
}
