package io.github.camelresourcesync.harvest;

import java.io.IOException;

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
    private long handedOut;
    private long reported;
    private boolean stopped;

    AuditRun(SyncRun run, AuditScratch scratch, AuditReport report) {
        this.run = run;
        this.scratch = scratch;
        this.report = report;
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
        PendingEvent p = run.next();
        if (p != null) {
            handedOut++;
        }
        return p;
    }

    @Override
    public void delivered(PendingEvent p) {
        reported++;
        run.delivered(p);
    }

    @Override
    public void givenUp(PendingEvent p) {
        reported++;
        run.givenUp(p);
    }

    @Override
    public void stop(PendingEvent p) {
        stopped = true;
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
            report.finish(!stopped && !run.hasMore() && reported == handedOut);
        }
    }
}
