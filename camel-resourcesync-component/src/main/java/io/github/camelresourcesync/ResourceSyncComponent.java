package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.HttpSyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;

/** The {@code resourcesync:} component: harvests ResourceSync Sources. */
@Component("resourcesync")
public class ResourceSyncComponent extends HttpSyncEventComponent {

    /** File name of the embedded state store inside the state directory. */
    static final String STATE_FILE = "resourcesync-state.mv.db";

    @Metadata(description = "The harvest options every endpoint of this component starts from.")
    private HarvestConfiguration harvestConfiguration = new HarvestConfiguration();
    @Metadata(description = "The dump options every endpoint of this component starts from.")
    private DumpConfiguration dumpConfiguration = new DumpConfiguration();
    @Metadata(description = "The audit options every endpoint of this component starts from.")
    private AuditConfiguration auditConfiguration = new AuditConfiguration();
    @Metadata(description = "The validation options every endpoint of this component starts from.")
    private ValidateConfiguration validateConfiguration = new ValidateConfiguration();
    @Metadata(description = "The push (WebSub) options every endpoint of this component starts from.")
    private PushConfiguration pushConfiguration = new PushConfiguration();

    public ResourceSyncComponent() {
        super(STATE_FILE, "ResourceSync");
    }

    @Override
    protected SyncEventEndpoint newEndpoint(String uri, String remaining) {
        if (remaining.equals("publish") || remaining.startsWith("publish?")) {
            // before its options are set: directory and baseUrl would fail as unknown options of a harvester
            throw new IllegalArgumentException("resourcesync:publish is no more: the publisher moved to"
                                               + " resourcesync-publish:<directory>, e.g. resourcesync-publish:"
                                               + "/var/www/rs?baseUrl=https://example.org/rs/ (see"
                                               + " docs/migration.md)");
        }
        ResourceSyncEndpoint endpoint = withConfigurations(new ResourceSyncEndpoint(uri, this, remaining));
        endpoint.setHarvestConfiguration(harvestConfiguration.copy());
        endpoint.setDumpConfiguration(dumpConfiguration.copy());
        endpoint.setAuditConfiguration(auditConfiguration.copy());
        endpoint.setPushConfiguration(pushConfiguration.copy());
        endpoint.setValidateConfiguration(validateConfiguration.copy());
        return endpoint;
    }

    @Override
    protected String usage() {
        return "the Source URL, e.g. resourcesync:https://example.org/.well-known/resourcesync";
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
