package io.github.camelresourcesync.model;

import java.io.IOException;

/**
 * One pass over a source of sync events (a ResourceSync Source, a META-SHARE node, an Atom feed), as the consumer
 * drives it: events come out in order, the consumer reports each one, and the run commits the state of an event only
 * once it and every event before it were reported. This is the delivery contract every event source shares.
 *
 * <p>
 * Use: call {@link #next()} until it returns {@code null} (end of a batch), deliver each event and report it with
 * {@link #delivered}, {@link #givenUp} or {@link #stop}, call {@link #flushIfDue()}, and start another batch while
 * {@link #hasMore()}. {@link #close()} writes what was committed. One thread drives a run.
 */
public interface EventRun extends AutoCloseable {

    /** {@code false} once every event was handed out, the event limit was reached, or the run was stopped. */
    boolean hasMore();

    /** The next event, or {@code null} at the end of a batch. */
    PendingEvent next() throws IOException;

    /**
     * The next event if it is ready now (its content fetched), else {@code null}, so the consumer can hand what is
     * ready to the route instead of waiting for a whole batch: a slow resource then holds back only what follows it.
     * Runs that fetch nothing ahead answer as {@link #next()}.
     */
    default PendingEvent nextIfReady() throws IOException {
        return next();
    }

    /** The event reached its destination: its state is committed once every event before it is. */
    void delivered(PendingEvent p);

    /** The event failed and its failure was handled elsewhere: the run moves past it. */
    void givenUp(PendingEvent p);

    /**
     * The event failed for the {@code attempt}-th time and the consumer goes on without it
     * ({@code breakOnFirstError=false}): the run moves past it and should try it again at a later run. Default: as
     * {@link #givenUp}, for sources that list it again anyway.
     */
    default void passedOver(PendingEvent p, int attempt) {
        givenUp(p);
    }

    /** How many times this event failed in earlier runs, as far as the run remembers (restarts included). */
    default int failuresBefore(PendingEvent p) {
        return 0;
    }

    /** The event failed: nothing after it is committed, and the run ends, to resume at this event next time. */
    void stop(PendingEvent p);

    /** Writes committed state when enough has accumulated or enough time has passed. */
    void flushIfDue();

    /**
     * Writes committed state now, on this thread: in a transacted route, into the exchange's transaction before it
     * commits.
     */
    default void flush() {
        flushIfDue();
    }

    /**
     * The transaction that held the last state written rolled back: forget every state change not in the store (it is
     * ahead of what the destination has) and hand out nothing more; the next run starts from the store again.
     */
    default void abandon() {
    }

    /** Writes what was committed and releases what the run holds. */
    @Override
    void close();
}
