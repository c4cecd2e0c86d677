package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Link;

import javax.xml.stream.XMLStreamException;

import org.codehaus.stax2.XMLStreamReader2;

/**
 * The raw attributes of one {@code rs:ln} element, converted to a {@link Link} once the entry is read. Read like
 * {@link MdAttributes}. Reusable.
 */
final class LnAttributes {

    private final AttributeValue value;
    private final RepeatedValues repeated;

    private String rel;
    private String href;
    private final HashAttribute hash = new HashAttribute();
    private final LengthValue length = new LengthValue();
    private final TimeValue modified = new TimeValue();
    private String path;
    private String pri;
    private String type;
    private String encoding;

    /** @param value and {@code repeated}: those of the document, shared by all its attribute readers */
    LnAttributes(AttributeValue value, RepeatedValues repeated) {
        this.value = value;
        this.repeated = repeated;
    }

    /** Reads the attributes of the {@code rs:ln} start element the reader is at; unknown ones are skipped. */
    void read(XMLStreamReader2 xml) throws XMLStreamException {
        rel = href = path = pri = type = encoding = null;
        hash.reset();
        length.reset();
        modified.reset();
        for (int i = 0, n = xml.getAttributeCount(); i < n; i++) {
            if (!SitemapNames.isUnqualified(xml.getAttributeNamespace(i)) || !value.read(xml, i)) {
                continue; // an extension's attribute, or blank: absent
            }
            switch (xml.getAttributeLocalName(i)) {
                case "rel" -> rel = repeated.get(value);
                case "href" -> href = value.toString();
                case "hash" -> hash.read(value);
                case "length" -> length.read(value);
                case "modified" -> modified.read(value);
                case "path" -> path = value.toString();
                case "pri" -> pri = value.toString();
                case "type" -> type = repeated.get(value);
                case "encoding" -> encoding = repeated.get(value);
                default -> {
                    // extension attribute: tolerated
                }
            }
        }
    }

    /**
     * @throws DocumentException when {@code rel} or {@code href} is missing, {@code href} is not a URI, or
     *                           {@code modified} is not a W3C datetime
     */
    Link build(Problems problems) throws DocumentException {
        if (rel == null) {
            throw problems.error("<rs:ln" + (href == null ? "" : " href=\"" + href + "\"")
                    + "> has no rel attribute (required)");
        }
        if (href == null) {
            throw problems.error("<rs:ln rel=\"" + rel + "\"> has no href attribute (required)");
        }
        return new Link(
                rel,
                problems.resolve(href, "<rs:ln rel=\"" + rel + "\"> href"),
                hash.build(problems),
                length.build(problems, "rs:ln length"),
                modified.attribute(problems, "rs:ln modified"),
                path,
                Attributes.pri(problems, pri),
                type,
                encoding);
    }
}
