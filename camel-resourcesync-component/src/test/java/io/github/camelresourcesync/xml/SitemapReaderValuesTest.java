package io.github.camelresourcesync.xml;

import static io.github.camelresourcesync.xml.ParsedDocument.BASE;
import static io.github.camelresourcesync.xml.ParsedDocument.urlset;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values at their boundaries as Sources publish them ({@code length}, {@code pri}, long datetimes, extension
 * attributes with our names, many distinct media types), the reader's reuse of its per-entry state (nothing one entry
 * says may leak into the next), and what its messages and warnings name.
 */
class SitemapReaderValuesTest {

    private final List<String> warnings = new ArrayList<>();
    private final SitemapReader reader = new SitemapReader(0, warnings::add);

    private ParsedDocument read(String xml) throws DocumentException {
        return ParsedDocument.read(reader, xml, StandardCharsets.UTF_8);
    }

    private static Instant t(String value) {
        return Instant.parse(value);
    }

    @Test
    void readsLengthsAtTheirBoundariesAndDropsTheRestWithAWarning() throws Exception {
        ParsedDocument doc = read(urlset("""
                <url><loc>http://example.com/empty.txt</loc><rs:md length="0"/></url>
                <url><loc>http://example.com/huge.iso</loc><rs:md length="999999999999999999"/></url>
                <url><loc>http://example.com/overflow</loc><rs:md length="99999999999999999999"/></url>
                <url><loc>http://example.com/unknown</loc><rs:md length="unknown"/></url>
                <url><loc>http://example.com/negative</loc><rs:md length="-1"/></url>
                <url><loc>http://example.com/padded</loc><rs:md length=" 8876 "/></url>
                <url><loc>http://example.com/kb</loc><rs:md length="4KB"/>
                  <rs:ln rel="duplicate" href="http://mirror.example.com/kb" length="18446744073709551616"/></url>
                """));
        assertEquals(0L, doc.entry(0).md().length());
        assertEquals(999_999_999_999_999_999L, doc.entry(1).md().length());
        assertNull(doc.entry(2).md().length(), "does not fit in a long");
        assertNull(doc.entry(3).md().length());
        assertNull(doc.entry(4).md().length());
        assertEquals(8876L, doc.entry(5).md().length(), "surrounding blanks are trimmed");
        assertNull(doc.entry(6).md().length());
        assertNull(doc.entry(6).link("duplicate").length());
        assertEquals(List.of(
                "entry 3 <loc>http://example.com/overflow</loc> of " + BASE
                        + ": rs:md length=\"99999999999999999999\" is not a non-negative integer; ignored",
                "entry 4 <loc>http://example.com/unknown</loc> of " + BASE
                        + ": rs:md length=\"unknown\" is not a non-negative integer; ignored",
                "entry 5 <loc>http://example.com/negative</loc> of " + BASE
                        + ": rs:md length=\"-1\" is not a non-negative integer; ignored",
                "entry 7 <loc>http://example.com/kb</loc> of " + BASE
                        + ": rs:md length=\"4KB\" is not a non-negative integer; ignored",
                "entry 7 <loc>http://example.com/kb</loc> of " + BASE
                        + ": rs:ln length=\"18446744073709551616\" is not a non-negative integer; ignored"), warnings);
    }

