package io.github.camelresourcesync;

import io.github.camelresourcesync.harvest.audit.AuditResult;
import org.apache.camel.Exchange;
import org.apache.camel.spi.Metadata;

/**
 * The headers of a sync event: the same on every exchange, whether it came from a Resource List, a Change List, a
 * notification or a bridge. Values are those the Source published; times are {@link java.time.Instant}s.
 */
public final class ResourceSyncConstants {

    @Metadata(description = "The resource URI (the entry's `loc` element), absolute.", javaType = "String")
    public static final String LOCATION = "CamelResourceSyncLocation";
    @Metadata(description = """
                  `created`, `updated` or `deleted`. Baseline events say `created`/`updated` relative to what the \
                  destination had; `deleted` comes from Change Lists, or from a baseline with `emitDeletes=true` for \
                  resources no longer listed.""",
              javaType = "String")
    public static final String CHANGE = "CamelResourceSyncChange";
    @Metadata(description = """
                  When the change happened: ResourceSync 1.1 `datetime`, else `lastmod`. Null in a baseline of a \
                  Source that publishes no times.""",
              javaType = "java.time.Instant")
    public static final String DATETIME = "CamelResourceSyncDatetime";
    @Metadata(description = "The resource's `lastmod`, if published.", javaType = "java.time.Instant")
    public static final String LAST_MODIFIED = "CamelResourceSyncLastModified";
    @Metadata(description = """
                  Fixity as published: space-separated `algorithm:hex` values (`md5`, `sha-1`, `sha-256`). With \
                  `fetchContent`, the body was verified against every one of them; when the Source publishes none, \
                  the md5 computed on the body.""",
              javaType = "String")
    public static final String HASH = "CamelResourceSyncHash";
    @Metadata(description = "Length in bytes as published (or of the body, when fetched).", javaType = "Long")
    public static final String LENGTH = "CamelResourceSyncLength";
    @Metadata(description = "Media type as published (or as served, when fetched).", javaType = "String")
    public static final String MEDIA_TYPE = "CamelResourceSyncMediaType";
    @Metadata(description = """
                  The kind of document the event came from: `resourcelist`, `changelist`, `resourcedump`, \
                  `changedump`, `changelist-notification`, `metashare`, `atom-pmh`.""",
              javaType = "String")
    public static final String CAPABILITY = "CamelResourceSyncCapability";
    @Metadata(description = "URI of the document that listed the resource or change.", javaType = "String")
    public static final String SOURCE_DOCUMENT = "CamelResourceSyncSourceDocument";
    @Metadata(description = """
                  The Capability List (or, for bridges, the node or feed) whose state the event advances.""",
              javaType = "String")
    public static final String SOURCE = "CamelResourceSyncSource";
    @Metadata(description = "The entry's `rs:ln` links (mirrors, alternates, patches, provenance).",
              javaType = "java.util.List<io.github.camelresourcesync.model.Link>")
    public static final String LINKS = "CamelResourceSyncLinks";
    @Metadata(description = """
                  Stable id of this change of this resource (its location, an at sign and its datetime), for Camel's \
                  idempotent consumer or downstream de-duplication.""",
              javaType = "String")
    public static final String EVENT_ID = "CamelResourceSyncEventId";
    @Metadata(description = """
                  A relative path derived from the location, one per resource (res/1.txt for http://host/res/1.txt \
                  of a Source on http://host/; a file name without a dot, a directory name with one, a directory URL \
                  and unsafe or over-long names are marked or hashed so no two resources share a name: see \
                  docs/headers.md), safe under a mirror directory: a route that ends in file:dir mirrors.""",
              javaType = "String")
    public static final String FILE_NAME = Exchange.FILE_NAME;
    @Metadata(description = """
                  On a failed event handed to the exception handler (and, with `bridgeErrorHandler=true`, to the \
                  route's error handler): how many times in a row this event has failed, counting this time.""",
              javaType = "Integer")
    public static final String ATTEMPT = "CamelResourceSyncAttempt";
    @Metadata(description = """
                  On a failed event: `true` when it failed `maxEventAttempts` times and is given up: it is recorded \
                  as failed (statistics, health details, dev console) and the harvest moves past it. The exchange to \
                  send to a dead letter channel; a later change of the resource is tried again.""",
              javaType = "Boolean")
    public static final String GIVEN_UP = "CamelResourceSyncGivenUp";
    @Metadata(label = "producer", applicableFor = "resourcesync-publish",
              description = """
                  Set by the publisher: `true` when the event changed the published Source, `false` when it was \
                  already published.""",
              javaType = "Boolean")
    public static final String PUBLISHED = "CamelResourceSyncPublished";

