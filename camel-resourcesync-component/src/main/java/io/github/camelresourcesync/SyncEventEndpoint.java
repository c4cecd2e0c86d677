package io.github.camelresourcesync;

import java.net.URI;
import java.net.URISyntaxException;

import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Component;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.spi.UriParam;
import org.apache.camel.support.ScheduledPollEndpoint;

/**
 * What the endpoints that harvest sync events ({@code resourcesync}, {@code resourcesync-atompmh},
 * {@code resourcesync-metashare}) have in common: their poll delay, batching, their state options, their
 * {@link HttpOptions} and the parsing of their source URL. Camel's tooling reads the options of this class as each
 * endpoint's own, so they are documented once and stay the same everywhere.
 */
public abstract class SyncEventEndpoint extends ScheduledPollEndpoint implements EndpointServiceLocation {

    /** Default delay between polls: sources change in minutes, not milliseconds. */
    public static final long DEFAULT_DELAY = 60_000;

    // declared again (as camel-mail does) so the documented default is this component's, not the scheduler's 500 ms
    @UriParam(label = "consumer,scheduler", defaultValue = "60000", javaType = "java.time.Duration",
              description = "Milliseconds before the next poll.")
    private long delay = DEFAULT_DELAY;

    @UriParam(label = "consumer", defaultValue = "false")
    private boolean batching;

    @UriParam(label = "consumer", defaultValue = "0")
    private int maxMessagesPerPoll;

    @UriParam(label = "state")
    private SyncStateStore stateStore;
    @UriParam(label = "state")
    private String stateId;

    // the HTTP options every harvesting endpoint has, declared once in their @UriParams class
    @UriParam
    private final HttpOptions httpOptions = new HttpOptions();

    protected SyncEventEndpoint() {
    }

    protected SyncEventEndpoint(String uri, Component component) {
        super(uri, component);
        setDelay(DEFAULT_DELAY);
    }

    @Override
    public long getDelay() {
        return delay;
    }

    /** Milliseconds before the next poll. */
    @Override
    public void setDelay(long delay) {
        this.delay = delay;
        super.setDelay(delay);
    }

    /** Creates the endpoint's consumer, with the options every harvesting consumer takes. */
    @Override
    public final Consumer createConsumer(Processor processor) throws Exception {
        SyncEventPollingConsumer consumer = newConsumer(processor);
        consumer.setMaxMessagesPerPoll(maxMessagesPerPoll);
        configureConsumer(consumer);
        return consumer;
    }

    /** This endpoint's consumer, before the common options are applied; may refuse a configuration it cannot run. */
    protected abstract SyncEventPollingConsumer newConsumer(Processor processor);

    /** The store this endpoint keeps its state in when no `stateStore` is set. */
    protected abstract SyncStateStore defaultStateStore() throws Exception;

    /** The endpoint's state store, started (starting is idempotent: stores are shared by endpoints). */
    public SyncStateStore startedStateStore() throws Exception {
        SyncStateStore store = stateStore != null ? stateStore : defaultStateStore();
        store.start();
        return store;
    }

    /**
     * {@code value} (the endpoint's source URL) as a URI. An invalid one fails naming the option, the reason and the
     * position only: the value itself may hold credentials.
     *
     * @param option the endpoint's scheme and option, e.g. {@code "resourcesync: sourceUrl"}
     */
    protected static URI parseUri(String option, String value) {
        try {
            return new URI(value.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(option + " is not a valid URI: " + e.getReason() + " at index "
                                               + e.getIndex());
        }
    }

    public boolean isBatching() {
        return batching;
    }

    /**
     * One exchange per batch of up to 1,000 events instead of one per event, like camel-kafka's `batching`: the body
     * is a `List` of `SyncEvent` (`location()`, `change()`, `datetime()`, `hash()`, `eventId()`, `fileName()`,
     * `content()` ...), the per-event headers are not set. State is committed after the whole exchange completed; a
     * failed exchange fails every event in it (with `breakOnFirstError` all of them come again next poll). Events
     * that failed before delivery (fetch, fixity) still arrive alone, with their exception. For bulk sinks (a
     * database batch insert, a search index bulk request) and for the fastest metadata-only listing.
     */
    public void setBatching(boolean batching) {
        this.batching = batching;
    }

    public int getMaxMessagesPerPoll() {
        return maxMessagesPerPoll;
    }

    /**
     * The most events one poll delivers (0: no limit). The next poll continues where this one stopped; set
     * `greedy=true` to run it at once. Events are delivered in batches of at most 1000.
     */
    public void setMaxMessagesPerPoll(int maxMessagesPerPoll) {
        this.maxMessagesPerPoll = maxMessagesPerPoll;
    }

    public SyncStateStore getStateStore() {
        return stateStore;
    }

    /**
     * Where the endpoint keeps what it has delivered: resume points and what each resource or record was when
     * delivered (its fixity or checksum). Default: an embedded MVStore file, in the endpoint's `stateDirectory` where
     * it has that option and it is set, else the component's store.
     */
    public void setStateStore(SyncStateStore stateStore) {
        this.stateStore = stateStore;
    }

    public String getStateId() {
        return stateId;
    }

    /**
     * Prefix of this endpoint's keys in the state store. Two endpoints that harvest the same source into different
     * destinations need different ids, or they share one resume point.
     */
    public void setStateId(String stateId) {
        this.stateId = stateId;
    }

    public HttpOptions getHttpOptions() {
        return httpOptions;
    }
}
