package io.github.camelresourcesync;

import io.github.camelresourcesync.harvest.audit.AuditReport;
import org.apache.camel.Message;

/** Puts an audit's report on the report exchange: counts as headers, the one-line summary as the body. */
final class AuditReportExchanges {

    /** The {@link ResourceSyncConstants#AUDIT_RESULT} of the report exchange. */
    static final String REPORT = "report";

    private AuditReportExchanges() {
    }

    static void fill(Message message, AuditReport report) {
        message.setHeader(ResourceSyncConstants.AUDIT_RESULT, REPORT);
        message.setHeader(ResourceSyncConstants.AUDIT_IN_SYNC, report.inSync());
        message.setHeader(ResourceSyncConstants.AUDIT_COMPLETE, report.complete());
        message.setHeader(ResourceSyncConstants.AUDIT_LISTED, report.listed());
        message.setHeader(ResourceSyncConstants.AUDIT_MATCHING, report.matching());
        message.setHeader(ResourceSyncConstants.AUDIT_MISSING, report.missing());
        message.setHeader(ResourceSyncConstants.AUDIT_CHANGED, report.changed());
        message.setHeader(ResourceSyncConstants.AUDIT_EXTRA, report.extra());
        message.setHeader(ResourceSyncConstants.AUDIT_UNVERIFIED, report.unverified());
        message.setHeader(ResourceSyncConstants.AUDIT_DESTINATION, report.destination());
        message.setBody(report.toString());
    }
}
