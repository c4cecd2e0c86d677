package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.HttpSyncEventEndpoint;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.SyncMode;
import io.github.camelresourcesync.validate.ValidateOptions;
import io.github.camelresourcesync.harvest.audit.AuditDestination;
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
public class ResourceSyncEndpoint extends HttpSyncEventEndpoint {

    @UriPath(description = """
                 Where the Source is: a site base URL (`/.well-known/resourcesync` is tried), a Source Description, \
                 a Capability List, a Resource List or Change List, or a page linking to one with \
                 `rel=resourcesync`. `http:`, `https:`, `file:` and `classpath:`.""")
    @Metadata(required = true)
    private String sourceUrl;

    @UriParam
    private HarvestConfiguration harvestConfiguration = new HarvestConfiguration();
    @UriParam
    private DumpConfiguration dumpConfiguration = new DumpConfiguration();
    @UriParam
    private AuditConfiguration auditConfiguration = new AuditConfiguration();
    @UriParam
    private PushConfiguration pushConfiguration = new PushConfiguration();
    @UriParam
    private ValidateConfiguration validateConfiguration = new ValidateConfiguration();

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

    /**
     * A consumer of its own per kind of mode, as camel-atom's {@code FeedEndpoint} chooses between its two: the audit
     * compares and reports, the validator checks the Source and reports, the others sync (the switch covers every
     * mode, so a new mode does not compile until it has one).
     */
    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        return switch (harvestConfiguration.getMode()) {
            case AUDIT -> new ResourceSyncAuditConsumer(this, processor);
            case VALIDATE -> new ResourceSyncValidateConsumer(this, processor);
            case AUTO, BASELINE, INCREMENTAL -> new ResourceSyncConsumer(this, processor);
        };
    }

    @Override
    public String getServiceProtocol() {
        return "resourcesync";
    }

    @Override
    protected URI configuredUri() {
        return parseUri("resourcesync: sourceUrl", sourceUrl);
    }

    @Override
    protected void appendQuery(String rawQuery) {
        sourceUrl = withQuery(sourceUrl, rawQuery);
    }

    /** The Source URL without user-info: credentials never travel into headers, state keys or logs. */
    URI sourceUri() {
        return safeUri();
    }

    HarvestOptions harvestOptions() {
        HarvestOptions options = new HarvestOptions()
                .fetchParallelism(getDeliveryConfiguration().getFetchParallelism())
                .fetchWaitLimit(fetcherConfig().longestFetch()).stateId(getStateId())
                .fileLayout(getDeliveryConfiguration().fileLayout());
        return dumpConfiguration.applyTo(harvestConfiguration.applyTo(options));
    }

    /**
     * What {@code mode=audit} compares with: the {@code auditDestination} bean, else the {@code auditDirectory},
     * else the state store; {@code null} in the other modes.
     */
    AuditDestination auditDestination(SyncStateStore store) {
        SyncMode mode = harvestConfiguration.getMode();
        if (mode != SyncMode.AUDIT) {
            if (auditConfiguration.namesDestination()) {
                throw new IllegalArgumentException("resourcesync: auditDirectory and auditDestination are used only"
                                                   + " with mode=audit, and this endpoint has mode="
                                                   + mode.name().toLowerCase(Locale.ROOT));
            }
            return null;
        }
        if (pushConfiguration.isPush()) {
            throw new IllegalArgumentException("resourcesync: push follows changes and mode=audit only compares;"
                                               + " use a separate endpoint for each");
        }
        return auditConfiguration.destination(store);
    }

    // read by the consumer (kept here while the consumers are being split; the options live in the configurations)
    boolean isFetchContent() {
        return harvestConfiguration.isFetchContent();
    }

    boolean isPush() {
        return pushConfiguration.isPush();
    }

    boolean isAuditReport() {
        return auditConfiguration.isAuditReport();
    }

    long getMaxEntriesPerDocument() {
        return harvestConfiguration.getMaxEntriesPerDocument();
    }

    /** What {@code mode=validate} checks, with the endpoint's clock skew tolerance and spool directory. */
    ValidateOptions validateOptions() {
        return validateConfiguration.applyTo(new ValidateOptions()
                .clockSkewTolerance(Duration.ofMillis(harvestConfiguration.getClockSkewTolerance()))
                .spoolDirectory(spoolDirectoryPath()));
    }

    Path spoolDirectoryPath() {
        String dir = getFetchConfiguration().getSpoolDirectory();
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

    public HarvestConfiguration getHarvestConfiguration() {
        return harvestConfiguration;
    }

    public void setHarvestConfiguration(HarvestConfiguration harvestConfiguration) {
        this.harvestConfiguration = harvestConfiguration;
    }

    public DumpConfiguration getDumpConfiguration() {
        return dumpConfiguration;
    }

    public void setDumpConfiguration(DumpConfiguration dumpConfiguration) {
        this.dumpConfiguration = dumpConfiguration;
    }

    public AuditConfiguration getAuditConfiguration() {
        return auditConfiguration;
    }

    public void setAuditConfiguration(AuditConfiguration auditConfiguration) {
        this.auditConfiguration = auditConfiguration;
    }

    public PushConfiguration getPushConfiguration() {
        return pushConfiguration;
    }

    public void setPushConfiguration(PushConfiguration pushConfiguration) {
        this.pushConfiguration = pushConfiguration;
    }

    public ValidateConfiguration getValidateConfiguration() {
        return validateConfiguration;
    }

    public void setValidateConfiguration(ValidateConfiguration validateConfiguration) {
        this.validateConfiguration = validateConfiguration;
    }
}
