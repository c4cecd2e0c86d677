package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.MediaTypes;
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

    /** Reads the attributes of the {@code rs:md} start element the reader is at; unknown ones are skipped. */
    void read(XMLStreamReader2 xml) throws XMLStreamException {
        present = true;
        for (int i = 0, n = xml.getAttributeCount(); i < n; i++) {
            if (!SitemapNames.isUnqualified(xml.getAttributeNamespace(i)) || !value.read(xml, i)) {
                continue; // an extension's attribute, or blank: absent
            }
            // Woodstox interns names, so equals() is mostly an identity check; the usual attributes come first
            String name = xml.getAttributeLocalName(i);
            if ("hash".equals(name)) {
                hash.read(value);
            } else if ("length".equals(name)) {
                length.read(value);
            } else if ("type".equals(name)) {
                type = repeated.get(value);
            } else if ("datetime".equals(name)) {
                datetime.read(value);
            } else if ("change".equals(name)) {
                change = repeated.get(value);
            } else if ("capability".equals(name)) {
                capability = repeated.get(value);
            } else if ("at".equals(name)) {
                at.read(value);
            } else if ("completed".equals(name)) {
                completed.read(value);
            } else if ("from".equals(name)) {
                from.read(value);
            } else if ("until".equals(name)) {
                until.read(value);
            } else if ("modified".equals(name)) {
                modified.read(value);
            } else if ("encoding".equals(name)) {
                encoding = repeated.get(value);
            } else if ("path".equals(name)) {
                path = value.toString();
            }
            // anything else is an extension attribute: tolerated
        }
    }

    /** The type when it is a media type; anything else (a bare word, a control character) is dropped with a warning. */
    private String mediaType(Problems problems) {
        if (type == null || MediaTypes.isValid(type)) {
            return type;
        }
        problems.warn("rs:md type \"" + Problems.shorten(type) + "\" is not a media type ("
                      + MediaTypes.EXPECTED + "); read as absent");
        return null;
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
                mediaType(problems),
                encoding,
                path);
    }
}
