package io.github.camelresourcesync.testsupport;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

/**
 * Sitemap and ResourceSync documents written as text, following the specification's examples, with no code shared
 * with the project's writer or reader (only the model's plain records carry the values): a test Source that renders
 * with it shows whether the reader understands documents it did not write itself. The layout differs from the
 * project's writer on purpose: {@code rs:ln} before {@code rs:md}, one element per line, single-quoted attributes.
 */
final class LiteralSitemaps {

    private static final String NAMESPACES = " xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'"
                                             + " xmlns:rs='http://www.openarchives.org/rs/terms/'";

    private LiteralSitemaps() {
    }

    static byte[] document(RootElement root, Metadata md, List<Link> links, List<Entry> entries) {
        String rootName = root == RootElement.SITEMAPINDEX ? "sitemapindex" : "urlset";
        StringBuilder xml = new StringBuilder("<?xml version='1.0' encoding='UTF-8'?>\n<").append(rootName)
                .append(NAMESPACES).append(">\n");
        for (Link l : links) {
            link(xml.append("  "), l);
        }
        metadata(xml.append("  "), md);
        for (Entry e : entries) {
            String name = e.sitemap() ? "sitemap" : "url";
            xml.append("  <").append(name).append(">\n    <loc>").append(escape(e.loc().toString())).append("</loc>\n");
            if (e.lastmod() != null) {
                xml.append("    <lastmod>").append(time(e.lastmod())).append("</lastmod>\n");
            }
            metadata(xml.append("    "), e.md());
            for (Link l : e.links()) {
                link(xml.append("    "), l);
            }
            xml.append("  </").append(name).append(">\n");
        }
        return xml.append("</").append(rootName).append(">\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void metadata(StringBuilder xml, Metadata md) {
        xml.append("<rs:md");
        attribute(xml, "capability", md.capability());
        attribute(xml, "at", time(md.at()));
        attribute(xml, "completed", time(md.completed()));
        attribute(xml, "from", time(md.from()));
        attribute(xml, "until", time(md.until()));
        attribute(xml, "datetime", time(md.datetime()));
        attribute(xml, "modified", time(md.modified()));
        attribute(xml, "change", md.change());
        attribute(xml, "hash", md.hash() == null ? null : hash(md.hash().digests()));
        attribute(xml, "length", md.length() == null ? null : md.length().toString());
        attribute(xml, "type", md.type());
        attribute(xml, "encoding", md.encoding());
        attribute(xml, "path", md.path());
        xml.append("/>\n");
    }

    private static void link(StringBuilder xml, Link l) {
        xml.append("<rs:ln");
        attribute(xml, "rel", l.rel());
        attribute(xml, "href", l.href().toString());
        attribute(xml, "hash", l.hash() == null ? null : hash(l.hash().digests()));
        attribute(xml, "length", l.length() == null ? null : l.length().toString());
        attribute(xml, "modified", time(l.modified()));
        attribute(xml, "path", l.path());
        attribute(xml, "pri", l.pri() == null ? null : l.pri().toString());
        attribute(xml, "type", l.type());
        attribute(xml, "encoding", l.encoding());
        xml.append("/>\n");
    }

    private static String hash(Map<String, String> digests) {
        if (digests.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        digests.forEach((algorithm, hex) -> b.append(b.length() == 0 ? "" : " ").append(algorithm).append(':')
                .append(hex));
        return b.toString();
    }

    private static void attribute(StringBuilder xml, String name, String value) {
        if (value != null) {
            xml.append(' ').append(name).append("='").append(escape(value)).append('\'');
        }
    }

    /** W3C Datetime in UTC, as the specification's examples write it. */
    private static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;")
                .replace("\"", "&quot;");
    }
}
