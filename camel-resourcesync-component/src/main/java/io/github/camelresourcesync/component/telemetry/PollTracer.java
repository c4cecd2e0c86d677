package io.github.camelresourcesync.component.telemetry;

import io.github.camelresourcesync.http.FetchListener;
import org.apache.camel.Exchange;

/**
 * The spans of one polling consumer: a span per poll naming its Source, the poll's context on each event's exchange
 * (so the route's span is the poll's child), and a child span per HTTP request of the poll (the consumer's
 * fetcher tells it as its {@link FetchListener}). {@link #NONE} when nothing traces.
 */
public interface PollTracer extends FetchListener {

    PollTracer NONE = new PollTracer() {
    };

    /** One poll being traced. */
    interface Poll {

        Poll NONE = new Poll() {
        };

        /** Puts the poll's span context on an event's exchange, so the route's span becomes its child. */
        default void inject(Exchange exchange) {
        }

        /** The poll ended: {@code failure} null when it succeeded. Delivered {@code events}. */
        default void ended(int events, Exception failure) {
        }
    }

    /** A poll starts (on the consumer's thread; it ends there too). */
    default Poll pollStarted() {
        return Poll.NONE;
    }
}
