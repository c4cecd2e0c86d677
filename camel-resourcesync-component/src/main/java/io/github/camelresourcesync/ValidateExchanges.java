package io.github.camelresourcesync;

import io.github.camelresourcesync.validate.Finding;
import io.github.camelresourcesync.validate.ValidationReport;

import org.apache.camel.Message;

/** Puts a finding, or a validation's report, on an exchange: the values as headers, the text as the body. */
final class ValidateExchanges {

    static final String FINDING = "finding";
    static final String REPORT = "report";

    private ValidateExchanges() {
    }

    static void fill(Message message, Finding f) {
        message.setHeader(ResourceSyncConstants.VALIDATE_RESULT, FINDING);
        message.setHeader(ResourceSyncConstants.VALIDATE_RULE, f.rule().id());
        message.setHeader(ResourceSyncConstants.VALIDATE_SEVERITY, f.severity().label());
        message.setHeader(ResourceSyncConstants.VALIDATE_SECTION, f.rule().section());
        message.setHeader(ResourceSyncConstants.VALIDATE_DOCUMENT, String.valueOf(f.document()));
        if (f.loc() != null) {
            message.setHeader(ResourceSyncConstants.VALIDATE_LOC, f.loc());
        }
        if (f.line() > 0) {
            message.setHeader(ResourceSyncConstants.VALIDATE_LINE, f.line());
        }
        message.setHeader(ResourceSyncConstants.VALIDATE_EXPECTED, f.expected());
        message.setHeader(ResourceSyncConstants.VALIDATE_FOUND, f.found());
        message.setBody(f.message());
    }

    static void fill(Message message, ValidationReport report) {
        message.setHeader(ResourceSyncConstants.VALIDATE_RESULT, REPORT);
        message.setHeader(ResourceSyncConstants.VALIDATE_VALID, report.valid());
        message.setHeader(ResourceSyncConstants.VALIDATE_COMPLETE, report.complete());
        message.setHeader(ResourceSyncConstants.VALIDATE_ERRORS, report.errors());
        message.setHeader(ResourceSyncConstants.VALIDATE_WARNINGS, report.warnings());
        message.setHeader(ResourceSyncConstants.VALIDATE_INFOS, report.infos());
        message.setHeader(ResourceSyncConstants.VALIDATE_JSON, report.json());
        message.setBody(report.text());
    }
}
