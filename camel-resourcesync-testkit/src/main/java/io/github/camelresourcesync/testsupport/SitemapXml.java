package io.github.camelresourcesync.testsupport;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sitemap and ResourceSync documents written as text, following the specification's examples, with no code shared
 * with the component's writer or reader: a Source that renders with it shows whether the reader understands documents
 * it did not write itself. Streaming (a list of millions of entries is never held), in one of two layouts, so a test
 * can check that the reader does not depend on one:
 * <ul>
 * <li>{@link Layout#COMPACT}: double-quoted attributes, one entry per line, an empty {@code rs:md} left out;</li>
 * <li>{@link Layout#LITERAL}: single-quoted attributes, one element per indented line, an {@code rs:md} on every
 * entry, empty or not.</li>
 * </ul>
 * In both, the document's {@code rs:ln} come before its {@code rs:md} (as in the specification's examples), an
 * entry's after its {@code rs:md}. {@link #close()} closes the stream.
 *
 * <pre>{@code
 * try (SitemapXml xml = SitemapXml.urlset(out, Layout.COMPACT, Attributes.of("capability", "resourcelist", "at", at),
 *         List.of(Attributes.of("rel", "up", "href", capabilityList)))) {
 *     xml.url(loc, lastmod, Attributes.of("length", 5L).hash(Map.of("md5", hex)), List.of());
 * }
 * }</pre>
 */
public final class SitemapXml implements AutoCloseable {

    public static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    public static final String RS_NS = "http://www.openarchives.org/rs/terms/";

    /** How a document is laid out (both are the same document to a reader). */
    public enum Layout {
        /** Double quotes, one entry per line, no empty {@code rs:md}. */
        COMPACT,
        /** Single quotes, one element per indented line, an {@code rs:md} on every entry. */
        LITERAL
    }

    /**
     * The attributes of an {@code rs:md} or {@code rs:ln}, in the order added; {@code null} values are left out,
     * instants written as W3C Datetime in UTC.
     */
    public static final class Attributes {

        public static final Attributes NONE = new Attributes(Collections.emptyMap());

        private final Map<String, String> values;

        private Attributes(Map<String, String> values) {
            this.values = values;
        }

        /** Name, value, name, value...: {@code Attributes.of("capability", "resourcelist", "at", instant)}. */
        public static Attributes of(Object... nameValues) {
            if (nameValues.length % 2 != 0) {
                throw new IllegalArgumentException("names and values in pairs");
            }
            Attributes a = new Attributes(new LinkedHashMap<>());
            for (int i = 0; i < nameValues.length; i += 2) {
                a = a.with((String) nameValues[i], nameValues[i + 1]);
            }
            return a;
        }

        /** These attributes and one more ({@code null}: none more). */
        public Attributes with(String name, Object value) {
            if (value == null) {
                return this;
            }
            Map<String, String> m = new LinkedHashMap<>(values);
            m.put(name, value.toString());
            return new Attributes(m);
        }

        /** These attributes and {@code hash="md5:... sha-256:..."} (none for no digests). */
        public Attributes hash(Map<String, String> digests) {
            if (digests == null || digests.isEmpty()) {
                return this;
            }
            StringBuilder b = new StringBuilder();
            digests.forEach((algorithm, hex) -> b.append(b.length() == 0 ? "" : " ").append(algorithm).append(':')
                    .append(hex));
            return with("hash", b.toString());
        }

        public boolean isEmpty() {
            return values.isEmpty();
        }

        public Map<String, String> asMap() {
            return Collections.unmodifiableMap(values);
        }
    }

    /** One {@code url} (or, in a {@code sitemapindex}, {@code sitemap}) entry. */
    public record Url(URI loc, Instant lastmod, Attributes md, List<Attributes> links) {

        public Url {
            md = md == null ? Attributes.NONE : md;
            links = links == null ? List.of() : links;
        }

        public Url(URI loc, Instant lastmod, Attributes md) {
            this(loc, lastmod, md, List.of());
        }
    }

    private final Writer out;
    private final Layout layout;
    private final String root;
    private final String entry;
    private final char quote;

    private SitemapXml(OutputStream out, boolean index, Layout layout, Attributes md, List<Attributes> links)
            throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
        this.layout = layout;
        this.root = index ? "sitemapindex" : "urlset";
        this.entry = index ? "sitemap" : "url";
        this.quote = layout == Layout.LITERAL ? '\'' : '"';
        this.out.write("<?xml version=" + quote + "1.0" + quote + " encoding=" + quote + "UTF-8" + quote + "?>\n<");
        this.out.write(root);
        this.out.write(" xmlns=" + quote + SITEMAP_NS + quote + " xmlns:rs=" + quote + RS_NS + quote + ">\n");
        String indent = layout == Layout.LITERAL ? "  " : "";
        for (Attributes l : links) {
            element(indent, "rs:ln", l, "\n");
        }
        element(indent, "rs:md", md, "\n");
    }

    /** A {@code urlset} document (a list) with its own {@code rs:md} and links. */
    public static SitemapXml urlset(OutputStream out, Layout layout, Attributes md, List<Attributes> links)
            throws IOException {
        return new SitemapXml(out, false, layout, md, links);
    }

    /** A {@code sitemapindex} document (an index of lists) with its own {@code rs:md} and links. */
    public static SitemapXml sitemapindex(OutputStream out, Layout layout, Attributes md, List<Attributes> links)
            throws IOException {
        return new SitemapXml(out, true, layout, md, links);
    }

    /** A whole document at once: {@code index} makes it a {@code sitemapindex}. */
    public static byte[] document(boolean index, Layout layout, Attributes md, List<Attributes> links,
                                  Iterable<Url> entries) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (SitemapXml xml = new SitemapXml(buffer, index, layout, md, links)) {
            for (Url u : entries) {
                xml.url(u);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /** {@code rel} and {@code href} of a link. */
    public static Attributes link(String rel, URI href) {
        return Attributes.of("rel", rel, "href", href);
    }

    /** The {@code rs:md} of a capability (or of a document): {@code capability="..."}. */
    public static Attributes capability(String capability) {
        return Attributes.of("capability", capability);
    }

    public void url(URI loc, Instant lastmod, Attributes md, List<Attributes> links) throws IOException {
        url(new Url(loc, lastmod, md, links));
    }

    public void url(Url u) throws IOException {
        boolean literal = layout == Layout.LITERAL;
        String indent = literal ? "    " : "";
        out.write(literal ? "  <" : "<");
        out.write(entry);
        out.write(literal ? ">\n    <loc>" : "><loc>");
        out.write(escape(u.loc().toString()));
        out.write(literal ? "</loc>\n" : "</loc>");
        if (u.lastmod() != null) {
            out.write(indent);
            out.write("<lastmod>");
            out.write(u.lastmod().toString());
            out.write(literal ? "</lastmod>\n" : "</lastmod>");
        }
        String end = literal ? "\n" : "";
        if (literal || !u.md().isEmpty()) {
            element(indent, "rs:md", u.md(), end);
        }
        for (Attributes l : u.links()) {
            element(indent, "rs:ln", l, end);
        }
        out.write(literal ? "  </" : "</");
        out.write(entry);
        out.write(">\n");
    }

    private void element(String indent, String name, Attributes attributes, String end) throws IOException {
        out.write(indent);
        out.write('<');
        out.write(name);
        for (Map.Entry<String, String> a : attributes.values.entrySet()) {
            out.write(' ');
            out.write(a.getKey());
            out.write('=');
            out.write(quote);
            out.write(escape(a.getValue()));
            out.write(quote);
        }
        out.write("/>");
        out.write(end);
    }

    @Override
    public void close() throws IOException {
        out.write("</");
        out.write(root);
        out.write(">\n");
        out.close();
    }

    static String escape(String s) {
        if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('>') < 0 && s.indexOf('\'') < 0
            && s.indexOf('"') < 0) {
            return s;
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;")
                .replace("\"", "&quot;");
    }
}
