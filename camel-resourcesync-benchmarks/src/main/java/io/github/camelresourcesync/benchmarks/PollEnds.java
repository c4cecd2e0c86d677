package io.github.camelresourcesync.benchmarks;

import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.PollingConsumerPollStrategy;

/** A {@code pollStrategy} that reports the end of every poll of the endpoints that use it. */
final class PollEnds {

    /** Called once per poll, on the poll's thread. */
    @FunctionalInterface
    interface Listener {
        /** @param failure why the poll failed, {@code null} when it completed */
        void ended(Endpoint endpoint, Exception failure);
    }

    private PollEnds() {
    }

    static PollingConsumerPollStrategy strategy(Listener listener) {
        return new PollingConsumerPollStrategy() {
            @Override
            public boolean begin(Consumer consumer, Endpoint endpoint) {
                return true;
            }

            @Override
            public void commit(Consumer consumer, Endpoint endpoint, int polledMessages) {
                listener.ended(endpoint, null);
            }

            @Override
            public boolean rollback(Consumer consumer, Endpoint endpoint, int retryCounter, Exception e) {
                listener.ended(endpoint, e);
                return false;
            }
        };
    }
}
