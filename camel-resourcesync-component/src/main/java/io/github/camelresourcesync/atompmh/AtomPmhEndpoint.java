package io.github.camelresourcesync.atompmh;

import java.net.URI;
import java.util.Arrays;

import io.github.camelresourcesync.HttpAuthOptions;
import io.github.camelresourcesync.RetryOptions;
import io.github.camelresourcesync.SyncEventEndpoint;
import io.github.camelresourcesync.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.util.ObjectHelper;

/**
 * Harvest an Atom-PMH feed (an RFC 5005 archived or complete Atom feed of metadata records): one exchange per created,
 * updated or deleted record, with the same headers as the ResourceSync consumer, progress kept across restarts.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-atompmh", title = "ResourceSync Atom-PMH",
             syntax = "resourcesync-atompmh:feedUrl", category = { Category.FILE, Category.HTTP },
             consumerOnly = true, headersClass = AtomPmhConstants.class)
public class AtomPmhEndpoint extends SyncEventEndpoint {

    @UriPath(description = "The feed's subscription document: `http:`, `https:`, `file:` or `classpath:`.")
    @Metadata(required = true)
    private String feedUrl;

    @UriParam(label = "consumer,scheduler")
    private String cron;
    @UriParam(label = "consumer")
    private String mediaTypes;
    @UriParam(label = "consumer", defaultValue = "true")
    private boolean fetchContent = true;
    @UriParam(label = "consumer", defaultValue = "false")
    private boolean useAtomIdAsLocation;
    @UriParam(label = "consumer", defaultValue = "false")
    private boolean followNext;
    @UriParam(label = "consumer", defaultValue = "true")
    private boolean breakOnFirstError = true;
    @UriParam(label = "consumer,advanced", defaultValue = "100000")
    private int maxDocuments = 100_000;

    @UriParam(label = "state")
    private String stateDirectory;

    // option groups shared with the other harvesting endpoints, declared once in @UriParams classes (see HttpOptions)
    @UriParam
    private final RetryOptions retryOptions = new RetryOptions();
    @UriParam
    private final HttpAuthOptions authOptions = new HttpAuthOptions();
    @UriParam(label = "advanced", defaultValue = "67108864")
    private long maxDocumentSize = 64L * 1024 * 1024;
    @UriParam(label = "advanced", defaultValue = "0")
    private long maxContentSize;

    public AtomPmhEndpoint() {
    }

    public AtomPmhEndpoint(String uri, AtomPmhComponent component, String feedUrl) {
        super(uri, component);
        this.feedUrl = feedUrl;
    }

    @Override
    public AtomPmhComponent getComponent() {
        return (AtomPmhComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException("The resourcesync-atompmh endpoint " + getServiceUrl()
                                                + " is consumer only");
    }

    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        return new AtomPmhConsumer(this, processor);
    }

    @Override
    protected SyncStateStore defaultStateStore() throws Exception {
        return getComponent().stateStore(stateDirectory);
    }

    @Override
    public String getServiceUrl() {
        return feedUri().toString();
    }

    @Override
    public String getServiceProtocol() {
        return "atom-pmh";
    }

    /** The feed URL without user-info: credentials never travel into headers, state keys or logs. */
    URI feedUri() {
        return UrlRedaction.stripUserInfo(rawFeedUri());
    }

    private URI rawFeedUri() {
        return parseUri("resourcesync-atompmh: feedUrl", feedUrl);
    }

    AtomPmhOptions harvestOptions() {
        return new AtomPmhOptions().mediaTypes(mediaTypes == null ? null : Arrays.asList(mediaTypes.split(",")))
                .fetchContent(fetchContent).useAtomIdAsLocation(useAtomIdAsLocation).followNext(followNext)
                .maxDocuments(maxDocuments).stateId(getStateId());
    }

    FetcherConfig fetcherConfig() throws Exception {
        FetcherConfig c = getHttpOptions().fetcherConfig(getCamelContext());
        return retryOptions.applyTo(authOptions.applyTo(c)).maxDocumentSize(maxDocumentSize)
                .maxContentSize(maxContentSize);
    }

    public RetryOptions getRetryOptions() {
        return retryOptions;
    }

    public HttpAuthOptions getAuthOptions() {
        return authOptions;
    }

    public String getFeedUrl() {
        return feedUrl;
    }

    /** The feed's subscription document: `http:`, `https:`, `file:` or `classpath:`. */
    public void setFeedUrl(String feedUrl) {
        this.feedUrl = feedUrl;
    }

    public String getCron() {
        return cron;
    }

    /**
     * Poll on a Quartz cron expression (the syntax of camel-quartz) instead of a fixed delay; needs camel-quartz. The
     * same as `scheduler=quartz&scheduler.cron=...`; empty: use `delay`.
     */
    public void setCron(String cron) {
        this.cron = cron;
    }

    public String getMediaTypes() {
        return mediaTypes;
    }

    /**
     * Comma-separated media types of the representation to take, most preferred first (`application/rifcs+xml,
     * application/atom+xml`); parameters are compared only when given. Records with none of them are passed over (or
     * deleted, when the destination had them). Empty: the first alternate link of each entry.
     */
    public void setMediaTypes(String mediaTypes) {
        this.mediaTypes = mediaTypes;
    }

    public boolean isFetchContent() {
        return fetchContent;
    }

    /**
     * Fetch the chosen representation as the body. 403, 404 or 410 on it means the record is gone (a `deleted`
     * event when the destination had it); 401, 5xx and connection errors fail the exchange, to be retried.
     */
    public void setFetchContent(boolean fetchContent) {
        this.fetchContent = fetchContent;
    }

    public boolean isUseAtomIdAsLocation() {
        return useAtomIdAsLocation;
    }

    /** Use the record's `atom:id` (when it is an absolute URI) as the event location instead of the chosen link. */
    public void setUseAtomIdAsLocation(boolean useAtomIdAsLocation) {
        this.useAtomIdAsLocation = useAtomIdAsLocation;
    }

    public boolean isFollowNext() {
        return followNext;
    }

    /** Also follow paged-feed `next` links (feeds that page instead of archiving with `prev-archive`). */
    public void setFollowNext(boolean followNext) {
        this.followNext = followNext;
    }

    public boolean isBreakOnFirstError() {
        return breakOnFirstError;
    }

    /**
     * Stop the poll at the first failed exchange, to resume at that record next poll (at least once, in order);
     * `false` passes over it.
     */
    public void setBreakOnFirstError(boolean breakOnFirstError) {
        this.breakOnFirstError = breakOnFirstError;
    }

    public int getMaxDocuments() {
        return maxDocuments;
    }

    /** Most feed documents one harvest reads, against endless or looping archive chains. */
    public void setMaxDocuments(int maxDocuments) {
        this.maxDocuments = maxDocuments;
    }

    public String getStateDirectory() {
        return stateDirectory;
    }

    /** Directory of an embedded state store for this endpoint (shared with endpoints naming the same directory). */
    public void setStateDirectory(String stateDirectory) {
        this.stateDirectory = ObjectHelper.isEmpty(stateDirectory) ? null : stateDirectory;
    }

    public long getMaxDocumentSize() {
        return maxDocumentSize;
    }

    /** Largest feed document read, in bytes (after decompression). */
    public void setMaxDocumentSize(long maxDocumentSize) {
        this.maxDocumentSize = maxDocumentSize;
    }

    public long getMaxContentSize() {
        return maxContentSize;
    }

    /** Largest representation fetched as a body, in bytes; 0: no limit. */
    public void setMaxContentSize(long maxContentSize) {
        this.maxContentSize = maxContentSize;
    }
}
