package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Metadata;

import javax.xml.stream.XMLStreamReader;

/**
 * The raw attributes of one {@code rs:md} element, collected first and converted once the whole entry is read so that
 * messages can name the entry's loc. Reused from entry to entry.
 */
final class MdAttributes {

    private boolean present;
    private String capability;
    private String at;
    private String completed;
    private String from;
    private String until;
    private String datetime;
    private String modified;
    private String change;
    private String hash;
    private String length;
    private String type;
    private String encoding;
    private String path;

    void reset() {
        if (!present) {
            return;
        }
        present = false;
        capability = at = completed = from = until = datetime = modified = change = hash = length = type = encoding
                = path = null;
    }

    boolean isPresent() {
        return present;
    }

    /** Reads the attributes of the {@code rs:md} start element the reader is positioned at; unknown ones are skipped. */
    void read(XMLStreamReader xml) {
        present = true;
        for (int i = 0, n = xml.getAttributeCount(); i < n; i++) {
            if (!SitemapNames.isUnqualified(xml.getAttributeNamespace(i))) {
                continue;
            }
            String value = Attributes.value(xml, i);
            switch (xml.getAttributeLocalName(i)) {
                case "capability" -> capability = value;
                case "at" -> at = value;
                case "completed" -> completed = value;
                case "from" -> from = value;
                case "until" -> until = value;
                case "datetime" -> datetime = value;
                case "modified" -> modified = value;
                case "change" -> change = value;
                case "hash" -> hash = value;
                case "length" -> length = value;
                case "type" -> type = value;
                case "encoding" -> encoding = value;
                case "path" -> path = value;
                default -> {
                    // extension attribute: tolerated
                }
            }
        }
    }

    Metadata build(Problems problems) throws DocumentException {
        if (!present) {
            return Metadata.EMPTY;
        }
        return new Metadata(
                capability,
                Attributes.time(problems, "rs:md at", at),
                Attributes.time(problems, "rs:md completed", completed),
                Attributes.time(problems, "rs:md from", from),
                Attributes.time(problems, "rs:md until", until),
                Attributes.time(problems, "rs:md datetime", datetime),
                Attributes.time(problems, "rs:md modified", modified),
                change,
                HashAttribute.parse(hash, problems::warn),
                Attributes.length(problems, "rs:md length", length),
                type,
                encoding,
                path);
    }
}
