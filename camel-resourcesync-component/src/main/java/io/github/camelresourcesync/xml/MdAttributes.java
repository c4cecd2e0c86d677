package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Metadata;

import javax.xml.stream.XMLStreamException;

import org.codehaus.stax2.XMLStreamReader2;

/**
 * The attributes of one {@code rs:md} element, collected first and converted once the whole entry is read so that
 * messages can name the entry's loc. Times, length and hash are taken from the parser's characters without an
 * intermediate String (see {@link AttributeValue}); repeating values are shared ({@link RepeatedValues}). Reused from
 * entry to entry.
 */
final class MdAttributes {

    private final AttributeValue value;
    private final RepeatedValues repeated;

    private boolean present;
    private String capability;
    private final TimeValue at = new TimeValue();
    private final TimeValue completed = new TimeValue();
    private final TimeValue from = new TimeValue();
    private final TimeValue until = new TimeValue();
    private final TimeValue datetime = new TimeValue();
    private final TimeValue modified = new TimeValue();
    private String change;
    private final HashAttribute hash = new HashAttribute();
    private final LengthValue length = new LengthValue();
    private String type;
    private String encoding;
    private String path;

    /** @param value and {@code repeated}: those of the document, shared by all its attribute readers */
    MdAttributes(AttributeValue value, RepeatedValues repeated) {
        this.value = value;
        this.repeated = repeated;
    }

    void reset() {
        if (!present) {
            return;
        }
        present = false;
        capability = change = type = encoding = path = null;
        at.reset();
        completed.reset();
        from.reset();
        until.reset();
        datetime.reset();
        modified.reset();
        hash.reset();
        length.reset();
    }

    boolean isPresent() {
        return present;
    }

    /** Reads the attributes of the {@code rs:md} start element the reader is positioned at; unknown ones are skipped. */
    void read(XMLStreamReader2 xml) throws XMLStreamException {
        present = true;
        for (int i = 0, n = xml.getAttributeCount(); i < n; i++) {
            if (!SitemapNames.isUnqualified(xml.getAttributeNamespace(i)) || !value.read(xml, i)) {
                continue; // an extension's attribute, or blank: absent
            }
            switch (xml.getAttributeLocalName(i)) {
                case "capability" -> capability = repeated.get(value);
                case "at" -> at.read(value);
                case "completed" -> completed.read(value);
                case "from" -> from.read(value);
                case "until" -> until.read(value);
                case "datetime" -> datetime.read(value);
                case "modified" -> modified.read(value);
                case "change" -> change = repeated.get(value);
                case "hash" -> hash.read(value);
                case "length" -> length.read(value);
                case "type" -> type = repeated.get(value);
                case "encoding" -> encoding = repeated.get(value);
                case "path" -> path = value.toString();
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
                at.attribute(problems, "rs:md at"),
                completed.attribute(problems, "rs:md completed"),
                from.attribute(problems, "rs:md from"),
                until.attribute(problems, "rs:md until"),
                datetime.attribute(problems, "rs:md datetime"),
                modified.attribute(problems, "rs:md modified"),
                change,
                hash.build(problems),
                length.build(problems, "rs:md length"),
                type,
                encoding,
                path);
    }
}