    @Metadata(description = """
                  Validation (`mode=validate`) only: `finding` on the exchange of one finding (its text is the \
                  body), `report` on the one report exchange that ends each validation (its summary and counts per \
                  rule are the body).""",
              javaType = "String", applicableFor = "resourcesync")
    public static final String VALIDATE_RESULT = "CamelResourceSyncValidateResult";
    @Metadata(description = """
                  Validation finding only: the rule broken, e.g. `window-gap` (the rules are listed in \
                  docs/validate.md).""", javaType = "String", applicableFor = "resourcesync")
    public static final String VALIDATE_RULE = "CamelResourceSyncValidateRule";
    @Metadata(description = """
                  Validation finding only: `error` (a harvester may lose or corrupt data), `warning` (a harvester \
                  may be slowed or confused) or `info`.""",
              javaType = "String", applicableFor = "resourcesync")
    public static final String VALIDATE_SEVERITY = "CamelResourceSyncValidateSeverity";
    @Metadata(description = """
                  Validation finding only: the specification and section of the rule, e.g. `ResourceSync 1.1` \
                  followed by the section sign and `12.2`.""", javaType = "String", applicableFor = "resourcesync")
    public static final String VALIDATE_SECTION = "CamelResourceSyncValidateSection";
    @Metadata(description = """
                  Validation finding only: the document the finding is in (or the URL checked: a discovery route, a \
                  resource, a hub).""", javaType = "String",
              applicableFor = "resourcesync")
    public static final String VALIDATE_DOCUMENT = "CamelResourceSyncValidateDocument";
    @Metadata(description = "Validation finding only: the `loc` of the entry, absent for the document itself.",
              javaType = "String", applicableFor = "resourcesync")
    public static final String VALIDATE_LOC = "CamelResourceSyncValidateLoc";
    @Metadata(description = "Validation finding only: the line of the entry in the document, absent when not known.",
              javaType = "Long", applicableFor = "resourcesync")
    public static final String VALIDATE_LINE = "CamelResourceSyncValidateLine";
    @Metadata(description = "Validation finding only: what the specification asks for.", javaType = "String",
              applicableFor = "resourcesync")
    public static final String VALIDATE_EXPECTED = "CamelResourceSyncValidateExpected";
    @Metadata(description = "Validation finding only: what the Source has.", javaType = "String",
              applicableFor = "resourcesync")
    public static final String VALIDATE_FOUND = "CamelResourceSyncValidateFound";
    @Metadata(description = "Validation report only: `true` when the validation was complete and found no error.",
              javaType = "Boolean", applicableFor = "resourcesync")
    public static final String VALIDATE_VALID = "CamelResourceSyncValidateValid";
    @Metadata(description = """
                  Validation report only: `false` when the validation stopped before the end (shutdown); its counts \
                  then prove nothing.""",
              javaType = "Boolean", applicableFor = "resourcesync")
    public static final String VALIDATE_COMPLETE = "CamelResourceSyncValidateComplete";
    @Metadata(description = "Validation report only: findings of severity error.", javaType = "Long",
              applicableFor = "resourcesync")
    public static final String VALIDATE_ERRORS = "CamelResourceSyncValidateErrors";
    @Metadata(description = "Validation report only: findings of severity warning.", javaType = "Long",
              applicableFor = "resourcesync")
    public static final String VALIDATE_WARNINGS = "CamelResourceSyncValidateWarnings";
    @Metadata(description = "Validation report only: findings of severity info.", javaType = "Long",
              applicableFor = "resourcesync")
    public static final String VALIDATE_INFOS = "CamelResourceSyncValidateInfos";
    @Metadata(description = "Validation report only: the report as JSON (counts by severity and by rule).",
              javaType = "String", applicableFor = "resourcesync")
    public static final String VALIDATE_JSON = "CamelResourceSyncValidateJson";

    @Metadata(description = """
                  Audit (`mode=audit`) only: `missing`, `changed` or `extra` on the event of a discrepancy, whose \
                  `CamelResourceSyncChange` is the repair (`created`, `updated`, `deleted`); `report` on the one \
                  report exchange that ends each audit.""",
              javaType = "String", applicableFor = "resourcesync")
    public static final String AUDIT_RESULT = AuditResult.HEADER;
    @Metadata(description = """
                  Audit only, on `changed` events: what differs, e.g. `sha-256 differs: listed ..., destination has \
                  ...` or `length differs: ...`.""",
              javaType = "String", applicableFor = "resourcesync")
    public static final String AUDIT_REASON = AuditResult.REASON_HEADER;
    @Metadata(description = """
                  Audit report only: `true` when the audit read every list and the whole destination and found \
                  nothing missing, changed or extra.""",
              javaType = "Boolean", applicableFor = "resourcesync")
    public static final String AUDIT_IN_SYNC = "CamelResourceSyncAuditInSync";
    @Metadata(description = """
                  Audit report only: `false` when the audit stopped before the end (a failed event with \
                  `breakOnFirstError`, shutdown); its counts then prove nothing.""",
              javaType = "Boolean", applicableFor = "resourcesync")
    public static final String AUDIT_COMPLETE = "CamelResourceSyncAuditComplete";
    @Metadata(description = "Audit report only: resources the Source lists.", javaType = "Long",
              applicableFor = "resourcesync")
    public static final String AUDIT_LISTED = "CamelResourceSyncAuditListed";
    @Metadata(description = "Audit report only: listed resources the destination has in the listed version.",
              javaType = "Long", applicableFor = "resourcesync")
    public static final String AUDIT_MATCHING = "CamelResourceSyncAuditMatching";
    @Metadata(description = "Audit report only: listed resources the destination lacks.", javaType = "Long",
              applicableFor = "resourcesync")
    public static final String AUDIT_MISSING = "CamelResourceSyncAuditMissing";
    @Metadata(description = "Audit report only: listed resources the destination has in another version.",
              javaType = "Long", applicableFor = "resourcesync")
    public static final String AUDIT_CHANGED = "CamelResourceSyncAuditChanged";
    @Metadata(description = "Audit report only: resources the destination has that the Source does not list.",
              javaType = "Long", applicableFor = "resourcesync")
    public static final String AUDIT_EXTRA = "CamelResourceSyncAuditExtra";
    @Metadata(description = """
                  Audit report only: listed resources the destination has but that publish no hash, length or \
                  `lastmod` to compare with.""",
              javaType = "Long", applicableFor = "resourcesync")
    public static final String AUDIT_UNVERIFIED = "CamelResourceSyncAuditUnverified";
    @Metadata(description = "Audit report only: what was audited, e.g. `directory /data/mirror`.",
              javaType = "String", applicableFor = "resourcesync")
    public static final String AUDIT_DESTINATION = "CamelResourceSyncAuditDestination";

    private ResourceSyncConstants() {
    }
}
