package io.github.camelresourcesync.xml;

import static io.github.camelresourcesync.xml.ParsedDocument.BASE;
import static io.github.camelresourcesync.xml.ParsedDocument.urlset;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What the reader reports for well-formed documents of every revision. */
class SitemapReaderTest {

    private final List<String> warnings = new ArrayList<>();
    private final SitemapReader reader = new SitemapReader(0, warnings::add);

    private static Instant t(String value) {
        return Instant.parse(value);
    }

    @Test
    void readsBeta09ResourceList() throws Exception {
        ParsedDocument doc = ParsedDocument.resource(reader, "beta-0.9-resourcelist.xml", BASE);

        DocumentHeader header = doc.header();
        assertEquals(RootElement.URLSET, header.root());
        assertEquals(Capability.RESOURCELIST, header.capability());
        assertEquals(t("2013-01-03T09:00:00Z"), header.md().modified());
        assertNull(header.md().at());
        assertEquals(URI.create("http://example.com/dataset1/capabilitylist.xml"), header.link("resourcesync").href());
        assertSame(BASE, header.uri());

        assertEquals(2, doc.entries().size());
        Entry first = doc.entry(0);
        assertEquals(URI.create("http://example.com/res1"), first.loc());
        assertEquals(t("2013-01-02T13:00:00Z"), first.lastmod());
        assertEquals(t("2013-01-02T13:00:00Z"), first.changeTime());
        assertEquals("1584abdf8ebdc9802ac0c6a7402c03b6", first.md().hash().get("md5"));
        assertEquals(8876L, first.md().length());
        assertEquals("text/html", first.md().type());
        assertFalse(first.isDocumentReference());
        Entry second = doc.entry(1);
        assertEquals(t("2013-01-02T13:00:00Z"), second.lastmod(), "+01:00 offset applied");
        assertEquals(ChangeType.UPDATED, second.md().changeType());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void readsBeta09TopDocument() throws Exception {
        ParsedDocument doc = ParsedDocument.resource(reader, "beta-0.9-description.xml", BASE);
        assertEquals(Capability.RESOURCESYNC, doc.header().capability());
        assertEquals(t("2013-01-03T00:00:00Z"), doc.header().md().modified(), "date-only value");
        assertEquals("capabilitylist", doc.entry(0).md().capability());
        assertTrue(doc.entry(0).isDocumentReference());
    }

    @Test
    void readsV10ChangeListWithChangeTimeInLastmod() throws Exception {
        ParsedDocument doc = ParsedDocument.resource(reader, "v1.0-changelist.xml", BASE);
        Metadata md = doc.header().md();
        assertEquals(Capability.CHANGELIST, doc.header().capability());
        assertEquals(t("2013-01-02T00:00:00Z"), md.from());
        assertEquals(t("2013-01-03T00:00:00Z"), md.until());
        assertEquals(URI.create("http://example.com/dataset1/capabilitylist.xml"), doc.header().link("up").href());
        assertEquals(2, doc.entries().size());
        assertEquals(ChangeType.DELETED, doc.entry(1).md().changeType());
        assertNull(doc.entry(1).md().datetime());
        assertEquals(t("2013-01-02T18:00:00Z"), doc.entry(1).changeTime());
    }

    @Test
    void readsV10IndexWithRelativeLocs() throws Exception {
        ParsedDocument doc = ParsedDocument.resource(reader, "v1.0-resourcelist-index.xml", BASE);
        assertTrue(doc.header().isIndex());
        assertEquals(RootElement.SITEMAPINDEX, doc.header().root());
        assertEquals(Capability.RESOURCELIST, doc.header().capability());
        assertEquals(t("2013-01-03T09:00:00Z"), doc.header().md().at());
        assertEquals(t("2013-01-03T09:10:00Z"), doc.header().md().completed());
        assertEquals(2, doc.entries().size());
        Entry first = doc.entry(0);
        assertTrue(first.sitemap());
        assertTrue(first.isDocumentReference());
        assertEquals(URI.create("http://example.com/dataset1/resourcelist1.xml"), first.loc());
        assertEquals(t("2013-01-03T09:00:00Z"), first.md().at());
        Entry second = doc.entry(1);
        assertEquals(t("2013-01-03T09:05:00Z"), second.lastmod());
        assertEquals(t("2013-01-03T09:04:00Z"), second.md().completed());
    }

    @Test
    void readsV11ChangeListWithDatetime() throws Exception {
        ParsedDocument doc = ParsedDocument.resource(reader, "v1.1-changelist.xml", BASE);
        assertEquals(t("2013-01-03T00:00:00Z"), doc.header().md().from());
        assertNull(doc.header().md().until(), "open change list");
        Entry created = doc.entry(0);
        assertEquals(t("2000-01-01T01:01:00Z"), created.lastmod());
        assertEquals(t("2013-01-03T11:00:00Z"), created.md().datetime());
        assertEquals(t("2013-01-03T11:00:00Z"), created.changeTime(), "datetime wins over an older lastmod");
        assertEquals(t("2013-01-03T16:00:00.250Z"), doc.entry(1).md().datetime(), "fraction and offset");
        Entry noTime = doc.entry(2);
        assertNull(noTime.changeTime(), "1.1 entry without datetime and lastmod");
        assertEquals(ChangeType.UPDATED, noTime.md().changeType());
    }

    @Test
    void readsEveryMdAndLnAttribute() throws Exception {
        ParsedDocument doc = ParsedDocument.resource(reader, "all-attributes.xml", BASE);

        Metadata md = doc.header().md();
        assertEquals("changedump-manifest", md.capability());
        assertEquals(Capability.CHANGEDUMP_MANIFEST, md.capabilityType());
        assertEquals(t("2013-01-01T00:00:00Z"), md.at());
        assertEquals(t("2013-01-01T00:01:00Z"), md.completed());
        assertEquals(t("2013-01-02T00:00:00Z"), md.from());
        assertEquals(t("2013-01-03T00:00:00Z"), md.until());
        assertEquals(t("2013-01-04T00:00:00Z"), md.datetime());
        assertEquals(t("2013-01-05T00:00:00Z"), md.modified());
        assertEquals("updated", md.change());
        assertEquals(Hashes.parse("md5:00000000000000000000000000000001"), md.hash());
        assertEquals(1L, md.length());
        assertEquals("application/xml", md.type());
        assertEquals("gzip", md.encoding());
        assertEquals("/doc", md.path());
        assertEquals(1, doc.header().links().size(), "xhtml:link is not an rs:ln");
        Link describedBy = doc.header().link("describedby");
        assertEquals(URI.create("http://example.com/info.xml"), describedBy.href());
        assertEquals("application/xml", describedBy.type());

        assertEquals(2, doc.entries().size(), "a <url> nested in an unknown element is not an entry");
        Entry first = doc.entry(0);
        assertEquals(URI.create("http://example.com/dataset1/res/1.html"), first.loc(), "trimmed and resolved");
        assertEquals(t("2013-01-02T12:00:00Z"), first.lastmod());
        Metadata emd = first.md();
        assertEquals("resourcelist", emd.capability());
        assertEquals(t("2013-01-01T00:00:00Z"), emd.at());
        assertEquals(t("2013-01-01T00:01:00Z"), emd.completed());
        assertEquals(t("2013-01-02T00:00:00Z"), emd.from());
        assertEquals(t("2013-01-03T00:00:00Z"), emd.until());
        assertEquals(t("2013-01-02T12:00:00Z"), emd.datetime());
        assertEquals(t("2013-01-02T11:00:00Z"), emd.modified());
        assertEquals(ChangeType.CREATED, emd.changeType());
        assertEquals(Map.of("md5", "1c1b0e264fa9b7e1e9aa6f9db8d6362b",
                "sha-256", "854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784"), emd.hash().digests());
        assertEquals(List.of("md5", "sha-256"), List.copyOf(emd.hash().digests().keySet()), "published order");
        assertEquals(4339L, emd.length());
        assertEquals("text/html", emd.type());
        assertEquals("gzip", emd.encoding());
        assertEquals("/changes/res1.html", emd.path());

        assertEquals(2, first.links().size());
        Link duplicate = first.link("duplicate");
        assertEquals(URI.create("http://example.com/mirror/res1.html"), duplicate.href());
        assertEquals("da39a3ee5e6b4b0d3255bfef95601890afd80709", duplicate.hash().get("sha-1"));
        assertEquals(4339L, duplicate.length());
        assertEquals(t("2013-01-02T12:00:00Z"), duplicate.modified());
        assertEquals("/changes/res1.html", duplicate.path());
        assertEquals(1, duplicate.pri());
        assertEquals("text/html", duplicate.type());
        assertEquals("identity", duplicate.encoding());
        Link multi = first.links().get(1);
        assertTrue(multi.hasRel("alternate") && multi.hasRel("canonical"));
        assertEquals(URI.create("https://other.example.org/res1"), multi.href());

        Entry second = doc.entry(1);
        assertEquals(URI.create("http://example.com/res2%20with%20space"), second.loc(), "repaired");
        assertNull(second.md().length(), "non-numeric length dropped");
        assertNull(second.link("mirror").pri(), "non-numeric pri dropped");

        assertEquals(4, warnings.size(), warnings.toString());
        String hashWarning = warnings.get(0);
        assertTrue(hashWarning.contains("sha-256:f4OxZX_x_not_hex"), hashWarning);
        assertTrue(hashWarning.contains("entry 1"), hashWarning);
        assertTrue(hashWarning.contains("http://example.com/dataset1/list.xml"), hashWarning);
        assertTrue(hashWarning.contains("res/1.html"), "names the entry's loc: " + hashWarning);
        assertTrue(warnings.get(1).contains("res2 with space") && warnings.get(1).contains("entry 2"), warnings.get(1));
        assertTrue(warnings.get(2).contains("length=\"not-a-number\""), warnings.get(2));
        assertTrue(warnings.get(3).contains("pri=\"high\""), warnings.get(3));
    }

    @ParameterizedTest
    @EnumSource(value = Capability.class, mode = EnumSource.Mode.EXCLUDE, names = "UNKNOWN")
    void readsEveryCapabilityValue(Capability capability) throws Exception {
        ParsedDocument doc = ParsedDocument.read(urlset("<rs:md capability=\"" + capability.value() + "\"/>"));
        assertEquals(capability, doc.header().capability());
        assertEquals(capability.value(), doc.header().md().capability());
        assertTrue(doc.entries().isEmpty());
    }

    @Test
    void keepsUnknownCapabilityAndChangeValuesRaw() throws Exception {
        ParsedDocument doc = ParsedDocument.read(urlset("<rs:md capability=\"resourcelist-v2\"/>"
                + "<url><loc>http://example.com/a</loc><rs:md change=\"moved\"/></url>"));
        assertEquals(Capability.UNKNOWN, doc.header().capability());
        assertEquals("resourcelist-v2", doc.header().md().capability());
        assertEquals("moved", doc.entry(0).md().change());
        assertNull(doc.entry(0).md().changeType());
    }

    @Test
    void acceptsRsNamespaceWithoutTrailingSlash() throws Exception {
        ParsedDocument doc = ParsedDocument.read("<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'"
                + " xmlns:x='http://www.openarchives.org/rs/terms'>"
                + "<x:md capability='changelist' from='2013-01-03T00:00:00Z'/><x:ln rel='up' href='caps.xml'/>"
                + "<url><loc>a</loc><x:md change='deleted' datetime='2013-01-03T01:00:00Z'/></url></urlset>");
        assertEquals(Capability.CHANGELIST, doc.header().capability());
        assertEquals(URI.create("http://example.com/dataset1/caps.xml"), doc.header().link("up").href());
        assertEquals(ChangeType.DELETED, doc.entry(0).md().changeType());
        assertEquals(t("2013-01-03T01:00:00Z"), doc.entry(0).changeTime());
    }

    @Test
    void ignoresMdAndLnInOtherNamespaces() throws Exception {
        ParsedDocument doc = ParsedDocument.read("<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'"
                + " xmlns:rs='http://example.org/not-resourcesync/'>"
                + "<rs:md capability='changelist'/><url><loc>http://example.com/a</loc><rs:md change='deleted'/>"
                + "</url></urlset>");
        assertEquals(Capability.UNKNOWN, doc.header().capability());
        assertSame(Metadata.EMPTY, doc.entry(0).md());
    }

    @Test
    void readsPlainSitemapWithoutNamespace() throws Exception {
        ParsedDocument doc = ParsedDocument.read("<urlset><url><loc>http://example.com/a</loc>"
                + "<lastmod>2013-01-03</lastmod></url></urlset>");
        assertEquals(1, doc.entries().size());
        assertEquals(t("2013-01-03T00:00:00Z"), doc.entry(0).lastmod());
        assertSame(Metadata.EMPTY, doc.entry(0).md());
        assertTrue(doc.entry(0).links().isEmpty());
    }

    @Test
    void skipsUnknownElementsAndAttributesEverywhere() throws Exception {
        ParsedDocument doc = ParsedDocument.read("<?xml version='1.0'?>\n<!-- comment -->\n<?pi data?>"
                + "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'"
                + " xmlns:rs='http://www.openarchives.org/rs/terms/'"
                + " xmlns:news='http://www.google.com/schemas/sitemap-news/0.9'"
                + " xmlns:video='http://www.google.com/schemas/sitemap-video/1.1' foo='bar'>"
                + "<news:publication><news:name>x</news:name><loc>http://example.com/not-an-entry</loc></news:publication>"
                + "<rs:md capability='resourcelist' extra='1' news:x='2'/>"
                + "<url foo='1'><!-- c --><news:news><news:title>T &amp; &lt;U&gt;</news:title></news:news>"
                + "<loc><![CDATA[http://example.com/a?x=1&y=2]]></loc>"
                + "<video:video><video:content_loc>http://example.com/v.mp4</video:content_loc></video:video>"
                + "<unknown>text<deeper/></unknown></url>"
                + "<somethingelse/>"
                + "<url><loc>http://example.com/b?x=1&amp;y=2</loc></url>"
                + "</urlset>\n<!-- trailing comment -->\n");
        assertEquals(Capability.RESOURCELIST, doc.header().capability());
        assertEquals(2, doc.entries().size());
        assertEquals(URI.create("http://example.com/a?x=1&y=2"), doc.entry(0).loc());
        assertEquals(URI.create("http://example.com/b?x=1&y=2"), doc.entry(1).loc());
    }

    @Test
    void resolvesRelativeLocsAndHrefsAgainstTheDocument() throws Exception {
        ParsedDocument doc = ParsedDocument.read(urlset(
                "<url><loc>res1</loc><rs:ln rel='duplicate' href='../mirror/res1'/></url>"
                        + "<url><loc>/abs/res2</loc></url>"
                        + "<url><loc>//cdn.example.org/res3</loc></url>"
                        + "<url><loc>?page=2</loc></url>"
                        + "<url><loc>https://other.example.org/res4</loc></url>"));
        assertEquals(URI.create("http://example.com/dataset1/res1"), doc.entry(0).loc());
        assertEquals(URI.create("http://example.com/mirror/res1"), doc.entry(0).link("duplicate").href());
        assertEquals(URI.create("http://example.com/abs/res2"), doc.entry(1).loc());
        assertEquals(URI.create("http://cdn.example.org/res3"), doc.entry(2).loc());
        assertEquals(URI.create("http://example.com/dataset1/?page=2"), doc.entry(3).loc());
        assertEquals(URI.create("https://other.example.org/res4"), doc.entry(4).loc());
        for (Entry e : doc.entries()) {
            assertTrue(e.loc().isAbsolute(), e.loc().toString());
        }
    }

    @Test
    void readsAttributeValuesWhateverTheirShape() throws Exception {
        ParsedDocument doc = ParsedDocument.read(reader, new ByteArrayInputStream(urlset(
                "<url><loc>http://example.com/a</loc><lastmod> 2013-01-02T12:00:00.5+01:00 </lastmod>"
                        + "<rs:md hash=' MD5:ABCDEF01  sha1:aa ' length=' 12 ' type=' text/html '"
                        + " datetime='2013-01-02' change='updated'/></url>"
                        + "<url><loc>https://data.example.org:8443/b?x=1#f</loc>"
                        + "<rs:md type='text/html' datetime='2013-01-02T12:00Z' change='updated' length='0'/></url>"
                        + "<url><loc>https://data.example.org:8443/c%20d</loc></url>")
                        .getBytes(StandardCharsets.UTF_8)),
                URI.create("http://example.com/list.xml"));
        Entry first = doc.entry(0);
        assertEquals(t("2013-01-02T11:00:00.500Z"), first.lastmod(), "beyond the fast path: the general parser");
        assertEquals(Hashes.parse("md5:abcdef01 sha-1:aa"), first.md().hash());
        assertEquals(12L, first.md().length());
        assertEquals("text/html", first.md().type(), "trimmed");
        assertEquals(t("2013-01-02T00:00:00Z"), first.md().datetime());
        Entry second = doc.entry(1);
        assertEquals(t("2013-01-02T12:00:00Z"), second.md().datetime());
        assertEquals(0L, second.md().length());
        assertSame(first.md().type(), second.md().type(), "repeating values share one String");
        assertSame(first.md().change(), second.md().change());
        for (Entry e : doc.entries()) {
            String written = e.loc().toString();
            assertEquals(URI.create(written), e.loc());
        }
        assertEquals("https://data.example.org:8443/b?x=1#f", second.loc().toString());
        assertEquals("https://data.example.org:8443/c%20d", doc.entry(2).loc().toString());
        assertEquals("/c d", doc.entry(2).loc().getPath());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void keepsTheLocAsWrittenWhenTheAuthorityHasAnEmptyPort() throws Exception {
        URI document = URI.create("http://example.com:/list.xml");
        ParsedDocument doc = ParsedDocument.read(reader, new ByteArrayInputStream(urlset(
                "<url><loc>http://example.com:/a</loc></url><url><loc>http://example.com:/b</loc></url>")
                .getBytes(StandardCharsets.UTF_8)), document);
        assertEquals("http://example.com:/a", doc.entry(0).loc().toString());
        assertEquals("http://example.com:/b", doc.entry(1).loc().toString());
    }

    @Test
    void resolvesAgainstADocumentUriWithoutPath() throws Exception {
        ParsedDocument doc = ParsedDocument.read(reader, new ByteArrayInputStream(
                urlset("<url><loc>res1</loc></url>").getBytes(StandardCharsets.UTF_8)),
                URI.create("http://example.com"));
        assertEquals(URI.create("http://example.com/res1"), doc.entry(0).loc());
    }

    @Test
    void readsAnIndexPublishedAsUrlset() throws Exception {
        // seen in the wild: a Resource List Index served as <urlset> whose entries carry capability="resourcelist"
        ParsedDocument doc = ParsedDocument.read(urlset("<rs:md capability='resourcelist' at='2013-01-03T09:00:00Z'/>"
                + "<url><loc>part1.xml</loc><rs:md capability='resourcelist'/></url>"
                + "<url><loc>part2.xml</loc><rs:md capability='resourcelist'/></url>"));
        assertFalse(doc.header().isIndex());
        assertEquals(2, doc.entries().size());
        for (Entry e : doc.entries()) {
            assertFalse(e.sitemap());
            assertTrue(e.isDocumentReference());
            assertEquals(Capability.RESOURCELIST, e.md().capabilityType());
        }
    }

    @Test
    void reportsSitemapElementsInsideUrlsetAsIndexEntries() throws Exception {
        ParsedDocument doc = ParsedDocument.read(reader,
                urlset("<sitemap><loc>a.xml</loc></sitemap><sitemap><loc>b.xml</loc></sitemap><url><loc>c</loc></url>"),
                StandardCharsets.UTF_8);
        assertTrue(doc.entry(0).sitemap());
        assertTrue(doc.entry(1).sitemap());
        assertFalse(doc.entry(2).sitemap());
        assertEquals(1, warnings.size(), "warned once: " + warnings);
        assertTrue(warnings.get(0).contains("<sitemap> inside <urlset>"), warnings.get(0));
    }

    @Test
    void readsADocumentWithoutEntries() throws Exception {
        try (SitemapDocument doc = reader.open(new ByteArrayInputStream(
                urlset("<rs:md capability='capabilitylist'/><!-- nothing -->").getBytes(StandardCharsets.UTF_8)), BASE)) {
            assertEquals(Capability.CAPABILITYLIST, doc.header().capability());
            assertNull(doc.next());
            assertNull(doc.next(), "stays at the end");
            assertEquals(0, doc.entriesRead());
        }
    }

    @Test
    void emptyOrSelfClosingElementsCountAsAbsent() throws Exception {
        ParsedDocument doc = ParsedDocument.read(urlset("<url><loc>a</loc><lastmod/><rs:md hash='' length=' '"
                + " type='' datetime=''/></url>"));
        Entry e = doc.entry(0);
        assertNull(e.lastmod());
        assertTrue(e.md().hash().isEmpty());
        assertNull(e.md().length());
        assertNull(e.md().type());
        assertNull(e.md().datetime());
    }

    @ParameterizedTest
    @ValueSource(strings = { "UTF-8", "UTF-16", "ISO-8859-1" })
    void letsTheXmlDeclarationDecideTheEncoding(String encoding) throws Exception {
        String xml = "<?xml version=\"1.0\" encoding=\"" + encoding + "\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                + "<rs:ln rel=\"describedby\" href=\"http://example.com/über.xml\"/>"
                + "<url><loc>http://example.com/café/résumé.pdf</loc></url></urlset>";
        ParsedDocument doc = ParsedDocument.read(reader, xml, java.nio.charset.Charset.forName(encoding));
        assertEquals("/café/résumé.pdf", doc.entry(0).loc().getPath());
        assertEquals("/über.xml", doc.header().link("describedby").href().getPath());
    }

    @Test
    void readsUtf16LittleEndianWithByteOrderMark() throws Exception {
        String xml = "\uFEFF<?xml version=\"1.0\" encoding=\"UTF-16\"?><urlset xmlns=\"http://www.sitemaps.org/"
                + "schemas/sitemap/0.9\"><url><loc>http://example.com/é</loc></url></urlset>";
        ParsedDocument doc = ParsedDocument.read(reader, xml, StandardCharsets.UTF_16LE);
        assertEquals("/é", doc.entry(0).loc().getPath());
    }

    @Test
    void countsEntriesAndClosesTheStream() throws Exception {
        boolean[] closed = { false };
        InputStream in = new FilterInputStream(new ByteArrayInputStream(
                urlset("<url><loc>a</loc></url><url><loc>b</loc></url>").getBytes(StandardCharsets.UTF_8))) {
            @Override
            public void close() throws IOException {
                closed[0] = true;
                super.close();
            }
        };
        SitemapDocument doc = reader.open(in, BASE);
        assertEquals(0, doc.entriesRead());
        doc.next();
        assertEquals(1, doc.entriesRead());
        doc.next();
        assertNull(doc.next());
        assertEquals(2, doc.entriesRead());
        doc.close();
        assertTrue(closed[0]);
        doc.close();
        assertThrows(IllegalStateException.class, doc::next);
    }

    @Test
    void enforcesMaxEntries() throws Exception {
        SitemapReader limited = new SitemapReader(2);
        String two = urlset("<url><loc>a</loc></url><url><loc>b</loc></url>");
        assertEquals(2, ParsedDocument.read(limited, two, StandardCharsets.UTF_8).entries().size());

        try (SitemapDocument doc = limited.open(new ByteArrayInputStream(
                urlset("<url><loc>a</loc></url><url><loc>b</loc></url><url><loc>c</loc></url>")
                        .getBytes(StandardCharsets.UTF_8)), BASE)) {
            doc.next();
            doc.next();
            DocumentException e = assertThrows(DocumentException.class, doc::next);
            assertTrue(e.getMessage().contains("maxEntriesPerDocument=2"), e.getMessage());
            assertTrue(e.getMessage().contains("more than 2 entries"), e.getMessage());
            assertTrue(e.getMessage().contains(BASE.toString()), e.getMessage());
            assertEquals(BASE, e.getDocument());
            assertSame(e, assertThrows(DocumentException.class, doc::next), "a failed document stays failed");
        }
    }

    @Test
    void streamsALargeGeneratedDocument() throws Exception {
        long n = 200_000;
        try (SitemapDocument doc = reader.open(GeneratedSitemapStream.rich(n), BASE)) {
            assertEquals(Capability.RESOURCELIST, doc.header().capability());
            long count = 0;
            Entry last = null;
            Entry e;
            while ((e = doc.next()) != null) {
                if (count == 0) {
                    assertEquals(URI.create("http://example.com/dataset1/res/0.html"), e.loc());
                    assertEquals(t("2013-01-03T18:00:00Z"), e.changeTime());
                    assertEquals("1584abdf8ebdc9802ac0c6a7402c03b6", e.md().hash().get("md5"));
                }
                last = e;
                count++;
            }
            assertEquals(n, count);
            assertEquals(n, doc.entriesRead());
            assertEquals(URI.create("http://example.com/dataset1/res/" + (n - 1) + ".html"), last.loc());
        }
    }

    @Test
    void openReadsOnlyTheHeader() throws Exception {
        // an endless document: open() and next() must return without reading to the end
        try (SitemapDocument doc = reader.open(GeneratedSitemapStream.small(Long.MAX_VALUE), BASE)) {
            assertEquals(Capability.RESOURCELIST, doc.header().capability());
            assertEquals(t("2013-01-03T09:00:00Z"), doc.header().md().at());
            for (int i = 0; i < 10; i++) {
                assertEquals(URI.create("http://example.com/res/" + i), doc.next().loc());
            }
        }
    }

    @Test
    void warnsAboutDocumentLinksAfterTheFirstEntry() throws Exception {
        ParsedDocument doc = ParsedDocument.read(reader, urlset("<url><loc>a</loc></url>"
                + "<rs:ln rel='up' href='caps.xml'/><url><loc>b</loc></url>"), StandardCharsets.UTF_8);
        assertEquals(2, doc.entries().size());
        assertNull(doc.header().link("up"));
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("after entry 1"), warnings.get(0));
    }
}
