package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The literal XML the writer produces (declaration, namespaces with their trailing slash, one element per line, every
 * {@code rs:md}/{@code rs:ln} attribute, escaping, UTC times), and, in addition, that the reader reads it back: a fault
 * the writer shares with the reader must still show in the text.
 */
class SitemapWriterTest {

    private static final URI DOC = URI.create("http://example.com/dataset1/resourcelist.xml");

    private static final String DECLARATION = "<?xml version='1.0' encoding='UTF-8'?>\n";
    private static final String URLSET_START = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n";

    private static Instant t(String value) {
        return OffsetDateTime.parse(value).toInstant();
    }

    private static Metadata md(String capability, Instant at, Instant completed, Instant from, Instant until,
                               Instant datetime, Instant modified, String change, Hashes hash, Long length,
                               String type, String encoding, String path) {
        return new Metadata(capability, at, completed, from, until, datetime, modified, change, hash, length, type,
                encoding, path);
    }

    private static Metadata capability(String capability) {
        return md(capability, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** An output stream that remembers whether the writer closed it (it must not: the caller owns it). */
    private static final class Output extends ByteArrayOutputStream {
        boolean closed;

        @Override
        public void close() throws IOException {
            closed = true;
            super.close();
        }

        String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void writesTheDeclarationNamespacesAndOneElementPerLine() throws Exception {
        Output out = new Output();
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET,
                md("resourcelist", t("2013-01-03T09:00:00Z"), null, null, null, null, null, null, null, null, null,
                        null, null),
                List.of(Link.of("up", URI.create("http://example.com/dataset1/capabilitylist.xml"))))) {
            w.write(new Entry(URI.create("http://example.com/res1"), t("2013-01-02T13:00:00Z"),
                    md(null, null, null, null, null, null, null, null,
                            Hashes.parse("md5:1584abdf8ebdc9802ac0c6a7402c03b6"), 8876L, "text/html", null, null),
                    null, false));
            w.write(new Entry(URI.create("http://example.com/res2"), null, null, null, false));
        }
        assertEquals(DECLARATION + URLSET_START
                + "<rs:ln rel=\"up\" href=\"http://example.com/dataset1/capabilitylist.xml\"/>\n"
                + "<rs:md capability=\"resourcelist\" at=\"2013-01-03T09:00:00Z\"/>\n"
                + "<url><loc>http://example.com/res1</loc><lastmod>2013-01-02T13:00:00Z</lastmod>"
                + "<rs:md hash=\"md5:1584abdf8ebdc9802ac0c6a7402c03b6\" length=\"8876\" type=\"text/html\"/>\n"
                + "</url>\n"
                + "<url><loc>http://example.com/res2</loc></url>\n"
                + "</urlset>\n", out.text());
        assertFalse(out.closed, "the caller owns the stream");
    }

    @Test
    void writesEveryMdAttributeInSchemaOrder() throws Exception {
        Output out = new Output();
        Metadata documentMd = md("changedump-manifest", t("2013-01-01T00:00:00Z"), t("2013-01-01T00:01:00Z"),
                t("2013-01-02T00:00:00Z"), t("2013-01-03T00:00:00Z"), t("2013-01-04T00:00:00Z"),
                t("2013-01-05T00:00:00Z"), "updated",
                Hashes.parse("md5:1e0d5cb8ef6ba40c99b14c0237be735e sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784"),
                0L, "application/xml", "gzip", "/manifest.xml");
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, documentMd, List.of())) {
            // nothing but the header
        }
        assertEquals(DECLARATION + URLSET_START
                + "<rs:md capability=\"changedump-manifest\" at=\"2013-01-01T00:00:00Z\""
                + " completed=\"2013-01-01T00:01:00Z\" from=\"2013-01-02T00:00:00Z\" until=\"2013-01-03T00:00:00Z\""
                + " datetime=\"2013-01-04T00:00:00Z\" modified=\"2013-01-05T00:00:00Z\" change=\"updated\""
                + " hash=\"md5:1e0d5cb8ef6ba40c99b14c0237be735e"
                + " sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784\""
                + " length=\"0\" type=\"application/xml\" encoding=\"gzip\" path=\"/manifest.xml\"/>\n"
                + "</urlset>\n", out.text());

