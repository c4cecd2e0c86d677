package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.harvest.GapPolicy;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.SyncMode;
import io.github.camelresourcesync.harvest.audit.AuditDestination;
import io.github.camelresourcesync.harvest.audit.DirectoryAuditDestination;
import io.github.camelresourcesync.harvest.audit.StateStoreAuditDestination;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;

/**
 * Harvest a ResourceSync Source: baseline from its Resource Lists, then follow its Change Lists, one exchange per
 * resource or change, with fixity checked and progress kept across restarts.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync", title = "ResourceSync", syntax = "resourcesync:sourceUrl",
             category = { Category.FILE, Category.HTTP }, consumerOnly = true,
             headersClass = ResourceSyncConstants.class)
public class ResourceSyncEndpoint extends SyncEventEndpoint {

    /**
     * Twenty times the Sitemap protocol's 50,000 (Sources exceed it), yet bounded: an incremental pass sorts one Change
     * List's new entries in memory.
     */
    static final long DEFAULT_MAX_ENTRIES = 1_000_000;

    @UriPath(description = "Where the Source is: a site base URL (`/.well-known/resourcesync` is tried), a Source"
                           + " Description, a Capability List, a Resource List or Change List, or a page linking"
                           + " to one with `rel=resourcesync`. `http:`, `https:`, `file:` and `classpath:`.")
    @Metadata(required = true)
    private String sourceUrl;

    @UriParam(label = "consumer", defaultValue = "auto", enums = "auto,baseline,incremental,audit",
              description = "`auto`: baseline from the Resource List once, then follow the Change List (repeated"
                            + " baseline when the Source has no Change List). `baseline`: every poll compares the"
                            + " Resource List with what the destination has and emits what is new or changed."
                            + " `incremental`: only Change Lists; without a resume point every listed change is"
                            + " emitted. `audit`: every poll compares what the destination has (the state store, or"
                            + " `auditDirectory`) with the Resource List and emits one event per resource `missing`,"
                            + " `changed` or `extra`, then a report; nothing is synced and no state changes (see"
                            + " docs/audit.md).")
    private SyncMode mode = SyncMode.AUTO;
    @UriParam(label = "consumer", defaultValue = "true",
              description = "Fetch each resource and make its bytes the body, verified against the published length and"
                            + " every published hash; a mismatch fails the event and it is never delivered as good."
                            + " When false, events carry metadata only.")
    private boolean fetchContent = true;
    @UriParam(label = "consumer", defaultValue = "false",
              description = "In a baseline, emit `deleted` events for resources the destination has but the Resource"
                            + " List no longer lists. (A baseline run to close a gap in the Change Lists always does.)")
    private boolean emitDeletes;
    @UriParam(label = "consumer", defaultValue = "baseline", enums = "baseline,fail,ignore",
              description = "What to do when the oldest Change List starts after the resume point (changes in between"
                            + " are not listed any more): `baseline` re-baselines (with deletes), `fail` fails the"
                            + " poll until an operator acts, `ignore` logs and accepts the loss.")
    private GapPolicy gapPolicy = GapPolicy.BASELINE;
    @UriParam(label = "consumer",
              description = "Follow only the Capability List whose URI equals or ends with this value, when the Source"
                            + " Description lists several. Default: all, each with its own resume point.")
    private String capabilityList;
    @UriParam(label = "consumer,dump", defaultValue = "false",
              description = "Sync from the Source's Resource Dump (baseline) and Change Dump (incremental) when it"
                            + " offers them: one ZIP package per many resources instead of one GET each. Lists are"
                            + " used when the Source has no dumps; a Source that offers only dumps is synced from them"
                            + " whatever this says. Each bitstream is verified against its manifest's hash and length,"
                            + " and the resume point works as with lists.")
    private boolean preferDumps;
    @UriParam(label = "consumer,dump", defaultValue = "100000",
              description = "Most ZIP entries (and manifest entries) one dump package may have; a package with more is"
                            + " refused whole.")
    private int maxDumpEntries = DumpLimits.DEFAULT_MAX_ENTRIES;
    @UriParam(label = "consumer,dump", defaultValue = "4294967296",
              description = "Most bytes the entries of one dump package may inflate to (default 4 GiB); a package"
                            + " declaring more is refused whole, and no entry is ever read past the size it declares.")
    private long maxDumpSize = DumpLimits.DEFAULT_MAX_UNCOMPRESSED_SIZE;
    @UriParam(label = "consumer,dump", defaultValue = "100",
              description = "Most an entry of a dump package (or the package as a whole) may inflate relative to its"
                            + " compressed size, against zip bombs; entries under 64 KiB are exempt. A package over it"
                            + " is refused whole.")
    private int maxDumpCompressionRatio = DumpLimits.DEFAULT_MAX_COMPRESSION_RATIO;
    @UriParam(label = "consumer,advanced", defaultValue = "900000", javaType = "java.time.Duration",
              description = "How long discovered Capability Lists are trusted before the Source Description is read"
                            + " again (also read again after a failed poll).")
    private long rediscoveryInterval = 900_000;
    @UriParam(label = "consumer,advanced", defaultValue = "300000", javaType = "java.time.Duration",
              description = "How far the Source's clock may run ahead of this machine's. A time from the Source later"
                            + " than now plus this (a change's datetime, a list's at) is logged as a WARN and never"
                            + " becomes a resume point, so the changes after it are still delivered; the change"
                            + " itself is delivered.")
    private long clockSkewTolerance = 300_000;

    @UriParam(label = "consumer,audit",
              description = "With `mode=audit`: audit this mirror directory (as written by `resourcesync-mirror:` or"
                            + " `file:` with the events' `CamelFileName`) instead of the state store. Every listed"
                            + " file is re-hashed in the algorithms the Source publishes, so a file damaged in place"
                            + " is found; files no list names are `extra`.")
    private String auditDirectory;
    @UriParam(label = "consumer,audit,advanced",
              description = "With `mode=audit`: a custom destination to audit (a database, an object store),"
                            + " implementing `io.github.camelresourcesync.harvest.audit.AuditDestination`; takes precedence"
                            + " over `auditDirectory`.")
    private AuditDestination auditDestination;
    @UriParam(label = "consumer,audit", defaultValue = "true",
              description = "With `mode=audit`: after the discrepancy events, send one report exchange (header"
                            + " `CamelResourceSyncAuditResult=report`, the counts as headers, a one-line summary as"
                            + " body). A failed audit sends none.")
    private boolean auditReport = true;

    @UriParam(label = "consumer,push", defaultValue = "false",
              description = "Receive the Source's change and framework notifications over WebSub, so changes arrive"
                            + " within milliseconds of being published instead of at the next poll. Channels come from"
                            + " the Capability List (entries with capability `changelist-notification` or"
                            + " `framework-notification` carrying `rs:ln` with `rel=hub`) or from `pushTopic`. The"
                            + " callback is served by Camel's HTTP server (`platform-http`: add"
                            + " camel-platform-http-main or camel-platform-http-vertx). Polling goes on at its own pace"
                            + " and remains the source of truth.")
    private boolean push;
    @UriParam(label = "consumer,push",
              description = "The base URL at which hubs reach this application's HTTP server (e.g."
                            + " `https://dest.example.org:8080`); the callback is this URL followed by"
                            + " `pushCallbackPath`. Required with `push=true`.")
    private String pushCallbackUrl;
    @UriParam(label = "consumer,push",
              description = "The path the callback is served at by the HTTP server; default `/resourcesync/push/`"
                            + " followed by the route id.")
    private String pushCallbackPath;
    @UriParam(label = "consumer,push",
              description = "A notification channel (WebSub topic URL) to subscribe to in addition to those the"
                            + " Capability List advertises. Without `pushHub` its hub is discovered from the topic's"
                            + " `Link` header with `rel=hub`.")
    private String pushTopic;
    @UriParam(label = "consumer,push",
              description = "The WebSub hub of `pushTopic`; without it the hub is discovered from the topic.")
    private String pushHub;
    @UriParam(label = "consumer,push,security", secret = true,
              description = "The `hub.secret` sent with each subscription: deliveries must then carry a valid"
                            + " `X-Hub-Signature` (sha1, sha256, sha384 or sha512 HMAC of the body) and unsigned or"
                            + " wrongly signed deliveries are refused. Required with `push=true` unless"
                            + " `pushAllowUnsigned=true`: without it anyone who knows the callback URL could announce"
                            + " changes.")
    private String pushSecret;
    @UriParam(label = "consumer,push", defaultValue = "86400",
              description = "The lease asked for, in seconds; subscriptions are renewed when three quarters of the"
                            + " granted lease passed.")
    private int pushLeaseSeconds = 86_400;
    @UriParam(label = "consumer,push,advanced", defaultValue = "60000", javaType = "java.time.Duration",
              description = "How long a subscription request may stay unverified by the hub (which may answer 202 and"
                            + " verify later) before it is sent again, with backoff.")
    private long pushVerifyTimeout = 60_000;
    @UriParam(label = "consumer,push,advanced", defaultValue = "platform-http",
              description = "The Camel component that serves the callback: `platform-http` or another with the same URI"
                            + " syntax.")
    private String pushComponent = "platform-http";
    @UriParam(label = "consumer,push,security", defaultValue = "false",
              description = "Without `pushSecret`, a route with `push=true` is refused at start, since anyone who can"
                            + " reach the callback could announce changes. `true` accepts unsigned deliveries, but only"
                            + " as hints: each makes the route read the Source's lists at once (as a poll does); it"
                            + " never delivers an event or records a change by itself.")
    private boolean pushAllowUnsigned;

    @UriParam(label = "advanced", defaultValue = "1000000",
              description = "Most entries accepted in one document (the Sitemap protocol's limit is 50,000, which real"
                            + " Sources exceed); a document with more fails the poll with an error naming it. Bounds"
                            + " the memory of an incremental pass, which sorts the new entries of one Change List. 0"
                            + " for no limit.")
    private long maxEntriesPerDocument = DEFAULT_MAX_ENTRIES;

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
        throw new UnsupportedOperationException("resourcesync: harvests and is consumer only; the publisher is"
                                                + " resourcesync-publish:<directory>?baseUrl=...");
    }

    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        return new ResourceSyncConsumer(this, processor);
    }

    @Override
    public String getServiceProtocol() {
        return "resourcesync";
    }

    @Override
    protected URI configuredUri() {
        return parseUri("resourcesync: sourceUrl", sourceUrl);
    }

    /** The Source URL without user-info: credentials never travel into headers, state keys or logs. */
    URI sourceUri() {
        return safeUri();
    }

    HarvestOptions harvestOptions() {
        return new HarvestOptions().mode(mode).fetchContent(fetchContent).emitDeletes(emitDeletes)
                .gapPolicy(gapPolicy).capabilityList(capabilityList)
                .fetchParallelism(getDeliveryConfiguration().getFetchParallelism())
                .fetchWaitLimit(fetcherConfig().longestFetch())
                .rediscoveryInterval(Duration.ofMillis(rediscoveryInterval)).stateId(getStateId())
                .preferDumps(preferDumps)
                .dumpLimits(new DumpLimits(maxDumpEntries, maxDumpSize, maxDumpCompressionRatio))
                .clockSkewTolerance(Duration.ofMillis(clockSkewTolerance));
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
        String dir = getHttpConfiguration().getSpoolDirectory();
        return dir == null ? null : Path.of(dir);
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

    public void setMode(SyncMode mode) {
        this.mode = mode;
    }

    public boolean isFetchContent() {
        return fetchContent;
    }

    public void setFetchContent(boolean fetchContent) {
        this.fetchContent = fetchContent;
    }

    public boolean isEmitDeletes() {
        return emitDeletes;
    }

    public void setEmitDeletes(boolean emitDeletes) {
        this.emitDeletes = emitDeletes;
    }

    public GapPolicy getGapPolicy() {
        return gapPolicy;
    }

    public void setGapPolicy(GapPolicy gapPolicy) {
        this.gapPolicy = gapPolicy;
    }

    public boolean isPreferDumps() {
        return preferDumps;
    }

    public void setPreferDumps(boolean preferDumps) {
        this.preferDumps = preferDumps;
    }

    public int getMaxDumpEntries() {
        return maxDumpEntries;
    }

    public void setMaxDumpEntries(int maxDumpEntries) {
        this.maxDumpEntries = maxDumpEntries;
    }

    public long getMaxDumpSize() {
        return maxDumpSize;
    }

    public void setMaxDumpSize(long maxDumpSize) {
        this.maxDumpSize = maxDumpSize;
    }

    public int getMaxDumpCompressionRatio() {
        return maxDumpCompressionRatio;
    }

    public void setMaxDumpCompressionRatio(int maxDumpCompressionRatio) {
        this.maxDumpCompressionRatio = maxDumpCompressionRatio;
    }

    public String getCapabilityList() {
        return capabilityList;
    }

    public void setCapabilityList(String capabilityList) {
        this.capabilityList = capabilityList;
    }

    public long getRediscoveryInterval() {
        return rediscoveryInterval;
    }

    public void setRediscoveryInterval(long rediscoveryInterval) {
        this.rediscoveryInterval = rediscoveryInterval;
    }

    public long getClockSkewTolerance() {
        return clockSkewTolerance;
    }

    public void setClockSkewTolerance(long clockSkewTolerance) {
        this.clockSkewTolerance = clockSkewTolerance;
    }

    public String getAuditDirectory() {
        return auditDirectory;
    }

    public void setAuditDirectory(String auditDirectory) {
        this.auditDirectory = auditDirectory;
    }

    public AuditDestination getAuditDestination() {
        return auditDestination;
    }

    public void setAuditDestination(AuditDestination auditDestination) {
        this.auditDestination = auditDestination;
    }

    public boolean isAuditReport() {
        return auditReport;
    }

    public void setAuditReport(boolean auditReport) {
        this.auditReport = auditReport;
    }

    public long getMaxEntriesPerDocument() {
        return maxEntriesPerDocument;
    }

    public void setMaxEntriesPerDocument(long maxEntriesPerDocument) {
        this.maxEntriesPerDocument = maxEntriesPerDocument;
    }

    public boolean isPush() {
        return push;
    }

    public void setPush(boolean push) {
        this.push = push;
    }

    public String getPushCallbackUrl() {
        return pushCallbackUrl;
    }

    public void setPushCallbackUrl(String pushCallbackUrl) {
        this.pushCallbackUrl = pushCallbackUrl;
    }

    public String getPushCallbackPath() {
        return pushCallbackPath;
    }

    public void setPushCallbackPath(String pushCallbackPath) {
        this.pushCallbackPath = pushCallbackPath;
    }

    public String getPushTopic() {
        return pushTopic;
    }

    public void setPushTopic(String pushTopic) {
        this.pushTopic = pushTopic;
    }

    public String getPushHub() {
        return pushHub;
    }

    public void setPushHub(String pushHub) {
        this.pushHub = pushHub;
    }

    public String getPushSecret() {
        return pushSecret;
    }

    public void setPushSecret(String pushSecret) {
        this.pushSecret = pushSecret;
    }

    public int getPushLeaseSeconds() {
        return pushLeaseSeconds;
    }

    public void setPushLeaseSeconds(int pushLeaseSeconds) {
        this.pushLeaseSeconds = pushLeaseSeconds;
    }

    public long getPushVerifyTimeout() {
        return pushVerifyTimeout;
    }

    public void setPushVerifyTimeout(long pushVerifyTimeout) {
        this.pushVerifyTimeout = pushVerifyTimeout;
    }

    public String getPushComponent() {
        return pushComponent;
    }

    public void setPushComponent(String pushComponent) {
        this.pushComponent = pushComponent;
    }

    public boolean isPushAllowUnsigned() {
        return pushAllowUnsigned;
    }

    public void setPushAllowUnsigned(boolean pushAllowUnsigned) {
        this.pushAllowUnsigned = pushAllowUnsigned;
    }
}
