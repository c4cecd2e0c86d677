package io.github.camelresourcesync.peers;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * What a third-party harvester does with a ResourceSync document, written without the project's reader: GET it with
 * the JDK's HTTP client and parse it with plain DOM. The peer emulators build on this and nothing else of the project.
 */
final class PlainSitemaps {

    static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    static final String RS_NS = "http://www.openarchives.org/rs/terms/";

    /** A {@code <url>} or {@code <sitemap>}: its {@code loc}, {@code lastmod} (null when absent), rs:md attributes. */
    record Item(URI loc, Instant lastmod, Map<String, String> md) {

        String md(String attribute) {
            return md.get(attribute);
        }

        Instant time(String attribute) {
            String v = md.get(attribute);
            return v == null ? null : parseTime(v);
        }
    }

    /** A document: {@code urlset} or {@code sitemapindex}, its own rs:md attributes and its items. */
    record Doc(URI uri, boolean index, Map<String, String> md, List<Item> items) {

        String capability() {
            return md.get("capability");
        }

        Instant time(String attribute) {
            String v = md.get(attribute);
            return v == null ? null : parseTime(v);
        }
    }

    /** A non-2xx answer or a transport failure, as the peer would report it. */
    static final class FetchFailed extends IOException {
        FetchFailed(String message) {
            super(message);
        }
    }

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

    byte[] get(URI uri) throws IOException {
        HttpResponse<byte[]> r;
        try {
            r = http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchFailed("interrupted fetching " + uri);
        }
        if (r.statusCode() / 100 != 2) {
            throw new FetchFailed("GET " + uri + " answered " + r.statusCode());
        }
        return r.body();
    }

    Doc read(URI uri) throws IOException {
        return parse(uri, get(uri));
    }

    static Doc parse(URI uri, byte[] xml) throws IOException {
        Element root;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            root = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not XML: " + uri + ": " + e.getMessage(), e);
        }
        if (!SITEMAP_NS.equals(root.getNamespaceURI())) {
            throw new IOException("not a sitemap: " + uri);
        }
        boolean index = "sitemapindex".equals(root.getLocalName());
        Map<String, String> md = Map.of();
        List<Item> items = new ArrayList<>();
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element e)) {
                continue;
            }
            if (RS_NS.equals(e.getNamespaceURI()) && "md".equals(e.getLocalName())) {
                md = attributes(e);
            } else if (SITEMAP_NS.equals(e.getNamespaceURI())
                       && (index ? "sitemap" : "url").equals(e.getLocalName())) {
                items.add(item(uri, e));
            }
        }
        return new Doc(uri, index, md, items);
    }

    private static Item item(URI base, Element e) {
        URI loc = null;
        Instant lastmod = null;
        Map<String, String> md = Map.of();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                if (SITEMAP_NS.equals(c.getNamespaceURI()) && "loc".equals(c.getLocalName())) {
                    loc = base.resolve(c.getTextContent().trim());
                } else if (SITEMAP_NS.equals(c.getNamespaceURI()) && "lastmod".equals(c.getLocalName())) {
                    lastmod = parseTime(c.getTextContent().trim());
                } else if (RS_NS.equals(c.getNamespaceURI()) && "md".equals(c.getLocalName())) {
                    md = attributes(c);
                }
            }
        }
        return new Item(loc, lastmod, md);
    }

    private static Map<String, String> attributes(Element e) {
        Map<String, String> out = new LinkedHashMap<>();
        NamedNodeMap atts = e.getAttributes();
        for (int i = 0; i < atts.getLength(); i++) {
            out.put(atts.item(i).getLocalName() == null ? atts.item(i).getNodeName() : atts.item(i).getLocalName(),
                    atts.item(i).getNodeValue());
        }
        return out;
    }

    static Instant parseTime(String w3c) {
        return OffsetDateTime.parse(w3c).toInstant();
    }

    /** Hex digest of {@code bytes}, or null when the JVM has no such algorithm (the peer cannot check it). */
    static String digest(String algorithm, byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            return null;
        }
    }
}
