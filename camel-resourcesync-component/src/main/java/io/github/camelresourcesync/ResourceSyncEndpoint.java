package io.github.camelresourcesync;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;

import io.github.camelresourcesync.harvest.GapPolicy;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.SyncMode;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.ScheduledPollEndpoint;
import org.apache.camel.support.jsse.SSLContextParameters;

/**
 * Harvest a ResourceSync Source: baseline from its Resource Lists, then follow its Change Lists, one exchange per
 * resource or change, with fixity checked and progress kept across restarts.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync", title = "ResourceSync", syntax = "resourcesync:sourceUrl",
             category = { Category.FILE, Category.HTTP }, consumerOnly = true,
             headersClass = ResourceSyncConstants.class)
public class ResourceSyncEndpoint extends ScheduledPollEndpoint implements EndpointServiceLocation {

    /** Default delay between polls: a Source's lists change in minutes, not milliseconds. */
    static final long DEFAULT_DELAY = 60_000;

    @UriPath(description = "Where the Source is: a site base URL (`/.well-known/resourcesync` is tried), a Source"
                           + " Description, a Capability List, a Resource List or Change List, or a page linking"
                           + " to one with `rel=\"resourcesync\"`. `http:`, `https:`, `file:` and `classpath:`.")
    @Metadata(required = true)
    private String sourceUrl;

    // declared again (as camel-mail does) so the documented default is this component's, not the scheduler's 500 ms
    @UriParam(label = "consumer,scheduler", defaultValue = "60000", javaType = "java.time.Duration",
              description = "Milliseconds before the next poll.")
    private long delay = DEFAULT_DELAY;

    @UriParam(label = "consumer", defaultValue = "auto", enums = "auto,baseline,incremental")
    private SyncMode mode = SyncMode.AUTO;
    @UriParam(label = "consumer", defaultValue = "true")
    private boolean fetchContent = true;
    @UriParam(label = "consumer", defaultValue = "false")
    private boolean emitDeletes;
    @UriParam(label = "consumer", defaultValue = "baseline", enums = "baseline,fail,ignore")
    private GapPolicy gapPolicy = GapPolicy.BASELINE;
    @UriParam(label = "consumer")
    private String capabilityList;
    @UriParam(label = "consumer", defaultValue = "4")
    private int fetchParallelism = 4;
    @UriParam(label = "consumer", defaultValue = "true")
    private boolean breakOnFirstError = true;
    @UriParam(label = "consumer", defaultValue = "0")
    private int maxMessagesPerPoll;
    @UriParam(label = "consumer,advanced", defaultValue = "900000", javaType = "java.time.Duration")
    private long rediscoveryInterval = 900_000;
    @UriParam(label = "consumer,advanced", defaultValue = "10000", javaType = "java.time.Duration")
    private long progressInterval = 10_000;

    @UriParam(label = "state")
    private SyncStateStore stateStore;
    @UriParam(label = "state")
    private String stateId;

    @UriParam(label = "http", defaultValue = "10000", javaType = "java.time.Duration")
    private long connectTimeout = 10_000;
    @UriParam(label = "http", defaultValue = "30000", javaType = "java.time.Duration")
    private long readTimeout = 30_000;
    @UriParam(label = "http", defaultValue = "3")
    private int maxRetries = 3;
    @UriParam(label = "http", defaultValue = "500", javaType = "java.time.Duration")
    private long retryDelay = 500;
    @UriParam(label = "http", defaultValue = "30000", javaType = "java.time.Duration")
    private long retryMaxDelay = 30_000;
    @UriParam(label = "http", defaultValue = "5")
    private int maxRedirects = 5;
    @UriParam(label = "http", defaultValue = "20")
    private int maxConnections = 20;
    @UriParam(label = "http", defaultValue = "camel-resourcesync")
    private String userAgent = "camel-resourcesync";
    @UriParam(label = "http,proxy")
    private String proxyHost;
    @UriParam(label = "http,proxy")
    private int proxyPort;
    @UriParam(label = "security", secret = true)
    private String username;
    @UriParam(label = "security", secret = true)
    private String password;
    @UriParam(label = "security", secret = true)
    private String bearerToken;
    @UriParam(label = "security")
    private SSLContextParameters sslContextParameters;

    @UriParam(label = "advanced", defaultValue = "268435456")
    private long maxDocumentSize = 256L * 1024 * 1024;
    @UriParam(label = "advanced", defaultValue = "0")
    private long maxEntriesPerDocument;
    @UriParam(label = "advanced", defaultValue = "0")
    private long maxContentSize;
    @UriParam(label = "advanced", defaultValue = "1048576")
    private int spoolThreshold = 1024 * 1024;
    @UriParam(label = "advanced")
    private String spoolDirectory;

    public ResourceSyncEndpoint() {
    }

    public ResourceSyncEndpoint(String uri, ResourceSyncComponent component, String sourceUrl) {
        super(uri, component);
        this.sourceUrl = sourceUrl;
        setDelay(DEFAULT_DELAY);
    }

    @Override
    public ResourceSyncComponent getComponent() {
        return (ResourceSyncComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException("The resourcesync endpoint " + sourceUrl + " is consumer only");
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        ResourceSyncConsumer consumer = new ResourceSyncConsumer(this, processor);
        consumer.setMaxMessagesPerPoll(maxMessagesPerPoll);
        configureConsumer(consumer);
        return consumer;
    }

    @Override
    public String getServiceUrl() {
        return sourceUri().toString();
    }

    @Override
    public String getServiceProtocol() {
        return "resourcesync";
    }

    /** The Source URL without user-info: credentials never travel into headers, state keys or logs. */
    URI sourceUri() {
        return UrlRedaction.stripUserInfo(rawSourceUri());
    }

    private URI rawSourceUri() {
        try {
            return new URI(sourceUrl.trim());
        } catch (URISyntaxException e) {
            // the reason and position only: the value itself may hold credentials
            throw new IllegalArgumentException("resourcesync: sourceUrl is not a valid URI: " + e.getReason()
                                               + " at index " + e.getIndex());
        }
    }

    HarvestOptions harvestOptions() {
        return new HarvestOptions().mode(mode).fetchContent(fetchContent).emitDeletes(emitDeletes)
                .gapPolicy(gapPolicy).capabilityList(capabilityList).fetchParallelism(fetchParallelism)
                .rediscoveryInterval(Duration.ofMillis(rediscoveryInterval)).stateId(stateId);
    }

    FetcherConfig fetcherConfig() throws Exception {
        String user = username;
        String pass = password;
        String userInfo = rawSourceUri().getUserInfo();
        if (user == null && userInfo != null) {
            // http://user:pass@host/ works as in a browser, as Basic credentials for the Source's origin
            int colon = userInfo.indexOf(':');
            user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            pass = colon < 0 ? null : userInfo.substring(colon + 1);
        }
        FetcherConfig c = new FetcherConfig().connectTimeout(Duration.ofMillis(connectTimeout))
                .readTimeout(Duration.ofMillis(readTimeout)).maxRetries(maxRetries)
                .retryInitialDelay(Duration.ofMillis(retryDelay)).retryMaxDelay(Duration.ofMillis(retryMaxDelay))
                .maxRedirects(maxRedirects).maxConnections(maxConnections).userAgent(userAgent)
                .username(user).password(pass).bearerToken(bearerToken).proxyHost(proxyHost)
                .proxyPort(proxyPort).maxDocumentSize(maxDocumentSize).maxContentSize(maxContentSize)
                .spoolThreshold(spoolThreshold).spoolDirectory(spoolDirectory == null ? null : Path.of(spoolDirectory));
        if (sslContextParameters != null) {
            c.sslContext(sslContextParameters.createSSLContext(getCamelContext()));
        }
        return c;
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

    public String getSourceUrl() {
        return sourceUrl;
    }

    /**
     * Where the Source is: a site base URL, a Source Description, a Capability List or a single capability document.
     */
    public void setSourceUrl(String sourceUrl) {
        this.sourceUrl = sourceUrl;
    }

    public SyncMode getMode() {
        return mode;
    }

    /**
     * `auto`: baseline from the Resource List once, then follow the Change List (repeated baseline when the Source
     * has no Change List). `baseline`: every poll compares the Resource List with what the destination has and emits
     * what is new or changed. `incremental`: only Change Lists; without a resume point every listed change is
     * emitted.
     */
    public void setMode(SyncMode mode) {
        this.mode = mode;
    }

    public boolean isFetchContent() {
        return fetchContent;
    }

    /**
     * Fetch each resource and make its bytes the body, verified against the published length and every published
     * hash; a mismatch fails the event and it is never delivered as good. When false, events carry metadata only.
     */
    public void setFetchContent(boolean fetchContent) {
        this.fetchContent = fetchContent;
    }

    public boolean isEmitDeletes() {
        return emitDeletes;
    }

    /**
     * In a baseline, emit `deleted` events for resources the destination has but the Resource List no longer lists.
     * (A baseline run to close a gap in the Change Lists always does.)
     */
    public void setEmitDeletes(boolean emitDeletes) {
        this.emitDeletes = emitDeletes;
    }

    public GapPolicy getGapPolicy() {
        return gapPolicy;
    }

    /**
     * What to do when the oldest Change List starts after the resume point (changes in between are not listed any
     * more): `baseline` re-baselines (with deletes), `fail` fails the poll until an operator acts, `ignore` logs and
     * accepts the loss.
     */
    public void setGapPolicy(GapPolicy gapPolicy) {
        this.gapPolicy = gapPolicy;
    }

    public String getCapabilityList() {
        return capabilityList;
    }

    /**
     * Follow only the Capability List whose URI equals or ends with this value, when the Source Description lists
     * several. Default: all, each with its own resume point.
     */
    public void setCapabilityList(String capabilityList) {
        this.capabilityList = capabilityList;
    }

    public int getFetchParallelism() {
        return fetchParallelism;
    }

    /** How many resources are fetched concurrently ahead of delivery; exchanges stay in Source order. */
    public void setFetchParallelism(int fetchParallelism) {
        this.fetchParallelism = fetchParallelism;
    }

    public boolean isBreakOnFirstError() {
        return breakOnFirstError;
    }

    /**
     * When an event fails (content fetch, fixity, or an exception the route did not handle) the poll stops there,
     * and the next poll starts again at that event, so nothing is skipped. When false, the failure goes to the
     * consumer's exception handler (see `bridgeErrorHandler`) and the sync moves on past it.
     */
    public void setBreakOnFirstError(boolean breakOnFirstError) {
        this.breakOnFirstError = breakOnFirstError;
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

    public long getRediscoveryInterval() {
        return rediscoveryInterval;
    }

    /**
     * How long discovered Capability Lists are trusted before the Source Description is read again (also read again
     * after a failed poll).
     */
    public void setRediscoveryInterval(long rediscoveryInterval) {
        this.rediscoveryInterval = rediscoveryInterval;
    }

    public long getProgressInterval() {
        return progressInterval;
    }

    /** How often long syncs log progress (documents, events, bytes, rate); 0 disables. */
    public void setProgressInterval(long progressInterval) {
        this.progressInterval = progressInterval;
    }

    public SyncStateStore getStateStore() {
        return stateStore;
    }

    /**
     * Where the endpoint keeps what the destination has seen (resume points, per-resource fixity). Default: the
     * component's store, an embedded MVStore file under the component's `stateDirectory`.
     */
    public void setStateStore(SyncStateStore stateStore) {
        this.stateStore = stateStore;
    }

    public String getStateId() {
        return stateId;
    }

    /**
     * Prefix of this endpoint's keys in the state store. Two endpoints that harvest the same Source into different
     * destinations must have different ids, or they share one resume point.
     */
    public void setStateId(String stateId) {
        this.stateId = stateId;
    }

    public long getConnectTimeout() {
        return connectTimeout;
    }

    /** Timeout to establish a connection. */
    public void setConnectTimeout(long connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public long getReadTimeout() {
        return readTimeout;
    }

    /** Timeout waiting for data on a connection (per read). */
    public void setReadTimeout(long readTimeout) {
        this.readTimeout = readTimeout;
    }

    public int getMaxRetries() {
        return maxRetries;
    }

    /**
     * Retries of a request on connection errors, 5xx and 429, with exponential backoff and jitter (`Retry-After`
     * honoured); 0 disables.
     */
    public void setMaxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
    }

    public long getRetryDelay() {
        return retryDelay;
    }

    /** First backoff delay; doubles with each retry. */
    public void setRetryDelay(long retryDelay) {
        this.retryDelay = retryDelay;
    }

    public long getRetryMaxDelay() {
        return retryMaxDelay;
    }

    /** Upper bound of one backoff delay, and of an honoured `Retry-After`. */
    public void setRetryMaxDelay(long retryMaxDelay) {
        this.retryMaxDelay = retryMaxDelay;
    }

    public int getMaxRedirects() {
        return maxRedirects;
    }

    /** Redirects followed per request; 0 disables following. */
    public void setMaxRedirects(int maxRedirects) {
        this.maxRedirects = maxRedirects;
    }

    public int getMaxConnections() {
        return maxConnections;
    }

    /** Size of the endpoint's HTTP connection pool. */
    public void setMaxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    public String getUserAgent() {
        return userAgent;
    }

    /** The `User-Agent` header. */
    public void setUserAgent(String userAgent) {
        this.userAgent = userAgent;
    }

    public String getProxyHost() {
        return proxyHost;
    }

    /** HTTP proxy host. */
    public void setProxyHost(String proxyHost) {
        this.proxyHost = proxyHost;
    }

    public int getProxyPort() {
        return proxyPort;
    }

    /** HTTP proxy port. */
    public void setProxyPort(int proxyPort) {
        this.proxyPort = proxyPort;
    }

    public String getUsername() {
        return username;
    }

    /** User for HTTP Basic authentication, sent only to the host of each request made (not to redirect targets). */
    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    /** Password for HTTP Basic authentication. */
    public void setPassword(String password) {
        this.password = password;
    }

    public String getBearerToken() {
        return bearerToken;
    }

    /** Token sent as `Authorization: Bearer`; takes precedence over Basic. */
    public void setBearerToken(String bearerToken) {
        this.bearerToken = bearerToken;
    }

    public SSLContextParameters getSslContextParameters() {
        return sslContextParameters;
    }

    /** TLS configuration (trust store, key store, protocols) as Camel `SSLContextParameters`. */
    public void setSslContextParameters(SSLContextParameters sslContextParameters) {
        this.sslContextParameters = sslContextParameters;
    }

    public long getMaxDocumentSize() {
        return maxDocumentSize;
    }

    /**
     * Largest capability document accepted, in bytes after decompression (guards against gzip bombs); 0 for no
     * limit.
     */
    public void setMaxDocumentSize(long maxDocumentSize) {
        this.maxDocumentSize = maxDocumentSize;
    }

    public long getMaxEntriesPerDocument() {
        return maxEntriesPerDocument;
    }

    /** Most entries accepted in one document (the Sitemap protocol's limit is 50,000); 0 for no limit. */
    public void setMaxEntriesPerDocument(long maxEntriesPerDocument) {
        this.maxEntriesPerDocument = maxEntriesPerDocument;
    }

    public long getMaxContentSize() {
        return maxContentSize;
    }

    /** Largest resource body accepted, in bytes; 0 for no limit. */
    public void setMaxContentSize(long maxContentSize) {
        this.maxContentSize = maxContentSize;
    }

    public int getSpoolThreshold() {
        return spoolThreshold;
    }

    /** Resource bodies up to this many bytes are kept in memory; larger ones are spooled to a temporary file. */
    public void setSpoolThreshold(int spoolThreshold) {
        this.spoolThreshold = spoolThreshold;
    }

    public String getSpoolDirectory() {
        return spoolDirectory;
    }

    /** Directory for spooled bodies; default: the JVM's temporary directory. */
    public void setSpoolDirectory(String spoolDirectory) {
        this.spoolDirectory = spoolDirectory;
    }
}
