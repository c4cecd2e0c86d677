package io.github.camelresourcesync.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;

/**
 * A consumer's {@code exceptionHandler} that records what it is handed: failed polls (no exchange) and events that
 * failed before or in the route (a copy of the exchange, the exception as {@link Exchange#EXCEPTION_CAUGHT}).
 */
public final class RecordingExceptionHandler implements ExceptionHandler {

    private final List<Throwable> pollFailures = new CopyOnWriteArrayList<>();
    private final List<Exchange> failedEvents = new CopyOnWriteArrayList<>();

    @Override
    public void handleException(Throwable exception) {
        handleException(null, null, exception);
    }

    @Override
    public void handleException(String message, Throwable exception) {
        handleException(message, null, exception);
    }

    @Override
    public void handleException(String message, Exchange exchange, Throwable exception) {
        if (exchange == null) {
            pollFailures.add(exception);
        } else {
            Exchange copy = exchange.copy();
            copy.setProperty(Exchange.EXCEPTION_CAUGHT, exception);
            failedEvents.add(copy);
        }
    }

    /** Failures of whole polls (the Source down, a list unreadable), oldest first. */
    public List<Throwable> pollFailures() {
        return pollFailures;
    }

    /** Events that failed, oldest first. */
    public List<Exchange> failedEvents() {
        return failedEvents;
    }
}
