package io.github.camelresourcesync.examples;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import com.fasterxml.jackson.databind.JsonNode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** META-SHARE records read with DOM: the independent reading the catalogue's JSON is checked against. */
final class MetashareRecords {

    private static final String NS = "http://www.ilsp.gr/META-XMLSchema";

    private MetashareRecords() {
    }

    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    static List<Element> elements(Document record, String localName) {
        NodeList nodes = record.getElementsByTagNameNS(NS, localName);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add((Element) nodes.item(i));
        }
        return out;
    }

    static List<String> texts(Document record, String localName) {
        return elements(record, localName).stream().map(e -> e.getTextContent().strip()).toList();
    }

    /** The texts of the {@code localName} elements that are children of a {@code parent} element. */
    static List<String> texts(Document record, String parent, String localName) {
        return elements(record, localName).stream()
                .filter(e -> e.getParentNode() instanceof Element p && parent.equals(p.getLocalName()))
                .map(e -> e.getTextContent().strip()).toList();
    }

    /** A JSON field's text, "" when it is null or missing. */
    static String text(JsonNode node) {
        return node.isNull() || node.isMissingNode() ? "" : node.asText();
    }

    /** The first such element's text, or "" (what Jackson's {@code asText()} gives for a missing or null field). */
    static String first(Document record, String localName) {
        List<String> all = texts(record, localName);
        return all.isEmpty() ? "" : all.get(0);
    }

    static List<String> list(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
