package io.github.camelresourcesync;

import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.audit.AuditDestination;
import io.github.camelresourcesync.harvest.audit.AuditReport;
import io.github.camelresourcesync.harvest.audit.AuditRun;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer of {@code mode=audit}: each poll is one whole audit, comparing what the destination has (the
 * {@code auditDestination} bean, the {@code auditDirectory}, or the state store) with the Source's Resource Lists. It
 * emits one event per resource missing, changed or extra, then logs the report and (with {@code auditReport}) sends it
 * as one more exchange; a failed audit reports nothing. Nothing is synced and no state changes.
 */
public class ResourceSyncAuditConsumer extends AbstractResourceSyncConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceSyncAuditConsumer.class);

    private AuditDestination destination;
    private AuditRun audit;

    public ResourceSyncAuditConsumer(ResourceSyncEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected Harvester prepare(SyncStateStore store, HttpFetcher fetcher) throws Exception {
        Harvester harvester = super.prepare(store, fetcher);
        destination = getEndpoint().auditDestination(store); // refuses push: it follows changes, an audit compares
        return harvester;
    }

    @Override
    protected int poll() throws Exception {
        audit = null;
        int total = super.poll();
        AuditRun done = audit;
        if (done == null || !isRunAllowed()) {
            return total;
        }
        AuditReport report = done.report();
        logReport(LOG, report.inSync(), report);
        if (getEndpoint().isAuditReport()) {
            sendOne(m -> AuditReportExchanges.fill(m, report), "Audit report of " + report.destination());
            total++;
        }
        return total;
    }

    /** One whole audit: a limit on events would leave every audit incomplete. */
    @Override
    protected EventRun openRun(int maxEvents) throws Exception {
        audit = AuditRun.start(harvester(), destination, getEndpoint().spoolDirectoryPath());
        return audit;
    }
}
