package io.github.camelresourcesync.metashare;

import java.net.URI;
import java.util.Map;

import io.github.camelresourcesync.ProxyOptions;
import io.github.camelresourcesync.SyncEventEndpoint;
import io.github.camelresourcesync.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.metashare.MetashareClient;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;

/**
 * Harvest a META-SHARE node (harvesting protocol 1.0) as sync events: one exchange per record created, updated or
 * deleted (hard or soft), the body the record's `metadata.xml`, verified against the node's checksum, with the same
 * headers as the `resourcesync` consumer, so a route written for ResourceSync works unchanged.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-metashare", title = "ResourceSync META-SHARE Bridge",
             syntax = "resourcesync-metashare:nodeUrl", category = { Category.HTTP, Category.DOCUMENT },
             consumerOnly = true, headersClass = MetashareConstants.class)
public class MetashareEndpoint extends SyncEventEndpoint {

    @UriPath(description = "The node's base URL, e.g. `https://metashare.example.org` (`/login/` and `/sync/` are"
                           + " appended). `http:` or `https:`.")
    @Metadata(required = true)
    private String nodeUrl;

    @UriParam(label = "consumer", defaultValue = "4")
    private int fetchParallelism = 4;
    @UriParam(label = "consumer", defaultValue = "false")
    private boolean breakOnFirstError;
    @UriParam(label = "consumer,advanced", defaultValue = "10000", javaType = "java.time.Duration")
    private long progressInterval = 10_000;

    @UriParam(label = "state")
    private String stateDirectory;

    @UriParam(label = "security")
    @Metadata(required = true)
    private String username;
    @UriParam(label = "security", secret = true)
    @Metadata(required = true)
    private String password;

    // declared once in a @UriParams class shared with the resourcesync endpoint (see HttpOptions)
    @UriParam
    private final ProxyOptions proxyOptions = new ProxyOptions();
    @UriParam(label = "advanced", defaultValue = "268435456")
    private long maxPackageSize = 256L * 1024 * 1024;

    public MetashareEndpoint() {
    }

    public MetashareEndpoint(String uri, MetashareComponent component, String nodeUrl) {
        super(uri, component);
        this.nodeUrl = nodeUrl;
    }

    @Override
    public MetashareComponent getComponent() {
        return (MetashareComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException("The resourcesync-metashare endpoint is consumer only");
    }

    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        if (username == null || password == null) {
            throw new IllegalArgumentException("resourcesync-metashare:" + getServiceUrl()
                                               + " needs the username and password of a sync user of the node");
        }
        return new MetashareConsumer(this, processor);
    }

    @Override
    protected SyncStateStore defaultStateStore() throws Exception {
        return getComponent().stateStore(stateDirectory);
    }

    @Override
    public void configureProperties(Map<String, Object> options) {
        Object scheduler = options.getOrDefault("scheduler", getScheduler());
        if (options.containsKey("scheduler.cron") && (scheduler == null || "none".equals(scheduler))) {
            // a cron expression alone means Quartz (camel-quartz), so the Kamelet's `cron` needs nothing else
            options.put("scheduler", "quartz");
        }
        super.configureProperties(options);
    }

    @Override
    public String getServiceUrl() {
        return nodeUri().toString();
    }

    @Override
    public String getServiceProtocol() {
        return "metashare";
    }

    /** The node URL without user-info or trailing slash: what messages, headers and state keys use. */
    URI nodeUri() {
        return MetashareClient.baseOf(parseUri("resourcesync-metashare: nodeUrl", nodeUrl));
    }

    FetcherConfig fetcherConfig() throws Exception {
        // username and password go into the login form (MetashareClient), not into every request
        return proxyOptions.applyTo(getHttpOptions().fetcherConfig(getCamelContext()))
                .maxConnections(Math.max(2, fetchParallelism + 1)).maxDocumentSize(maxPackageSize);
    }

    public ProxyOptions getProxyOptions() {
        return proxyOptions;
    }

    public String getNodeUrl() {
        return nodeUrl;
    }

    /** The node's base URL, e.g. `https://metashare.example.org`. */
    public void setNodeUrl(String nodeUrl) {
        this.nodeUrl = nodeUrl;
    }

    public int getFetchParallelism() {
        return fetchParallelism;
    }

    /** How many records are fetched concurrently ahead of delivery; exchanges stay in inventory order. */
    public void setFetchParallelism(int fetchParallelism) {
        this.fetchParallelism = fetchParallelism;
    }

    public boolean isBreakOnFirstError() {
        return breakOnFirstError;
    }

    /**
     * When false (the default) a failed record (checksum mismatch, 403, bad ZIP, or an exception the route did not
     * handle) goes to the consumer's exception handler, is not committed, and is tried again next poll, while the
     * other records flow. When true the poll stops at the first failure.
     */
    public void setBreakOnFirstError(boolean breakOnFirstError) {
        this.breakOnFirstError = breakOnFirstError;
    }

    public long getProgressInterval() {
        return progressInterval;
    }

    /** How often long harvests log progress (records, events, bytes, rate); 0 disables. */
    public void setProgressInterval(long progressInterval) {
        this.progressInterval = progressInterval;
    }

    public String getStateDirectory() {
        return stateDirectory;
    }

    /**
     * A directory for an embedded state file (metashare-state.mv.db), used when no `stateStore` is set; endpoints
     * naming the same directory share it, one process at a time may use it.
     */
    public void setStateDirectory(String stateDirectory) {
        this.stateDirectory = stateDirectory;
    }

    public String getUsername() {
        return username;
    }

    /** User name of a sync user on the node (sent in the login form only). */
    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    /** Password of the sync user (sent in the login form only; never logged). */
    public void setPassword(String password) {
        this.password = password;
    }

    public long getMaxPackageSize() {
        return maxPackageSize;
    }

    /** Largest answer (inventory or record ZIP) accepted, in bytes, and largest inflated content of a ZIP. */
    public void setMaxPackageSize(long maxPackageSize) {
        this.maxPackageSize = maxPackageSize;
    }
}
