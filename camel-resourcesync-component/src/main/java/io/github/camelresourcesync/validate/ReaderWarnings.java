package io.github.camelresourcesync.validate;

/**
 * Which rule a warning of the {@code SitemapReader} belongs to. The reader's warnings are its lenient repairs (a bad
 * hash skipped, a length dropped, a loc percent-encoded); each is something a harvester had to work around.
 */
final class ReaderWarnings {

    private ReaderWarnings() {
    }

    /** @param warning the reader's own words, without the "entry N of document:" prefix */
    static Rule rule(String warning) {
        if (warning.contains("without a time zone designator")) {
            return Rule.DATETIME_ZONE;
        }
        if (warning.contains("hash value")) {
            return Rule.HASH_SYNTAX;
        }
        if (warning.contains("length=") || warning.contains("rs:md length")) {
            return Rule.LENGTH;
        }
        if (warning.contains("rs:ln")) {
            return Rule.LINK_RELATION;
        }
        if (warning.startsWith("<loc>") && warning.contains("not allowed in a URI")) {
            return Rule.LOC_SYNTAX;
        }
        if (warning.contains(" inside <")) {
            return Rule.ROOT_ELEMENT;
        }
        return Rule.READER_WARNING;
    }

    /** The rule of a {@code DocumentException}'s message: what made the reader give up on the document. */
    static Rule failure(String message) {
        if (message.contains("is not a W3C datetime")) {
            return Rule.DATETIME_SYNTAX;
        }
        if (message.contains("expected <urlset> or <sitemapindex>")) {
            return Rule.ROOT_ELEMENT;
        }
        if (message.contains("GZIP") || message.contains("ZLIB") || message.contains("ZipException")) {
            return Rule.GZIP;
        }
        return Rule.XML_WELL_FORMED;
    }
}
