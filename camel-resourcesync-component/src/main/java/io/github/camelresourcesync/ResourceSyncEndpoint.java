package io.github.camelresourcesync;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.harvest.AuditDestination;
import io.github.camelresourcesync.harvest.DirectoryAuditDestination;
import io.github.camelresourcesync.harvest.GapPolicy;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.StateStoreAuditDestination;
import io.github.camelresourcesync.harvest.SyncMode;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.publish.PublicationListener;
import io.github.camelresourcesync.publish.Publisher;
import io.github.camelresourcesync.publish.PublisherOptions;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;

/**
 * Harvest a ResourceSync Source: baseline from its Resource Lists, then follow its Change Lists, one exchange per
 * resource or change, with fixity checked and progress kept across restarts. As a producer
 * ({@code resourcesync:publish?directory=...&baseUrl=...}), publish: maintain a ResourceSync Source in a directory from
 * the sync events sent to it.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync", title = "ResourceSync", syntax = "resourcesync:sourceUrl",
             category = { Category.FILE, Category.HTTP },
             headersClass = ResourceSyncConstants.class)
public class ResourceSyncEndpoint extends SyncEventEndpoint {

    /**
     * Twenty times the Sitemap protocol's 50,000 (Sources exceed it), yet bounded: an incremental pass sorts one Change
     * List's new entries in memory.
     */
    static final long DEFAULT_MAX_ENTRIES = 1_000_000;

    @UriPath(description = "Where the Source is: a site base URL (`/.well-known/resourcesync` is tried), a Source"
                           + " Description, a Capability List, a Resource List or Change List, or a page linking"
                           + " to one with `rel=\"resourcesync\"`. `http:`, `https:`, `file:` and `classpath:`."
                           + " For the producer (publisher), by convention `publish`; it names the endpoint only.")
    @Metadata(required = true)
    private String sourceUrl;

    @UriParam(label = "consumer", defaultValue = "auto", enums = "auto,baseline,incremental,audit")
    private SyncMode mode = SyncMode.AUTO;
    @UriParam(label = "consumer", defaultValue = "true")
    private boolean fetchContent = true;
    @UriParam(label = "consumer", defaultValue = "false")
    private boolean emitDeletes;
    @UriParam(label = "consumer", defaultValue = "baseline", enums = "baseline,fail,ignore")
    private GapPolicy gapPolicy = GapPolicy.BASELINE;
    @UriParam(label = "consumer")
    private String capabilityList;
    @UriParam(label = "consumer,dump", defaultValue = "false")
    private boolean preferDumps;
    @UriParam(label = "consumer,dump", defaultValue = "100000")
    private int maxDumpEntries = DumpLimits.DEFAULT_MAX_ENTRIES;
    @UriParam(label = "consumer,dump", defaultValue = "4294967296")
    private long maxDumpSize = DumpLimits.DEFAULT_MAX_UNCOMPRESSED_SIZE;
    @UriParam(label = "consumer,dump", defaultValue = "100")
    private int maxDumpCompressionRatio = DumpLimits.DEFAULT_MAX_COMPRESSION_RATIO;
    @UriParam(label = "consumer", defaultValue = "4")
    private int fetchParallelism = 4;
    @UriParam(label = "consumer", defaultValue = "true")
    private boolean breakOnFirstError = true;
    @UriParam(label = "consumer,advanced", defaultValue = "900000", javaType = "java.time.Duration")
    private long rediscoveryInterval = 900_000;
    @UriParam(label = "consumer,advanced", defaultValue = "10000", javaType = "java.time.Duration")
    private long progressInterval = 10_000;

    @UriParam(label = "consumer,audit")
    private String auditDirectory;
    @UriParam(label = "consumer,audit,advanced")
    private AuditDestination auditDestination;
    @UriParam(label = "consumer,audit", defaultValue = "true")
    private boolean auditReport = true;

    @UriParam(label = "consumer,push", defaultValue = "false")
    private boolean push;
    @UriParam(label = "consumer,push")
    private String pushCallbackUrl;
    @UriParam(label = "consumer,push")
    private String pushCallbackPath;
    @UriParam(label = "consumer,push")
    private String pushTopic;
    @UriParam(label = "push")
    private String pushHub;
    @UriParam(label = "consumer,push,security", secret = true)
    private String pushSecret;
    @UriParam(label = "consumer,push", defaultValue = "86400")
    private int pushLeaseSeconds = 86_400;
    @UriParam(label = "consumer,push,advanced", defaultValue = "60000", javaType = "java.time.Duration")
    private long pushVerifyTimeout = 60_000;
    @UriParam(label = "consumer,push,advanced", defaultValue = "platform-http")
    private String pushComponent = "platform-http";

    // option groups shared with the other harvesting endpoints, declared once in @UriParams classes (see HttpOptions)
    @UriParam
    private final RetryOptions retryOptions = new RetryOptions();
    @UriParam
    private final ProxyOptions proxyOptions = new ProxyOptions();
    @UriParam
    private final HttpAuthOptions authOptions = new HttpAuthOptions();
    @UriParam(label = "http", defaultValue = "30000", javaType = "java.time.Duration")
    private long retryMaxDelay = 30_000;
    @UriParam(label = "http", defaultValue = "5")
    private int maxRedirects = 5;
    @UriParam(label = "http", defaultValue = "20")
    private int maxConnections = 20;
    @UriParam(label = "security")
    private String allowedHosts;

    @UriParam(label = "advanced", defaultValue = "268435456")
    private long maxDocumentSize = 256L * 1024 * 1024;
    @UriParam(label = "advanced", defaultValue = "1000000")
    private long maxEntriesPerDocument = DEFAULT_MAX_ENTRIES;
    @UriParam(label = "advanced", defaultValue = "0")
    private long maxContentSize;
    @UriParam(label = "advanced", defaultValue = "1048576")
    private int spoolThreshold = 1024 * 1024;
    @UriParam(label = "advanced")
    private String spoolDirectory;

    @UriParam(label = "producer")
    private String directory;
    @UriParam(label = "producer")
    private String baseUrl;
    @UriParam(label = "producer", defaultValue = "false")
    private boolean storeContent;
    @UriParam(label = "producer", defaultValue = "1000")
    private int changeListSize = 1000;
    @UriParam(label = "producer", defaultValue = "0", javaType = "java.time.Duration")
    private long changeListMaxAge;
    @UriParam(label = "producer", defaultValue = "0")
    private int changeListRetention;
    @UriParam(label = "producer", defaultValue = "false")
    private boolean stampUntil;
    @UriParam(label = "producer", defaultValue = "false")
    private boolean resourceDump;
    @UriParam(label = "producer", defaultValue = "false")
    private boolean changeDump;
    @UriParam(label = "producer,advanced", defaultValue = "50000")
    private int resourceListSize = PublisherOptions.SITEMAP_LIMIT;
    @UriParam(label = "producer,advanced", defaultValue = "10000", javaType = "java.time.Duration")
    private long resourceListInterval = 10_000;
    @UriParam(label = "producer,advanced")
    private String publishStateDirectory;
    @UriParam(label = "producer,advanced", defaultValue = "1000")
    private int publishFlushSize = 1000;
    @UriParam(label = "producer,advanced", defaultValue = "200", javaType = "java.time.Duration")
    private long publishFlushInterval = 200;
    @UriParam(label = "producer,advanced", defaultValue = "false")
    private boolean publishSync;
    @UriParam(label = "producer,advanced")
    private PublicationListener publicationListener;
    @UriParam(label = "producer,push", defaultValue = "fatPing", enums = "fatPing,publish")
    private String pushMode = "fatPing";
    @UriParam(label = "producer,push")
    private String pushChangeTopic;
    @UriParam(label = "producer,push")
    private String pushFrameworkTopic;
    @UriParam(label = "producer,push,advanced", defaultValue = "10000")
    private int pushQueueSize = 10_000;
    @UriParam(label = "producer,push,advanced", defaultValue = "5")
    private int pushRetries = 5;
    @UriParam(label = "producer,push,advanced", defaultValue = "1000", javaType = "java.time.Duration")
    private long pushRetryDelay = 1000;

    private Publisher publisher;
    private int publisherUsers;
    private PublisherPush publisherPush;

    public ResourceSyncEndpoint() {
    }

    public ResourceSyncEndpoint(String uri, ResourceSyncComponent component, String sourceUrl) {
        super(uri, component);
        this.sourceUrl = sourceUrl;
    }

    @Override
    public ResourceSyncComponent getComponent() {
        return (ResourceSyncComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        if (directory == null || baseUrl == null) {
            throw new IllegalArgumentException("A resourcesync producer publishes a Source and needs directory and"
                                               + " baseUrl, e.g. resourcesync:publish?directory=/var/www/rs"
                                               + "&baseUrl=https://example.org/rs/");
        }
        return new ResourceSyncProducer(this);
    }

    /** The endpoint's publisher, opened by its first producer; producers of one endpoint share it. */
    synchronized Publisher acquirePublisher() throws Exception {
        if (publisher == null) {
            PublisherOptions options = publisherOptions();
            PublisherPush push = PublisherPush.configure(this, options);
            try {
                publisher = Publisher.open(options);
            } catch (Exception e) {
                if (push != null) {
                    push.close();
                }
                throw e;
            }
            publisherPush = push;
            if (push != null) {
                push.opened();
            }
        }
        publisherUsers++;
        return publisher;
    }

    synchronized void releasePublisher() {
        if (--publisherUsers == 0 && publisher != null) {
            publisher.close();
            publisher = null;
            if (publisherPush != null) {
                publisherPush.close();
                publisherPush = null;
            }
        }
    }

    PublisherOptions publisherOptions() {
        return new PublisherOptions().directory(Path.of(directory)).baseUrl(URI.create(baseUrl))
                .storeContent(storeContent).changeListSize(changeListSize)
                .changeListMaxAge(Duration.ofMillis(changeListMaxAge)).changeListRetention(changeListRetention)
                .stampUntil(stampUntil)
                .resourceDump(resourceDump).changeDump(changeDump).resourceListSize(resourceListSize)
                .resourceListInterval(Duration.ofMillis(resourceListInterval))
                .stateDirectory(publishStateDirectory == null ? null : Path.of(publishStateDirectory))
                .listener(publicationListener).flushSize(publishFlushSize)
                .flushInterval(Duration.ofMillis(publishFlushInterval)).sync(publishSync);
    }

    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        return new ResourceSyncConsumer(this, processor);
    }

    @Override
    protected SyncStateStore defaultStateStore() throws Exception {
        return getComponent().defaultStateStore();
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
        return parseUri("resourcesync: sourceUrl", sourceUrl);
    }

    HarvestOptions harvestOptions() {
        return new HarvestOptions().mode(mode).fetchContent(fetchContent).emitDeletes(emitDeletes)
                .gapPolicy(gapPolicy).capabilityList(capabilityList).fetchParallelism(fetchParallelism)
                .rediscoveryInterval(Duration.ofMillis(rediscoveryInterval)).stateId(getStateId())
                .preferDumps(preferDumps)
                .dumpLimits(new DumpLimits(maxDumpEntries, maxDumpSize, maxDumpCompressionRatio));
    }

    /**
     * What {@code mode=audit} compares with: the {@code auditDestination} bean, else the {@code auditDirectory},
     * else the state store; {@code null} in the other modes.
     */
    AuditDestination auditDestination(SyncStateStore store) {
        if (mode != SyncMode.AUDIT) {
            if (auditDirectory != null || auditDestination != null) {
                throw new IllegalArgumentException("resourcesync: auditDirectory and auditDestination are used only"
                                                   + " with mode=audit, and this endpoint has mode="
                                                   + mode.name().toLowerCase(Locale.ROOT));
            }
            return null;
        }
        if (push) {
            throw new IllegalArgumentException("resourcesync: push follows changes and mode=audit only compares;"
                                               + " use a separate endpoint for each");
        }
        if (auditDestination != null) {
            return auditDestination;
        }
        return auditDirectory != null ? new DirectoryAuditDestination(Path.of(auditDirectory))
                : new StateStoreAuditDestination(store);
    }

    Path spoolDirectoryPath() {
        return spoolDirectory == null ? null : Path.of(spoolDirectory);
    }

    FetcherConfig fetcherConfig() throws Exception {
        FetcherConfig c = getHttpOptions().fetcherConfig(getCamelContext());
        retryOptions.applyTo(proxyOptions.applyTo(authOptions.applyTo(c)));
        String userInfo = rawSourceUri().getUserInfo();
        if (authOptions.getUsername() == null && userInfo != null) {
            // http://user:pass@host/ works as in a browser, as Basic credentials for the Source's origin
            int colon = userInfo.indexOf(':');
            c.username(colon < 0 ? userInfo : userInfo.substring(0, colon))
                    .password(colon < 0 ? null : userInfo.substring(colon + 1));
        }
        return c.retryMaxDelay(Duration.ofMillis(retryMaxDelay)).maxRedirects(maxRedirects)
                .maxConnections(maxConnections).maxDocumentSize(maxDocumentSize).maxContentSize(maxContentSize)
                .spoolThreshold(spoolThreshold).spoolDirectory(spoolDirectoryPath())
                .allowedHosts(AllowedHosts.forSource(sourceUri(), allowedHosts));
    }

    public RetryOptions getRetryOptions() {
        return retryOptions;
    }

    public ProxyOptions getProxyOptions() {
        return proxyOptions;
    }

    public HttpAuthOptions getAuthOptions() {
        return authOptions;
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
     * emitted. `audit`: every poll compares what the destination has (the state store, or `auditDirectory`) with
     * the Resource List and emits one event per resource `missing`, `changed` or `extra`, then a report; nothing is
     * synced and no state changes (see docs/audit.md).
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

    public boolean isPreferDumps() {
        return preferDumps;
    }

    /**
     * Sync from the Source's Resource Dump (baseline) and Change Dump (incremental) when it offers them: one ZIP
     * package per many resources instead of one GET each. Lists are used when the Source has no dumps; a Source that
     * offers only dumps is synced from them whatever this says. Each bitstream is verified against its manifest's
     * hash and length, and the resume point works as with lists.
     */
    public void setPreferDumps(boolean preferDumps) {
        this.preferDumps = preferDumps;
    }

    public int getMaxDumpEntries() {
        return maxDumpEntries;
    }

    /** Most ZIP entries (and manifest entries) one dump package may have; a package with more is refused whole. */
    public void setMaxDumpEntries(int maxDumpEntries) {
        this.maxDumpEntries = maxDumpEntries;
    }

    public long getMaxDumpSize() {
        return maxDumpSize;
    }

    /**
     * Most bytes the entries of one dump package may inflate to (default 4 GiB); a package declaring more is refused
     * whole, and no entry is ever read past the size it declares.
     */
    public void setMaxDumpSize(long maxDumpSize) {
        this.maxDumpSize = maxDumpSize;
    }

    public int getMaxDumpCompressionRatio() {
        return maxDumpCompressionRatio;
    }

    /**
     * Most an entry of a dump package (or the package as a whole) may inflate relative to its compressed size, against
     * zip bombs; entries under 64 KiB are exempt. A package over it is refused whole.
     */
    public void setMaxDumpCompressionRatio(int maxDumpCompressionRatio) {
        this.maxDumpCompressionRatio = maxDumpCompressionRatio;
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

    public String getAuditDirectory() {
        return auditDirectory;
    }

    /**
     * With `mode=audit`: audit this mirror directory (as written by `resourcesync-mirror:` or `file:` with the events'
     * `CamelFileName`) instead of the state store. Every listed file is re-hashed in the algorithms the Source
     * publishes, so a file damaged in place is found; files no list names are `extra`.
     */
    public void setAuditDirectory(String auditDirectory) {
        this.auditDirectory = auditDirectory;
    }

    public AuditDestination getAuditDestination() {
        return auditDestination;
    }

    /**
     * With `mode=audit`: a custom destination to audit (a database, an object store), implementing
     * `io.github.camelresourcesync.harvest.AuditDestination`; takes precedence over `auditDirectory`.
     */
    public void setAuditDestination(AuditDestination auditDestination) {
        this.auditDestination = auditDestination;
    }

    public boolean isAuditReport() {
        return auditReport;
    }

    /**
     * With `mode=audit`: after the discrepancy events, send one report exchange (header
     * `CamelResourceSyncAuditResult=report`, the counts as headers, a one-line summary as body). A failed audit sends
     * none.
     */
    public void setAuditReport(boolean auditReport) {
        this.auditReport = auditReport;
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

    public String getAllowedHosts() {
        return allowedHosts;
    }

    /**
     * Hosts the harvester may fetch from besides the Source's own host, comma separated; each name also allows its
     * subdomains (as the reference client `resync` does). Checked on every link followed (Capability Lists, indexes,
     * resources, mirrors, dump packages) and on every redirect hop, before a request is sent, so a Source cannot steer
     * the harvester at internal addresses; a refused link fails its event with an error naming the URL and the
     * allowed hosts. A single asterisk allows any host (and `file:` links). Default: only the Source's host and its
     * subdomains (any host for a `file:` or `classpath:` Source).
     */
    public void setAllowedHosts(String allowedHosts) {
        this.allowedHosts = allowedHosts;
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

    /**
     * Most entries accepted in one document (the Sitemap protocol's limit is 50,000, which real Sources exceed); a
     * document with more fails the poll with an error naming it. Bounds the memory of an incremental pass, which sorts
     * the new entries of one Change List. 0 for no limit.
     */
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

    /**
     * Directory for spooled bodies and for the temporary file of an audit; default: the JVM's temporary directory.
     */
    public void setSpoolDirectory(String spoolDirectory) {
        this.spoolDirectory = spoolDirectory;
    }

    public boolean isPush() {
        return push;
    }

    /**
     * Receive the Source's change and framework notifications over WebSub, so changes arrive within milliseconds of
     * being published instead of at the next poll. Channels come from the Capability List (entries with capability
     * `changelist-notification` or `framework-notification` carrying `rs:ln rel="hub"`) or from `pushTopic`. The
     * callback is served by Camel's HTTP server (`platform-http`: add camel-platform-http-main or
     * camel-platform-http-vertx). Polling goes on at its own pace and remains the source of truth.
     */
    public void setPush(boolean push) {
        this.push = push;
    }

    public String getPushCallbackUrl() {
        return pushCallbackUrl;
    }

    /**
     * The base URL at which hubs reach this application's HTTP server (e.g. `https://dest.example.org:8080`); the
     * callback is this URL followed by `pushCallbackPath`. Required with `push=true`.
     */
    public void setPushCallbackUrl(String pushCallbackUrl) {
        this.pushCallbackUrl = pushCallbackUrl;
    }

    public String getPushCallbackPath() {
        return pushCallbackPath;
    }

    /**
     * The path the callback is served at by the HTTP server; default `/resourcesync/push/` followed by the route id.
     */
    public void setPushCallbackPath(String pushCallbackPath) {
        this.pushCallbackPath = pushCallbackPath;
    }

    public String getPushTopic() {
        return pushTopic;
    }

    /**
     * A notification channel (WebSub topic URL) to subscribe to in addition to those the Capability List advertises.
     * Without `pushHub` its hub is discovered from the topic's `Link` header with `rel="hub"`.
     */
    public void setPushTopic(String pushTopic) {
        this.pushTopic = pushTopic;
    }

    public String getPushHub() {
        return pushHub;
    }

    /**
     * The WebSub hub. Consumer: the hub of `pushTopic`. Publisher: the hub it posts change and framework notifications
     * to, advertised in its Capability List (setting it turns notifications on).
     */
    public void setPushHub(String pushHub) {
        this.pushHub = pushHub;
    }

    public String getPushSecret() {
        return pushSecret;
    }

    /**
     * The `hub.secret` sent with each subscription: deliveries must then carry a valid `X-Hub-Signature` (sha1,
     * sha256, sha384 or sha512 HMAC of the body) and unsigned or wrongly signed deliveries are refused. Strongly
     * recommended: without it anyone who knows the callback URL can announce changes (their content is still fetched
     * from the Source and verified).
     */
    public void setPushSecret(String pushSecret) {
        this.pushSecret = pushSecret;
    }

    public int getPushLeaseSeconds() {
        return pushLeaseSeconds;
    }

    /** The lease asked for, in seconds; subscriptions are renewed when three quarters of the granted lease passed. */
    public void setPushLeaseSeconds(int pushLeaseSeconds) {
        this.pushLeaseSeconds = pushLeaseSeconds;
    }

    public long getPushVerifyTimeout() {
        return pushVerifyTimeout;
    }

    /**
     * How long a subscription request may stay unverified by the hub (which may answer 202 and verify later) before
     * it is sent again, with backoff.
     */
    public void setPushVerifyTimeout(long pushVerifyTimeout) {
        this.pushVerifyTimeout = pushVerifyTimeout;
    }

    public String getPushComponent() {
        return pushComponent;
    }

    /** The Camel component that serves the callback: `platform-http` or another with the same URI syntax. */
    public void setPushComponent(String pushComponent) {
        this.pushComponent = pushComponent;
    }

    public String getDirectory() {
        return directory;
    }

    /**
     * Publisher: the directory the Source is written into, the document root of the web server that serves it at
     * `baseUrl`.
     */
    public void setDirectory(String directory) {
        this.directory = directory;
    }

    public String getBaseUrl() {
        return baseUrl;
    }

    /** Publisher: the URL the directory is served at; every URI in the published documents starts with it. */
    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public boolean isStoreContent() {
        return storeContent;
    }

    /**
     * Publisher: keep each event's body under `resources/` and publish that copy (with a `via` link to the original
     * URI), for harvesters that cannot reach the original. When false, bodies are only hashed and the original URIs
     * are published.
     */
    public void setStoreContent(boolean storeContent) {
        this.storeContent = storeContent;
    }

    public int getChangeListSize() {
        return changeListSize;
    }

    /**
     * Publisher: changes in one Change List; the next change closes it and opens a new one behind an index. The open
     * list is rewritten with every batch of changes (see `publishFlushSize`), so this also bounds the cost of a
     * batch.
     */
    public void setChangeListSize(int changeListSize) {
        this.changeListSize = changeListSize;
    }

    public long getChangeListMaxAge() {
        return changeListMaxAge;
    }

    /** Publisher: close the open Change List once it is this old (0: only by `changeListSize`). */
    public void setChangeListMaxAge(long changeListMaxAge) {
        this.changeListMaxAge = changeListMaxAge;
    }

    public int getChangeListRetention() {
        return changeListRetention;
    }

    /**
     * Publisher: closed Change Lists kept, with their Change Dump packages; at each rotation the oldest beyond this
     * leave the Change List Index and are deleted. Harvesters that fell further behind see a gap (see `gapPolicy`).
     * 0: every closed list is kept.
     */
    public void setChangeListRetention(int changeListRetention) {
        this.changeListRetention = changeListRetention;
    }

    public boolean isStampUntil() {
        return stampUntil;
    }

    /**
     * Publisher: give the open Change List `until` = the time of its last change, for harvesters that skip lists
     * without `until`.
     */
    public void setStampUntil(boolean stampUntil) {
        this.stampUntil = stampUntil;
    }

    public boolean isResourceDump() {
        return resourceDump;
    }

    /** Publisher: also publish a Resource Dump (ZIP packages with manifests); needs `storeContent`. */
    public void setResourceDump(boolean resourceDump) {
        this.resourceDump = resourceDump;
    }

    public boolean isChangeDump() {
        return changeDump;
    }

    /** Publisher: also publish a Change Dump, one ZIP package per closed Change List; needs `storeContent`. */
    public void setChangeDump(boolean changeDump) {
        this.changeDump = changeDump;
    }

    public int getResourceListSize() {
        return resourceListSize;
    }

    /** Publisher: resources per Resource List; more are split behind a Resource List Index (at most 50000). */
    public void setResourceListSize(int resourceListSize) {
        this.resourceListSize = resourceListSize;
    }

    public long getResourceListInterval() {
        return resourceListInterval;
    }

    /**
     * Publisher: least time between two rewrites of the Resource Lists (and Resource Dump), which cost time in
     * proportion to the Source's size; a timer writes pending ones. 0 rewrites them after every change. Changes
     * since the Resource List's `at` are always in the Change Lists, so harvesters miss nothing meanwhile.
     */
    public void setResourceListInterval(long resourceListInterval) {
        this.resourceListInterval = resourceListInterval;
    }

    public String getPublishStateDirectory() {
        return publishStateDirectory;
    }

    /** Publisher: where it records what it published; default `.publisher` in `directory` (keep it unserved). */
    public void setPublishStateDirectory(String publishStateDirectory) {
        this.publishStateDirectory = publishStateDirectory;
    }

    public int getPublishFlushSize() {
        return publishFlushSize;
    }

    /**
     * Publisher: write the documents (the open Change List) as soon as this many published changes wait for them. An
     * exchange completes once its change is durable in the publisher's store; harvesters see it after this many
     * changes, at the end of the consumer's batch (`CamelBatchComplete`), or within `publishFlushInterval`. 1: after
     * every event (slow: the open list is rewritten per event).
     */
    public void setPublishFlushSize(int publishFlushSize) {
        this.publishFlushSize = publishFlushSize;
    }

    public long getPublishFlushInterval() {
        return publishFlushInterval;
    }

    /** Publisher: longest time a published change waits before the documents show it. */
    public void setPublishFlushInterval(long publishFlushInterval) {
        this.publishFlushInterval = publishFlushInterval;
    }

    public boolean isPublishSync() {
        return publishSync;
    }

    /**
     * Publisher: force each event's record to the disk before the exchange completes, so acknowledged changes
     * survive a power loss or an operating system crash, not only a crash of the JVM; costs one disk sync per event.
     */
    public void setPublishSync(boolean publishSync) {
        this.publishSync = publishSync;
    }

    public PublicationListener getPublicationListener() {
        return publicationListener;
    }

    /** Publisher: told of each published change, Change List rotation and written document (e.g. a WebSub hub). */
    public void setPublicationListener(PublicationListener publicationListener) {
        this.publicationListener = publicationListener;
    }

    /** The publisher's notification counters, or {@code null} without {@code pushHub} or before a producer started. */
    synchronized io.github.camelresourcesync.notify.HubNotifier.Stats publisherPushStats() {
        return publisherPush == null ? null : publisherPush.stats();
    }

    public String getPushMode() {
        return pushMode;
    }

    /**
     * Publisher: how notifications reach `pushHub`. `fatPing` posts the notification payload itself with `Link`
     * rel=self/hub headers (the ResourceSync way); `publish` sends `hub.mode=publish` and the hub fetches the topic,
     * which the publisher keeps serving the latest notifications (the topics must then lie under `baseUrl`).
     */
    public void setPushMode(String pushMode) {
        this.pushMode = pushMode;
    }

    public String getPushChangeTopic() {
        return pushChangeTopic;
    }

    /**
     * Publisher: the change notification channel (topic URL); default `notification/changelist.xml` under `baseUrl`.
     */
    public void setPushChangeTopic(String pushChangeTopic) {
        this.pushChangeTopic = pushChangeTopic;
    }

    public String getPushFrameworkTopic() {
        return pushFrameworkTopic;
    }

    /**
     * Publisher: the framework notification channel (topic URL); default `notification/framework.xml` under
     * `baseUrl`.
     */
    public void setPushFrameworkTopic(String pushFrameworkTopic) {
        this.pushFrameworkTopic = pushFrameworkTopic;
    }

    public int getPushQueueSize() {
        return pushQueueSize;
    }

    /**
     * Publisher: notifications (one per change or created document) waiting for the hub at most. Publishing never
     * waits for the hub: beyond this, notifications are dropped, counted and logged, and Destinations see those
     * changes when they poll.
     */
    public void setPushQueueSize(int pushQueueSize) {
        this.pushQueueSize = pushQueueSize;
    }

    public int getPushRetries() {
        return pushRetries;
    }

    /** Publisher: retries of a notification the hub did not accept, before it is given up (0: no retry). */
    public void setPushRetries(int pushRetries) {
        this.pushRetries = pushRetries;
    }

    public long getPushRetryDelay() {
        return pushRetryDelay;
    }

    /** Publisher: delay before the first retry; it doubles with each retry (with jitter), up to 30 seconds. */
    public void setPushRetryDelay(long pushRetryDelay) {
        this.pushRetryDelay = pushRetryDelay;
    }
}
