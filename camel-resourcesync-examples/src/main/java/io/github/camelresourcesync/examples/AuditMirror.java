package io.github.camelresourcesync.examples;

import java.util.concurrent.atomic.AtomicReference;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.state.InMemoryStateStore;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.main.Main;
import org.apache.camel.spi.ExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --audit} and {@code --repair}: instead of mirroring, run {@code audit/audit.yaml} once. It compares the mirror
 * directory with the Source's Resource List, re-hashing every listed file, and logs each file {@code missing},
 * {@code changed} or {@code extra}; with {@code --repair} it also fetches what is missing or changed (verified) and
 * removes what is extra, the way the Python client's {@code --audit} and {@code --baseline} do, but comparing hashes.
 * The application then exits: 0 in sync (or repaired), 1 out of sync, 2 when the audit failed or stopped early.
 */
public final class AuditMirror {

    private static final Logger LOG = LoggerFactory.getLogger(AuditMirror.class);

    /** The route file run instead of the mirror route. */
    static final String ROUTE = "classpath:audit/audit.yaml";

    /** What the audit found: its report exchange's headers and summary. */
    public record Outcome(boolean complete, boolean inSync, long missing, long changed, long extra, String summary) {
    }

    private final Main main;
    private final boolean repair;
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    private volatile Throwable failure;

    AuditMirror(Main main, boolean repair) {
        this.main = main;
        this.repair = repair;
        main.addOverrideProperty("camel.main.routes-include-pattern", ROUTE);
        main.addOverrideProperty("audit.repair", Boolean.toString(repair));
        // the audit needs no state: it must not lock the mirror's state file while the mirror runs
        main.bind("auditState", new InMemoryStateStore());
        main.bind("auditFinished", (Processor) this::finished);
        main.bind("auditFailed", new Failures());
    }

    private void finished(Exchange exchange) {
        Message in = exchange.getIn();
        Outcome o = new Outcome(Boolean.TRUE.equals(in.getHeader(ResourceSyncConstants.AUDIT_COMPLETE, Boolean.class)),
                Boolean.TRUE.equals(in.getHeader(ResourceSyncConstants.AUDIT_IN_SYNC, Boolean.class)),
                in.getHeader(ResourceSyncConstants.AUDIT_MISSING, 0L, Long.class),
                in.getHeader(ResourceSyncConstants.AUDIT_CHANGED, 0L, Long.class),
                in.getHeader(ResourceSyncConstants.AUDIT_EXTRA, 0L, Long.class), in.getBody(String.class));
        outcome.set(o);
        LOG.info("{}{}", o.summary(), repair && o.complete() && !o.inSync() ? "; repaired" : "");
        main.completed();
    }

    /** The outcome, or {@code null} when the audit failed before its report. */
    public Outcome outcome() {
        return outcome.get();
    }

    /** 0: in sync (or repaired); 1: out of sync; 2: the audit failed or stopped before the end. */
    int exitCode() {
        Outcome o = outcome.get();
        if (o == null || !o.complete() || failure != null) {
            return 2;
        }
        return o.inSync() || repair ? 0 : 1;
    }

    /** A failed poll (Source down) ends the application; a failed repair of one file is remembered. */
    private final class Failures implements ExceptionHandler {

        @Override
        public void handleException(Throwable exception) {
            handleException(null, null, exception);
        }

        @Override
        public void handleException(String message, Throwable exception) {
            handleException(message, null, exception);
        }

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            failure = exception;
            if (exchange == null) {
                LOG.error("Audit failed: {}", exception.getMessage());
                main.completed();
            } else {
                LOG.error("{}: {}", message, exception.getMessage());
            }
        }
    }
}
