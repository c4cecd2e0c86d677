package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Link;

import javax.xml.stream.XMLStreamReader;

/** The raw attributes of one {@code rs:ln} element, converted to a {@link Link} once the entry is read. Reusable. */
final class LnAttributes {

    private String rel;
    private String href;
    private String hash;
    private String length;
    private String modified;
    private String path;
    private String pri;
    private String type;
    private String encoding;

    /** Reads the attributes of the {@code rs:ln} start element the reader is positioned at; unknown ones are skipped. */
    void read(XMLStreamReader xml) {
        rel = href = hash = length = modified = path = pri = type = encoding = null;
        for (int i = 0, n = xml.getAttributeCount(); i < n; i++) {
            if (!SitemapNames.isUnqualified(xml.getAttributeNamespace(i))) {
                continue;
            }
            String value = Attributes.value(xml, i);
            switch (xml.getAttributeLocalName(i)) {
                case "rel" -> rel = value;
                case "href" -> href = value;
                case "hash" -> hash = value;
                case "length" -> length = value;
                case "modified" -> modified = value;
                case "path" -> path = value;
                case "pri" -> pri = value;
                case "type" -> type = value;
                case "encoding" -> encoding = value;
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
                HashAttribute.parse(hash, problems::warn),
                Attributes.length(problems, "rs:ln length", length),
                Attributes.time(problems, "rs:ln modified", modified),
                path,
                Attributes.pri(problems, pri),
                type,
                encoding);
    }
}
