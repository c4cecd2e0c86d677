package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.nio.file.Path;

import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.SyncRun;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;

/**
 * One audit as an {@link EventRun}: the discrepancy events come out like sync events (so a route can repair with the
 * same steps it mirrors with), contents fetched and verified ahead when {@code fetchContent} is on; nothing is ever
 * committed to the state store. After {@link #close()}, {@link #report()} says what was found and whether the audit
 * got to the end.
 */
public final class AuditRun implements EventRun {

    private final SyncRun run;
    private final AuditScratch scratch;
    private final AuditReport report;

    private AuditRun(SyncRun run, AuditScratch scratch, AuditReport report) {
        this.run = run;
        this.scratch = scratch;
        this.report = report;
    }

    /**
     * Plans an audit of every followed Capability List's Resource List against a destination. A Source offering only
     * a Resource Dump (or any, with {@code preferDumps}) is audited against the dump's manifests.
     *
     * @param scratchDirectory where the audit keeps its temporary file; {@code null} for the JVM's temporary directory
     */
    public static AuditRun start(Harvester harvester, AuditDestination destination, Path scratchDirectory)
            throws IOException {
        AuditPlan plan = new AuditPlan(destination, scratchDirectory);
        try {
            return new AuditRun(harvester.startListRun(plan), plan.scratch(), plan.report());
        } catch (IOException | RuntimeException e) {
            plan.closeScratch();
            throw e;
        }
    }

    public AuditReport report() {
        return report;
    }

    @Override
    public boolean hasMore() {
        return run.hasMore();
    }

    @Override
    public PendingEvent next() throws IOException {
        return run.next();
    }

    @Override
    public void delivered(PendingEvent p) {
        run.delivered(p);
    }

    @Override
    public void givenUp(PendingEvent p) {
        run.givenUp(p);
    }

    @Override
    public void stop(PendingEvent p) {
        run.stop(p);
    }

    @Override
    public void flushIfDue() {
        // an audit changes no state
    }

    @Override
    public void close() {
        try {
            run.close();
        } finally {
            scratch.close();
            report.finish(run.completed());
        }
    }
}
