package io.github.camelresourcesync.component.support;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Component;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.spi.UriParam;
import org.apache.camel.support.ScheduledPollEndpoint;
import org.apache.camel.util.ObjectHelper;

/**
 * What the endpoints that harvest sync events ({@code resourcesync}, {@code resourcesync-atompmh},
 * {@code resourcesync-metashare}) have in common: the poll delay, the state options, the configured URL every policy
 * starts from, and the one fetch policy built of the scheme's configurations. Camel's tooling reads the options of this
 * class as each endpoint's own, so they are declared and documented once and mean the same everywhere.
 * <p>
 * The connection, fetch and delivery configurations are declared by each endpoint, of the class whose options that
 * scheme honours (e.g. {@link HttpConfiguration}, or only {@link ConnectionConfiguration}): Camel's tooling lists the
 * options of a field's declared class, so a scheme advertises no option it would ignore. The component declares the
 * same classes, so every endpoint option is a component option too.
 */
public abstract class SyncEventEndpoint extends ScheduledPollEndpoint implements EndpointServiceLocation {

    /** Default delay between polls: sources change in minutes, not milliseconds. */
    public static final long DEFAULT_DELAY = 60_000;

    // declared again (as camel-mail does) so the documented default is this component's, not the scheduler's 500 ms
    @UriParam(label = "consumer,scheduler", defaultValue = "60000", javaType = "java.time.Duration",
              description = """
                  Milliseconds before the next poll. For a cron schedule use `scheduler=quartz` with \
                  `scheduler.cron` (a `scheduler.cron` alone implies Quartz).""")
    private long delay = DEFAULT_DELAY;

    @UriParam(label = "state", description = """
                                   Where the endpoint keeps what it has delivered (resume points, what each resource \
                                   or record was when delivered). Default: the component's store, else an embedded \
                                   MVStore file in `stateDirectory`.""")
    private SyncStateStore stateStore;
    @UriParam(label = "state", description = """
                                   Prefix of this endpoint's keys in the state store. Two routes that harvest the \
                                   same source into different destinations need different ids: a second route on a \
                                   resume point another route owns refuses to start.""")
    private String stateId;
    @UriParam(label = "state", description = """
                                   Directory of an embedded state store for this endpoint (endpoints naming the same \
                                   directory share it); default: the component's `stateDirectory`.""")
    private String stateDirectory;

    protected SyncEventEndpoint() {
    }

    protected SyncEventEndpoint(String uri, Component component) {
        super(uri, component);
        setDelay(DEFAULT_DELAY);
    }

    @Override
    public SyncEventComponent getComponent() {
        return (SyncEventComponent) super.getComponent();
    }

    /** The URL the user configured (Source, feed or node), as given: may carry user-info. */
    protected abstract URI configuredUri();

    /** Appends {@code rawQuery} to the configured URL's query (the URI's parameters that are not options). */
    protected abstract void appendQuery(String rawQuery);

    /** {@code url} with {@code rawQuery} appended to its query. */
    protected static String withQuery(String url, String rawQuery) {
        return url + (url.indexOf('?') < 0 ? "?" : "&") + rawQuery;
    }

    /** The one place this endpoint's fetch policy is built: from its options and the URL its user configured. */
    public FetcherConfig fetcherConfig() {
        FetcherConfig connection = getHttpConfiguration().fetcherConfig(getCamelContext(), configuredUri());
        return getFetchConfiguration().applyTo(connection);
    }

    /** The configured URL without user-info: what messages, headers and state keys use. */
    public URI safeUri() {
        return UrlRedaction.stripUserInfo(configuredUri());
    }

    /** For log lines and messages: the configured URL without credentials of any kind. */
    public String describe() {
        return getComponent().getDefaultName() + ":" + UrlRedaction.redact(configuredUri());
    }

    @Override
    public String getServiceUrl() {
        return safeUri().toString();
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

    @Override
    public void configureProperties(Map<String, Object> options) {
        Object scheduler = options.getOrDefault("scheduler", getScheduler());
        if (options.containsKey("scheduler.cron") && (scheduler == null || "none".equals(scheduler))) {
            // a cron expression alone means Quartz (camel-quartz): one scheduler story, and the Kamelets' `cron`
            options.put("scheduler", "quartz");
        }
        super.configureProperties(options);
    }

    /** The harvesting schemes consume only (a scheme may say more about where to go instead). */
    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException(describe() + " is consumer only");
    }

    /** Creates the endpoint's consumer, with the options every harvesting consumer takes. */
    @Override
    public final Consumer createConsumer(Processor processor) throws Exception {
        SyncEventPollingConsumer consumer = newConsumer(processor);
        consumer.setMaxMessagesPerPoll(getDeliveryConfiguration().getMaxMessagesPerPoll());
        configureConsumer(consumer);
        if (getScheduledExecutorService() == null) {
            // polls run on the component's shared scheduler, not a thread per route
            consumer.setScheduledExecutorService(getComponent().pollScheduler());
        }
        return consumer;
    }

    /** This endpoint's consumer, before the common options are applied; may refuse a configuration it cannot run. */
    protected abstract SyncEventPollingConsumer newConsumer(Processor processor);

    /** The endpoint's state store (by the component's one policy), started; stores are shared by endpoints. */
    public SyncStateStore startedStateStore() throws Exception {
        SyncStateStore store = getComponent().stateStore(this);
        store.start();
        return store;
    }

    /**
     * {@code value} (the endpoint's configured URL) as a URI. An invalid one fails naming the option, the reason and
     * the position only: the value itself may hold credentials.
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

    public SyncStateStore getStateStore() {
        return stateStore;
    }

    public void setStateStore(SyncStateStore stateStore) {
        this.stateStore = stateStore;
    }

    public String getStateId() {
        return stateId;
    }

    public void setStateId(String stateId) {
        this.stateId = ObjectHelper.isEmpty(stateId) ? null : stateId;
    }

    public String getStateDirectory() {
        return stateDirectory;
    }

    public void setStateDirectory(String stateDirectory) {
        this.stateDirectory = ObjectHelper.isEmpty(stateDirectory) ? null : stateDirectory;
    }

    /** The connection options of this endpoint's requests. */
    public abstract ConnectionConfiguration getHttpConfiguration();

    /** The fetch options of this endpoint's requests. */
    public abstract FetchLimitsConfiguration getFetchConfiguration();

    /** How this endpoint hands its events to the route. */
    public abstract EventDeliveryConfiguration getDeliveryConfiguration();
}
