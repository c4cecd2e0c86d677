package io.github.camelresourcesync.validate;

import static io.github.camelresourcesync.validate.Severity.ERROR;
import static io.github.camelresourcesync.validate.Severity.INFO;
import static io.github.camelresourcesync.validate.Severity.WARNING;

/**
 * Every check of the validator: its id (kebab case, stable: routes and reports name it), the specification section it
 * comes from, its usual severity and what it asks of the Source. docs/validate.md lists them; {@code RuleDocsTest}
 * keeps the two in step.
 */
public enum Rule {

    // ---- discovery and the document chain

    DISCOVERY_ROUTE("discovery-route", INFO, "ResourceSync 1.1 §6.3",
            "a discovery route (well-known URI, Link header, HTML link, robots.txt) leads to the Source"),
    DISCOVERY_NONE("discovery-none", ERROR, "ResourceSync 1.1 §6.3",
            "at least one discovery route leads to a Source Description or Capability List"),
    DISCOVERY_WELL_KNOWN("discovery-well-known", WARNING, "ResourceSync 1.1 §6.3.2",
            "the Source Description is at /.well-known/resourcesync"),
    DISCOVERY_DISAGREE("discovery-disagree", WARNING, "ResourceSync 1.1 §6.3",
            "every discovery route leads to the same document"),
    DOCUMENT_UNREACHABLE("document-unreachable", ERROR, "ResourceSync 1.1 §6.2",
            "every document the Source links (Capability Lists, lists, indexes, manifests) answers"),
    CAPABILITY_MISSING("capability-missing", ERROR, "ResourceSync 1.1 §9",
            "each capability a Capability List claims has its document"),
    CAPABILITY_MISMATCH("capability-mismatch", ERROR, "ResourceSync 1.1 §6.2",
            "a document is the capability its parent says it is"),
    CAPABILITY_ABSENT("capability-absent", ERROR, "ResourceSync 1.1 §7",
            "every document says its capability in rs:md capability"),
    CAPABILITY_UNKNOWN("capability-unknown", WARNING, "ResourceSync 1.1 §9",
            "capability values are those the specifications define"),
    DESCRIPTION_EMPTY("description-empty", ERROR, "ResourceSync 1.1 §8",
            "a Source Description lists at least one Capability List"),
    UP_LINK("up-link", WARNING, "ResourceSync 1.1 §6.2",
            "a Capability List links up to the Source Description, a list up to its Capability List"),
    INDEX_LINK("index-link", WARNING, "ResourceSync 1.1 §6.2",
            "a document inside an index links to that index with rel=\"index\" (when it links one at all)"),

    // ---- every document

    XML_WELL_FORMED("xml-well-formed", ERROR, "Sitemaps 0.9; ResourceSync 1.1 §7",
            "the document is well-formed XML a harvester can read to the end"),
    NAMESPACE("namespace", WARNING, "ResourceSync 1.1 §4",
            "the sitemap namespace http://www.sitemaps.org/schemas/sitemap/0.9 and the ResourceSync namespace"
            + " http://www.openarchives.org/rs/terms/ (with its slash)"),
    ROOT_ELEMENT("root-element", ERROR, "ResourceSync 1.1 §7",
            "<sitemapindex> of <sitemap> entries for an index, <urlset> of <url> entries for a list"),
    REQUIRED_ATTRIBUTE("required-attribute", ERROR, "ResourceSync 1.1 §10.1, §11.1, §12.1, §13.1",
            "at on Resource Lists, Dumps and manifests; from on Change Lists and Change Dumps"),
    COMPLETED_ABSENT("completed-absent", INFO, "ResourceSync 1.1 §10.1",
            "a snapshot says when it was completed"),
    DATETIME_SYNTAX("datetime-syntax", ERROR, "ResourceSync 1.1 §7 (W3C Datetime)",
            "every time is a W3C datetime"),
    DATETIME_ZONE("datetime-zone", WARNING, "ResourceSync 1.1 §7 (W3C Datetime)",
            "every time of day carries a time zone designator"),
    TIME_ORDER("time-order", ERROR, "ResourceSync 1.1 §12.1",
            "from <= until on a Change List, completed >= at on a snapshot"),
    FUTURE_TIME("future-time", WARNING, "ResourceSync 1.1 §10.1, §12.1",
            "no time is later than now (beyond the clock skew tolerance)"),
    CHANGE_DATETIME("change-datetime", WARNING, "ResourceSync 1.1 §12.1",
            "each change carries rs:md datetime (1.1); without it, and without lastmod, it cannot be ordered"),
    CHANGE_TYPE("change-type", ERROR, "ResourceSync 1.1 §12.1",
            "each change carries change=created|updated|deleted"),
    HASH_SYNTAX("hash-syntax", ERROR, "ResourceSync 1.1 §7 (rs:md hash)",
            "hash values are algorithm:hexdigest with the digest length of the algorithm"),
    LENGTH("length", WARNING, "ResourceSync 1.1 §7 (rs:md length)",
            "length is a non-negative integer"),
    LINK_RELATION("link-relation", WARNING, "ResourceSync 1.1 §14",
            "rs:ln carry rel and href, with relations used where they belong"),
    LOC_SYNTAX("loc-syntax", WARNING, "Sitemaps 0.9 (<loc>)",
            "every <loc> is a URI as written (no characters that must be escaped)"),
    ENTRY_LIMIT("entry-limit", ERROR, "Sitemaps 0.9; ResourceSync 1.1 §10.2",
            "at most 50,000 entries per document (larger lists are split with an index)"),
    SIZE_LIMIT("size-limit", ERROR, "Sitemaps 0.9; ResourceSync 1.1 §10.2",
            "at most 50 MB (52,428,800 bytes) per document, uncompressed"),
    GZIP("gzip", ERROR, "Sitemaps 0.9",
            "a gzip-compressed document decodes"),
    READER_WARNING("reader-warning", WARNING, "ResourceSync 1.1 §7",
            "nothing a harvester has to skip or repair"),

