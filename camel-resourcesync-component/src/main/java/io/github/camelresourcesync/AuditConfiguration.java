package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import java.nio.file.Path;

import io.github.camelresourcesync.harvest.audit.AuditDestination;
import io.github.camelresourcesync.harvest.audit.DirectoryAuditDestination;
import io.github.camelresourcesync.harvest.audit.StateStoreAuditDestination;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/** What {@code resourcesync:} with {@code mode=audit} compares with, and whether it sends a report. */
@UriParams
public class AuditConfiguration extends TemplateConfiguration<AuditConfiguration> {

    @UriParam(label = "consumer,audit",
              description = """
                  With `mode=audit`: audit this mirror directory (as written by `resourcesync-mirror:` or `file:` \
                  with the events' `CamelFileName`) instead of the state store. Every listed file is re-hashed in \
                  the algorithms the Source publishes, so a file damaged in place is found; files no list names are \
                  `extra`.""")
    private String auditDirectory;
    @UriParam(label = "consumer,audit,advanced",
              description = """
                  With `mode=audit`: a custom destination to audit (a database, an object store), implementing \
                  `io.github.camelresourcesync.harvest.audit.AuditDestination`; takes precedence over \
                  `auditDirectory`.""")
    private AuditDestination auditDestination;
    @UriParam(label = "consumer,audit", defaultValue = "true",
              description = """
                  With `mode=audit`: after the discrepancy events, send one report exchange (header \
                  `CamelResourceSyncAuditResult=report`, the counts as headers, a one-line summary as body). A \
                  failed audit sends none.""")
    private boolean auditReport = true;

    /** Whether an audit destination other than the state store is configured. */
    boolean namesDestination() {
        return auditDirectory != null || auditDestination != null;
    }

    /** The {@code auditDestination} bean, else the {@code auditDirectory}, else {@code store}. */
    AuditDestination destination(SyncStateStore store) {
        if (auditDestination != null) {
            return auditDestination;
        }
        return auditDirectory != null ? new DirectoryAuditDestination(Path.of(auditDirectory))
                : new StateStoreAuditDestination(store);
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
}