    @Test
    void readsMirrorPrioritiesUpToTheLargestInt() throws Exception {
        ParsedDocument doc = read(urlset("""
                <url><loc>http://example.com/res1</loc>
                  <rs:ln rel="duplicate" pri="0" href="http://mirror1.example.com/res1"/>
                  <rs:ln rel="duplicate" pri="2147483647" href="http://mirror2.example.com/res1"/>
                  <rs:ln rel="duplicate" pri="2147483648" href="http://mirror3.example.com/res1"/>
                  <rs:ln rel="duplicate" href="http://mirror4.example.com/res1"/>
                </url>"""));
        List<Link> links = doc.entry(0).links();
        assertEquals(0, links.get(0).pri());
        assertEquals(Integer.MAX_VALUE, links.get(1).pri());
        assertNull(links.get(2).pri(), "beyond an int");
        assertNull(links.get(3).pri(), "absent is no priority, not priority 0");
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).endsWith(": rs:ln pri=\"2147483648\" is not a non-negative integer; ignored"),
                warnings.get(0));
    }

    @Test
    void nothingOneEntrySaysLeaksIntoTheNext() throws Exception {
        ParsedDocument doc = read(urlset("""
                <url>
                  <loc>http://example.com/res1</loc>
                  <lastmod>2013-01-02T13:00:00Z</lastmod>
                  <rs:md capability="resourcelist" at="2013-01-01T00:00:00Z" completed="2013-01-01T00:01:00Z"
                         from="2013-01-02T00:00:00Z" until="2013-01-03T00:00:00Z" datetime="2013-01-02T12:00:00Z"
                         modified="2013-01-02T11:00:00Z" change="updated" hash="md5:1584abdf8ebdc9802ac0c6a7402c03b6"
                         length="8876" type="text/html" encoding="gzip" path="/res1"/>
                  <rs:ln rel="duplicate" href="http://mirror.example.com/res1"
                         hash="sha-1:da39a3ee5e6b4b0d3255bfef95601890afd80709" length="4339"
                         modified="2013-01-02T12:00:00Z" path="/res1" pri="1" type="text/html" encoding="identity"/>
                </url>
                <url>
                  <loc>http://example.com/res2</loc>
                  <rs:md change="deleted"/>
                  <rs:ln rel="duplicate" href="http://mirror.example.com/res2"/>
                </url>
                <url><loc>http://example.com/res3</loc></url>"""));
        Entry first = doc.entry(0);
        assertEquals(t("2013-01-01T00:00:00Z"), first.md().at());
        assertEquals(4339L, first.link("duplicate").length());

        Entry second = doc.entry(1);
        assertNull(second.lastmod());
        assertEquals(new Metadata(null, null, null, null, null, null, null, "deleted", null, null, null, null, null),
                second.md());
        assertEquals(List.of(Link.of("duplicate", URI.create("http://mirror.example.com/res2"))), second.links());

        Entry third = doc.entry(2);
        assertEquals(Metadata.EMPTY, third.md());
        assertEquals(List.of(), third.links());
        assertNull(third.lastmod());
        assertEquals(List.of(), warnings);
    }

    @Test
    void attributesOfOtherNamespacesAreNotOursEvenWithOurNames() throws Exception {
        ParsedDocument doc = read("""
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/"
                        xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ex="http://example.org/ns/ext">
                  <rs:md capability="changelist" ex:capability="resourcelist" from="2013-01-03T00:00:00Z"/>
                  <url>
                    <loc>http://example.com/res1</loc>
                    <rs:md change="updated" ex:change="deleted" ex:length="5" ex:datetime="not a time"/>
                    <rs:ln rel="alternate" href="http://example.com/res1.pdf" xlink:type="simple"
                           xlink:href="http://elsewhere.example.org/" ex:rel="stylesheet"/>
                  </url>
                </urlset>
                """);
        assertEquals("changelist", doc.header().md().capability());
        Entry entry = doc.entry(0);
        assertEquals("updated", entry.md().change());
        assertNull(entry.md().length());
        assertNull(entry.md().datetime());
        Link link = entry.links().get(0);
        assertEquals("alternate", link.rel());
        assertEquals(URI.create("http://example.com/res1.pdf"), link.href());
        assertNull(link.type(), "xlink:type is XLink's, not a media type");
    }

    @Test
    void manyDistinctMediaTypesAreAllReadAsWritten() throws Exception {
        StringBuilder body = new StringBuilder();
        String longType = "application/vnd." + "x".repeat(RepeatedValues.MAX_LENGTH - 16);
        assertEquals(RepeatedValues.MAX_LENGTH, longType.length());
        for (int i = 0; i < 80; i++) {
            String type = i % 2 == 0 ? "text/html" : i % 5 == 1 ? longType : "application/x-type-" + i;
            body.append("<url><loc>http://example.com/r").append(i).append("</loc><rs:md type=\"").append(type)
                    .append("\"/></url>\n");
        }
        ParsedDocument doc = read(urlset(body.toString()));
        for (int i = 0; i < 80; i++) {
            String expected = i % 2 == 0 ? "text/html" : i % 5 == 1 ? longType : "application/x-type-" + i;
            assertEquals(expected, doc.entry(i).md().type(), "entry " + (i + 1));
        }
        // the point of sharing: one String per repeating value, not one per entry
        assertSame(doc.entry(0).md().type(), doc.entry(78).md().type());
        assertSame(doc.entry(1).md().type(), doc.entry(71).md().type(), "a value of the longest shared length");
    }

    @Test
    void valuesWithTheSameHashCodeStayDistinct() throws Exception {
        // "Aa" and "BB" have the same String.hashCode(), so these two media types do too
        assertEquals("application/x-Aa".hashCode(), "application/x-BB".hashCode());
        ParsedDocument doc = read(urlset("""
                <url><loc>http://example.com/a</loc><rs:md type="application/x-Aa"/></url>
                <url><loc>http://example.com/b</loc><rs:md type="application/x-BB"/></url>
                <url><loc>http://example.com/c</loc><rs:md type="application/x-Aa"/></url>"""));
        assertEquals("application/x-Aa", doc.entry(0).md().type());
        assertEquals("application/x-BB", doc.entry(1).md().type());
        assertEquals("application/x-Aa", doc.entry(2).md().type());
    }

    @ParameterizedTest
    @ValueSource(strings = { "2013-01-03T09:00:00.123456+02:00", "2013-01-03T09:00:00.1234567+02:00",
            "2013-01-03T09:00:00.123456789+02:00", "  2013-01-03T09:00:00.123456789+02:00\n  " })
    void readsALastmodLongerThanTheFastPathTakes(String lastmod) throws Exception {
        ParsedDocument doc = read(urlset("<url><loc>http://example.com/a</loc><lastmod>" + lastmod
                + "</lastmod></url>"));
        Instant expected = java.time.OffsetDateTime.parse(lastmod.trim()).toInstant();
        assertEquals(expected, doc.entry(0).lastmod());
        assertEquals(t("2013-01-03T07:00:00Z"), doc.entry(0).lastmod().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }

    @Test
    void warnsOnceAboutUrlEntriesInsideASitemapindex() throws Exception {
        ParsedDocument doc = read("""
                <?xml version="1.0" encoding="UTF-8"?>
                <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <sitemap><loc>http://example.com/changelist1.xml</loc></sitemap>
                  <url><loc>http://example.com/res1</loc></url>
                  <url><loc>http://example.com/res2</loc></url>
                </sitemapindex>
                """);
        assertTrue(doc.entry(0).sitemap());
        assertFalse(doc.entry(1).sitemap());
        assertFalse(doc.entry(2).sitemap());
        // reported as the entry starts, before its <loc> is read
        assertEquals(List.of("entry 2 of " + BASE
                + ": <url> inside <sitemapindex>; reported as a list entry (further mixed entries not reported)"),
                warnings);
    }

    @Test
    void aRegularListOrIndexGivesNoWarning() throws Exception {
        read(urlset("<url><loc>a</loc></url><url><loc>b</loc></url>"));
        read("<sitemapindex xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><sitemap><loc>a.xml</loc></sitemap>"
                + "<sitemap><loc>b.xml</loc></sitemap></sitemapindex>");
        assertEquals(List.of(), warnings);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "<html><body>Not found</body></html>",
            "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><rs:md capability='x'/></urlset>",
            "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9' xmlns:rs='http://www.openarchives.org/rs/terms/'>"
                    + "<rs:md capability='changelist' from='last week'/><url><loc>a</loc></url></urlset>",
            "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><url><loc>a</loc></url>" })
    void closesTheStreamWhenTheHeaderIsRefused(String xml) {
        boolean[] closed = { false };
        InputStream in = new FilterInputStream(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))) {
            @Override
            public void close() throws IOException {
                closed[0] = true;
                super.close();
            }
        };
        // the last one is only refused on reading; the others while the header is read
        try {
            SitemapDocument doc = reader.open(in, BASE);
            assertThrows(DocumentException.class, () -> {
                while (doc.next() != null) {
                    // read on
                }
            });
            doc.close();
        } catch (DocumentException expected) {
            assertTrue(expected.getMessage().contains(BASE.toString()), expected.getMessage());
        }
        assertTrue(closed[0], "the connection is released");
    }

    @Test
    void closesTheStreamWhenTheDeclaredEncodingIsUnknown() {
        boolean[] closed = { false };
        byte[] xml = "<?xml version=\"1.0\" encoding=\"x-no-such-charset\"?><urlset/>".getBytes(StandardCharsets.US_ASCII);
        InputStream in = new FilterInputStream(new ByteArrayInputStream(xml)) {
            @Override
            public void close() throws IOException {
                closed[0] = true;
                super.close();
            }
        };
        DocumentException e = assertThrows(DocumentException.class, () -> reader.open(in, BASE));
        assertTrue(e.getMessage().startsWith("cannot start reading the document"), e.getMessage());
        assertTrue(closed[0], "the connection is released");
    }

    @Test
    void reportsTheLimitItEnforces() {
        assertEquals(5_000L, new SitemapReader(5_000).maxEntries());
        assertEquals(0L, new SitemapReader().maxEntries());
    }

    @Test
    void headerErrorsSayTheyAreInTheDocumentLevelElements() {
        DocumentException e = assertThrows(DocumentException.class, () -> read(urlset(
                "<rs:md capability='resourcelist' at='2013-01-03T09:00:00Z'/>\n<rs:md capability='changelist'/>")));
        assertTrue(e.getMessage().startsWith("document-level elements: more than one document-level <rs:md>"),
                e.getMessage());
    }

    @Test
    void errorsNameEntryLineAndDocument() throws Exception {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                <url><loc>http://example.com/res1</loc></url>
                <url><loc>http://example.com/res2</loc></url>
                <url><lastmod>2013-01-01</lastmod></url>
                </urlset>
                """;
        try (SitemapDocument doc = reader.open(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), BASE)) {
            doc.next();
            doc.next();
            DocumentException e = assertThrows(DocumentException.class, doc::next);
            assertEquals("entry 3: <url> has no <loc> (near line 5) (document " + BASE + ")", e.getMessage());
            assertSame(e, assertThrows(DocumentException.class, doc::next), "the same failure again");
        }
    }

    @Test
    void linksWithoutRelSayWhichLinkItIs() throws Exception {
        DocumentException withHref = assertThrows(DocumentException.class, () -> read(urlset(
                "<url><loc>http://example.com/a</loc><rs:ln href=\"http://mirror.example.com/a\"/></url>")));
        assertTrue(withHref.getMessage().startsWith("entry 1 <loc>http://example.com/a</loc>: "
                + "<rs:ln href=\"http://mirror.example.com/a\"> has no rel attribute (required)"), withHref.getMessage());
        DocumentException bare = assertThrows(DocumentException.class, () -> read(urlset(
                "<url><loc>http://example.com/a</loc><rs:ln type=\"text/html\"/></url>")));
        assertTrue(bare.getMessage().startsWith("entry 1 <loc>http://example.com/a</loc>: "
                + "<rs:ln> has no rel attribute (required)"), bare.getMessage());
        DocumentException noHref = assertThrows(DocumentException.class, () -> read(urlset(
                "<url><loc>http://example.com/a</loc><rs:ln rel=\"duplicate\"/></url>")));
        assertTrue(noHref.getMessage().startsWith("entry 1 <loc>http://example.com/a</loc>: "
                + "<rs:ln rel=\"duplicate\"> has no href attribute (required)"), noHref.getMessage());
    }

    @Test
    void anIoErrorIsReportedAsSuchNotAsBadXml() throws Exception {
        InputStream failing = new SequenceInputStream(new ByteArrayInputStream(
                urlset("<url><loc>a</loc></url>").replace("</urlset>\n", "").getBytes(StandardCharsets.UTF_8)),
                new InputStream() {
                    @Override
                    public int read() throws IOException {
                        throw new IOException("connection reset");
                    }
                });
        DocumentException e = assertThrows(DocumentException.class,
                () -> ParsedDocument.read(reader, failing, BASE));
        assertTrue(e.getMessage().startsWith("I/O error while reading the document"), e.getMessage());
        assertTrue(e.getMessage().contains("java.io.IOException: connection reset"), e.getMessage());
    }

    @Test
    void bytesInvalidInTheEncodingAreReportedAsSuch() {
        byte[] xml = urlset("<url><loc>http://example.com/caf\u00e9</loc></url>").getBytes(StandardCharsets.UTF_8);
        String latin1 = new String(xml, StandardCharsets.ISO_8859_1);
        int at = latin1.indexOf("caf") + 3;
        xml[at + 1] = '('; // the lead byte C3 of é, followed by '(': no UTF-8 character
        DocumentException e = assertThrows(DocumentException.class,
                () -> ParsedDocument.read(reader, new ByteArrayInputStream(xml), BASE));
        assertTrue(e.getMessage().startsWith("not well-formed XML"), e.getMessage());
        assertTrue(e.getMessage().contains(": bytes that are not valid in the document's encoding: "), e.getMessage());
        assertFalse(e.getMessage().contains("I/O error"), e.getMessage());
    }

    @Test
    void hashesOfOneEntryDoNotLeakIntoTheNextLink() throws Exception {
        ParsedDocument doc = read(urlset("""
                <url><loc>http://example.com/a</loc>
                  <rs:ln rel="duplicate" href="http://m.example.com/a" hash="md5:1584abdf8ebdc9802ac0c6a7402c03b6"
                         length="10" modified="2013-01-01T00:00:00Z"/></url>
                <url><loc>http://example.com/b</loc>
                  <rs:ln rel="duplicate" href="http://m.example.com/b"/></url>"""));
        assertEquals(Hashes.parse("md5:1584abdf8ebdc9802ac0c6a7402c03b6"), doc.entry(0).link("duplicate").hash());
        Link second = doc.entry(1).link("duplicate");
        assertTrue(second.hash().isEmpty(), second.toString());
        assertNull(second.length());
        assertNull(second.modified());
    }
}