    // ---- across documents

    WINDOW_OVERLAP("window-overlap", WARNING, "ResourceSync 1.1 §12.2; Archives 1.0",
            "the Change Lists of an index or archive cover periods that do not overlap"),
    WINDOW_GAP("window-gap", ERROR, "ResourceSync 1.1 §12.2; Archives 1.0",
            "the Change Lists of an index or archive leave no period uncovered"),
    WINDOW_ORDER("window-order", INFO, "ResourceSync 1.1 §12.2",
            "the Change Lists of an index are in time order"),
    WINDOW_MISMATCH("window-mismatch", WARNING, "ResourceSync 1.1 §12.2",
            "the from/until an index gives a Change List are the Change List's own"),
    CHANGE_ORDER("change-order", WARNING, "ResourceSync 1.1 §12.1",
            "the changes of a Change List are in time order"),
    DUPLICATE_LOC("duplicate-loc", WARNING, "ResourceSync 1.1 §10.1",
            "a Resource List (with its index) lists each resource once"),
    OUTSIDE_AUTHORITY("outside-authority", WARNING, "ResourceSync 1.1 §6.2; Sitemaps 0.9",
            "resources and documents are on the Source's own host"),

    // ---- sampled content

    CONTENT_UNREACHABLE("content-unreachable", ERROR, "ResourceSync 1.1 §10.1",
            "a listed resource answers at its loc"),
    CONTENT_LENGTH("content-length", ERROR, "ResourceSync 1.1 §7 (rs:md length)",
            "a resource has the length listed"),
    CONTENT_HASH("content-hash", ERROR, "ResourceSync 1.1 §7 (rs:md hash)",
            "a resource has the digests listed"),
    CONTENT_VALIDATORS("content-validators", WARNING, "RFC 9110 §8.8",
            "a resource is served with Last-Modified or ETag, so harvests can ask conditionally"),

    // ---- dumps

    DUMP_CONTENTS_LINK("dump-contents-link", WARNING, "ResourceSync 1.1 §11.1",
            "each package of a dump links its manifest with rs:ln rel=\"contents\""),
    DUMP_PACKAGE("dump-package", ERROR, "ResourceSync 1.1 §11.1, §11.1.1",
            "each package is a ZIP holding manifest.xml and every bitstream its manifest lists, within the limits"),
    DUMP_PATH("dump-path", ERROR, "ResourceSync 1.1 §11.1.1",
            "each manifest path starts with / and stays inside the package"),
    DUMP_HASH("dump-hash", WARNING, "ResourceSync 1.1 §11.1.1",
            "each manifest entry lists a digest of its bitstream"),
    DUMP_SIZE("dump-size", ERROR, "ResourceSync 1.1 §11.1",
            "a package and its bitstreams have the lengths listed"),

    // ---- notifications

    NOTIFICATION_HUB("notification-hub", ERROR, "ResourceSync Notification 1.0 §5",
            "each advertised notification channel names a hub that answers");

    private final String id;
    private final Severity severity;
    private final String section;
    private final String expects;

    Rule(String id, Severity severity, String section, String expects) {
        this.id = id;
        this.severity = severity;
        this.section = section;
        this.expects = expects;
    }

    public String id() {
        return id;
    }

    public Severity severity() {
        return severity;
    }

    /** The specification and section, e.g. {@code ResourceSync 1.1 §12.1}. */
    public String section() {
        return section;
    }

    /** What a Source that keeps this rule does. */
    public String expects() {
        return expects;
    }

    @Override
    public String toString() {
        return id;
    }
}