        ParsedDocument read = ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(out.toByteArray()), DOC);
        assertEquals(documentMd, read.header().md());
        assertTrue(read.entries().isEmpty());
    }

    @Test
    void writesEveryLinkAttributeOnEntriesAndOmitsAbsentOnes() throws Exception {
        Output out = new Output();
        Link mirror = new Link("duplicate", URI.create("http://mirror.example.org/res1"),
                Hashes.parse("sha-1:da39a3ee5e6b4b0d3255bfef95601890afd80709"), 4339L, t("2013-01-02T12:00:00Z"),
                "/changes/res1.html", 1, "text/html", "identity");
        Link bare = Link.of("alternate canonical", URI.create("https://other.example.org/res1"));
        Entry entry = new Entry(URI.create("http://example.com/res1"), null,
                md(null, null, null, null, null, t("2013-01-02T12:00:00Z"), null, "created", null, null, null, null,
                        null),
                List.of(mirror, bare), false);
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, Metadata.EMPTY, List.of())) {
            w.write(entry);
        }
        assertEquals(DECLARATION + URLSET_START
                + "<url><loc>http://example.com/res1</loc>"
                + "<rs:md datetime=\"2013-01-02T12:00:00Z\" change=\"created\"/>\n"
                + "<rs:ln rel=\"duplicate\" href=\"http://mirror.example.org/res1\""
                + " hash=\"sha-1:da39a3ee5e6b4b0d3255bfef95601890afd80709\" length=\"4339\""
                + " modified=\"2013-01-02T12:00:00Z\" path=\"/changes/res1.html\" pri=\"1\" type=\"text/html\""
                + " encoding=\"identity\"/>\n"
                + "<rs:ln rel=\"alternate canonical\" href=\"https://other.example.org/res1\"/>\n"
                + "</url>\n"
                + "</urlset>\n", out.text(), "no rs:md for Metadata.EMPTY, no hash=\"\" for an empty hash");

        ParsedDocument read = ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(out.toByteArray()), DOC);
        assertEquals(List.of(entry), read.entries());
    }

    @Test
    void writesAnIndexWithSitemapEntriesAndHeaderLinks() throws Exception {
        Output out = new Output();
        try (SitemapWriter w = new SitemapWriter(out, RootElement.SITEMAPINDEX,
                md("changelist", null, null, t("2013-01-01T00:00:00Z"), null, null, null, null, null, null, null,
                        null, null),
                List.of(Link.of("up", URI.create("http://example.com/capabilitylist.xml")),
                        Link.of("describedby", URI.create("http://example.com/info_about_source.xml"))))) {
            w.write(new Entry(URI.create("http://example.com/cl1.xml"), null,
                    md(null, null, null, t("2013-01-01T00:00:00Z"), t("2013-01-02T00:00:00Z"), null, null, null,
                            null, null, null, null, null),
                    null, true));
        }
        assertEquals(DECLARATION
                + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
                + "<rs:ln rel=\"up\" href=\"http://example.com/capabilitylist.xml\"/>\n"
                + "<rs:ln rel=\"describedby\" href=\"http://example.com/info_about_source.xml\"/>\n"
                + "<rs:md capability=\"changelist\" from=\"2013-01-01T00:00:00Z\"/>\n"
                + "<sitemap><loc>http://example.com/cl1.xml</loc>"
                + "<rs:md from=\"2013-01-01T00:00:00Z\" until=\"2013-01-02T00:00:00Z\"/>\n"
                + "</sitemap>\n"
                + "</sitemapindex>\n", out.text());

        ParsedDocument read = ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(out.toByteArray()), DOC);
        assertTrue(read.header().isIndex());
        assertEquals(2, read.header().links().size());
        assertEquals(URI.create("http://example.com/info_about_source.xml"), read.header().link("describedby").href());
        assertTrue(read.entry(0).sitemap());
        assertEquals(t("2013-01-02T00:00:00Z"), read.entry(0).md().until());
    }

    @Test
    void writesTimesInUtcWithTheirFraction() throws Exception {
        Output out = new Output();
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, Metadata.EMPTY, List.of())) {
            w.write(new Entry(URI.create("http://example.com/a"), t("2013-01-03T11:00:00+02:00"),
                    md(null, null, null, null, null, t("2012-12-31T23:30:00.250-01:00"), null, "updated", null, null,
                            null, null, null),
                    null, false));
        }
        String text = out.text();
        assertTrue(text.contains("<lastmod>2013-01-03T09:00:00Z</lastmod>"), text);
        assertTrue(text.contains("datetime=\"2013-01-01T00:30:00.250Z\""), text);
    }

    @Test
    void escapesMarkupCharactersInTextAndAttributes() throws Exception {
        Output out = new Output();
        URI loc = URI.create("http://example.com/search?q=a&lang=en");
        Link link = new Link("alternate", URI.create("http://example.com/view?id=1&format=pdf"), null, null, null,
                "/R&D/\"final\" <draft>.pdf", null, "application/pdf", null);
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, Metadata.EMPTY, List.of())) {
            w.write(new Entry(loc, null, null, List.of(link), false));
        }
        String text = out.text();
        assertTrue(text.contains("<loc>http://example.com/search?q=a&amp;lang=en</loc>"), text);
        assertTrue(text.contains("href=\"http://example.com/view?id=1&amp;format=pdf\""), text);
        assertTrue(text.contains("path=\"/R&amp;D/&quot;final&quot; &lt;draft>.pdf\""), text);

        ParsedDocument read = ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(out.toByteArray()), DOC);
        assertEquals(loc, read.entry(0).loc());
        assertEquals(link, read.entry(0).link("alternate"));
    }

    @Test
    void writesNonAsciiAsUtf8() throws Exception {
        Output out = new Output();
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, Metadata.EMPTY, List.of())) {
            w.write(new Entry(URI.create("http://example.com/caf%C3%A9"), null,
                    md(null, null, null, null, null, null, null, null, null, null, null, null, "/données/été.txt"),
                    null, false));
        }
        byte[] bytes = out.toByteArray();
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertTrue(text.contains("path=\"/données/été.txt\""), text);
        assertTrue(new String(bytes, StandardCharsets.ISO_8859_1).contains("/donn\u00c3\u00a9es/"),
                "é is the two UTF-8 bytes C3 A9");
        assertEquals("/données/été.txt",
                ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(bytes), DOC).entry(0).md().path());
    }

    @Test
    void capabilityEntryIsALocWithACapability() throws Exception {
        Entry entry = SitemapWriter.capabilityEntry(URI.create("http://example.com/dataset1/resourcelist.xml"),
                "resourcelist");
        Output out = new Output();
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, capability("capabilitylist"),
                List.of(Link.of("up", URI.create("http://example.com/.well-known/resourcesync"))))) {
            w.write(entry);
        }
        assertEquals(DECLARATION + URLSET_START
                + "<rs:ln rel=\"up\" href=\"http://example.com/.well-known/resourcesync\"/>\n"
                + "<rs:md capability=\"capabilitylist\"/>\n"
                + "<url><loc>http://example.com/dataset1/resourcelist.xml</loc><rs:md capability=\"resourcelist\"/>\n"
                + "</url>\n"
                + "</urlset>\n", out.text());
        assertTrue(ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(out.toByteArray()), DOC)
                .entry(0).isDocumentReference());
    }

    @Test
    void writesManyEntriesInOrder() throws Exception {
        Output out = new Output();
        int n = 1_500;
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, capability("resourcelist"), List.of())) {
            for (int i = 0; i < n; i++) {
                w.write(new Entry(URI.create("http://example.com/r/" + i), Instant.ofEpochSecond(1_357_000_000L + i),
                        null, null, false));
            }
        }
        String text = out.text();
        assertEquals(n + 5, text.split("\n", -1).length, "declaration, root, rs:md, one line per entry, end tag, nothing after the last newline");
        assertTrue(text.endsWith("<url><loc>http://example.com/r/1499</loc><lastmod>2013-01-01T00:51:39Z</lastmod>"
                + "</url>\n</urlset>\n"), text.substring(text.length() - 200));
        ParsedDocument read = ParsedDocument.read(new SitemapReader(), new ByteArrayInputStream(out.toByteArray()), DOC);
        assertEquals(n, read.entries().size());
        assertEquals(URI.create("http://example.com/r/700"), read.entry(700).loc());
    }
}
