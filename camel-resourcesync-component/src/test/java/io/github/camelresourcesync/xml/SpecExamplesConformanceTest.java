package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.testsupport.Fixtures;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads every ResourceSync specification example of the shared fixtures ({@code resourcesync-spec-examples}: v1.0,
 * v1.1, archives) and compares what the reader reports with an independent DOM reading of the same file. Files taken:
 * every {@code .xml} file, plus extension-less files that start with an XML declaration (the archives' Source
 * Description is called {@code resourcesync}). An {@code .xml} file whose root is not a sitemap must fail with a clean
 * {@link DocumentException}. Skipped when the fixtures are absent.
 */
class SpecExamplesConformanceTest {

    private static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    private static final String RS_NS = "http://www.openarchives.org/rs/terms/";

    private final List<String> warnings = new ArrayList<>();
    private final SitemapReader reader = new SitemapReader(0, warnings::add);

    private static Path examples() {
        return Fixtures.fixturesDir("resourcesync-spec-examples");
    }

    @TestFactory
    Stream<DynamicTest> everyExampleParsesAsItsDomSays() throws IOException {
        Path root = examples();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).filter(SpecExamplesConformanceTest::isXmlFile).sorted().toList();
        }
        assertTrue(files.size() >= 60, "expected the full set of examples, found " + files.size() + " in " + root);
        return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), f.toUri(),
                () -> checkAgainstDom(f)));
    }

    private static boolean isXmlFile(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".xml")) {
            return true;
        }
        if (name.contains(".")) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(5), java.nio.charset.StandardCharsets.US_ASCII).equals("<?xml");
        } catch (IOException e) {
            return false;
        }
    }

    private void checkAgainstDom(Path file) throws Exception {
        URI uri = file.toUri();
        Element domRoot = dom(file).getDocumentElement();
        boolean sitemap = SITEMAP_NS.equals(domRoot.getNamespaceURI())
                && (domRoot.getLocalName().equals("urlset") || domRoot.getLocalName().equals("sitemapindex"));
        if (!sitemap) {
            // not a sitemap at all: the reader must say so cleanly, naming the file
            DocumentException e = assertThrows(DocumentException.class, () -> read(file));
            assertTrue(e.getMessage().contains("expected <urlset> or <sitemapindex>"), e.getMessage());
            assertTrue(e.getMessage().contains(uri.toString()), e.getMessage());
            return;
        }
        ParsedDocument doc = read(file);
        DocumentHeader header = doc.header();
        assertEquals(domRoot.getLocalName().equals("sitemapindex") ? RootElement.SITEMAPINDEX : RootElement.URLSET,
                header.root());
        Element documentMd = child(domRoot, RS_NS, "md");
        String capability = documentMd == null || !documentMd.hasAttribute("capability") ? null
                : documentMd.getAttribute("capability");
        assertEquals(capability, header.md().capability(), "document capability");
        assertFalse(header.capability() == Capability.UNKNOWN && capability != null,
                "known capability value: " + capability);
        assertEquals(children(domRoot, RS_NS, "ln").size(), header.links().size(), "document links");
        for (Link link : header.links()) {
            assertTrue(link.href().isAbsolute(), link.toString());
        }

        List<Element> domEntries = new ArrayList<>(children(domRoot, SITEMAP_NS, "url"));
        domEntries.addAll(children(domRoot, SITEMAP_NS, "sitemap"));
        assertEquals(domEntries.size(), doc.entries().size(), "number of <url>/<sitemap> elements");
        assertEquals(domEntries.size(), doc.entriesRead());
        for (int i = 0; i < domEntries.size(); i++) {
            Element domEntry = domEntries.get(i);
            Entry entry = doc.entry(i);
            String where = "entry " + (i + 1);
            assertTrue(entry.loc().isAbsolute(), where + " loc absolute: " + entry.loc());
            assertEquals(uri.resolve(child(domEntry, SITEMAP_NS, "loc").getTextContent().trim()), entry.loc(), where);
            assertEquals(domEntry.getLocalName().equals("sitemap"), entry.sitemap(), where);
            Element lastmod = child(domEntry, SITEMAP_NS, "lastmod");
            assertEquals(lastmod == null ? null : Instant.parse(lastmod.getTextContent().trim()), entry.lastmod(), where);
            Element md = child(domEntry, RS_NS, "md");
            assertEquals(attribute(md, "capability"), entry.md().capability(), where);
            assertEquals(attribute(md, "change"), entry.md().change(), where);
            assertEquals(attribute(md, "datetime") == null ? null : Instant.parse(attribute(md, "datetime")),
                    entry.md().datetime(), where);
            assertEquals(children(domEntry, RS_NS, "ln").size(), entry.links().size(), where + " links");
            for (Link link : entry.links()) {
                assertTrue(link.href().isAbsolute(), where + ": " + link);
            }
        }
    }

    private ParsedDocument read(Path file) throws IOException {
        return ParsedDocument.read(reader, Files.newInputStream(file), file.toUri());
    }

    // ---- concrete values of a few known examples ----------------------------------------------------------------

    private ParsedDocument example(String relative) throws IOException {
        Path file = examples().resolve(relative);
        return read(file);
    }

    private static Instant t(String value) {
        return Instant.parse(value);
    }

    @Test
    void v11ChangeListWithDatetime() throws Exception {
        ParsedDocument doc = example("v1.1/resourcesync_ex_3.xml");
        assertEquals(Capability.CHANGELIST, doc.header().capability());
        assertEquals(t("2013-01-02T00:00:00Z"), doc.header().md().from());
        assertEquals(t("2013-01-03T00:00:00Z"), doc.header().md().until());
        assertEquals(3, doc.entries().size());
        Entry deleted = doc.entry(1);
        assertEquals(URI.create("http://example.com/res2.pdf"), deleted.loc());
        assertEquals(ChangeType.DELETED, deleted.md().changeType());
        assertNull(deleted.lastmod());
        assertEquals(t("2013-01-02T14:00:00Z"), deleted.changeTime());
        Entry created = doc.entry(2);
        assertEquals(t("2011-01-01T00:00:00Z"), created.lastmod());
        assertEquals(t("2013-01-02T15:00:00Z"), created.changeTime(), "datetime, not the older lastmod");
    }

    @Test
    void v10ChangeListWithChangeTimeInLastmod() throws Exception {
        ParsedDocument doc = example("v1.0/resourcesync_ex_19.xml");
        assertNull(doc.header().md().until(), "open change list");
        assertEquals(4, doc.entries().size());
        for (Entry e : doc.entries()) {
            assertNull(e.md().datetime());
        }
        assertEquals(t("2013-01-03T11:00:00Z"), doc.entry(0).changeTime());
        assertEquals(ChangeType.CREATED, doc.entry(0).md().changeType());
    }

    @Test
    void multiHashResourceList() throws Exception {
        ParsedDocument doc = example("v1.1/resourcesync_ex_14.xml");
        assertEquals(t("2013-01-03T09:00:00Z"), doc.header().md().at());
        assertEquals(t("2013-01-03T09:01:00Z"), doc.header().md().completed());
        Entry res2 = doc.entry(1);
        assertEquals("1e0d5cb8ef6ba40c99b14c0237be735e", res2.md().hash().get("md5"));
        assertEquals("854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784", res2.md().hash().get("sha-256"));
        assertEquals(14599L, res2.md().length());
        assertEquals("application/pdf", res2.md().type());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void nonHexHashesAreSkippedWithAWarning() throws Exception {
        ParsedDocument doc = example("v1.1/resourcesync_ex_27.xml");
        Entry res5 = doc.entry(1);
        assertTrue(res5.md().hash().isEmpty());
        assertEquals(9788456778L, res5.md().length(), "beyond int range");
        Link patch = res5.link("http://www.openarchives.org/rs/terms/patch");
        assertEquals(URI.create("http://example.com/res5-diff"), patch.href());
        assertEquals(4533L, patch.length());
        assertEquals(4, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("resourcesync_ex_27.xml") && warnings.get(0).contains("entry 1"),
                warnings.get(0));
    }

    @Test
    void mirrorLinksWithPriorities() throws Exception {
        Entry e = example("v1.1/resourcesync_ex_24.xml").entry(0);
        assertEquals(3, e.links().size());
        assertEquals(List.of(1, 2, 3), e.links().stream().map(Link::pri).toList());
        assertEquals(URI.create("gsiftp://gridftp.example.com/res1"), e.links().get(2).href());
        assertEquals(t("2013-01-03T18:00:23Z"), e.links().get(2).modified());
    }

    @Test
    void changeListIndexWithAnOpenLastList() throws Exception {
        ParsedDocument doc = example("v1.1/resourcesync_ex_20.xml");
        assertTrue(doc.header().isIndex());
        assertEquals(Capability.CHANGELIST, doc.header().capability());
        assertEquals(3, doc.entries().size());
        assertEquals(t("2013-01-02T00:00:00Z"), doc.entry(1).md().from());
        assertEquals(t("2013-01-03T00:00:00Z"), doc.entry(1).md().until());
        assertNull(doc.entry(2).md().until());
        assertTrue(doc.entry(2).isDocumentReference());
    }

    @Test
    void resourceDumpWithContentsLinks() throws Exception {
        ParsedDocument doc = example("v1.1/resourcesync_ex_17.xml");
        Entry part1 = doc.entry(0);
        assertEquals("application/zip", part1.md().type());
        assertEquals(t("2013-01-03T09:02:00Z"), part1.md().completed());
        assertEquals(URI.create("http://example.com/resourcedump_manifest-part1.xml"), part1.link("contents").href());
    }

    @Test
    void archiveCapabilityListWithRelativeLocs() throws Exception {
        Path file = examples().resolve("archives/caps1.xml");
        ParsedDocument doc = read(file);
        assertEquals(Capability.CAPABILITYLIST, doc.header().capability());
        assertEquals(t("2013-11-27T14:00:00Z"), doc.header().md().modified());
        assertEquals(file.toUri().resolve("resourcesync"), doc.header().link("up").href());
        assertEquals(List.of(Capability.RESOURCELIST, Capability.RESOURCEDUMP, Capability.CHANGELIST,
                Capability.CHANGEDUMP, Capability.RESOURCELIST_ARCHIVE, Capability.RESOURCEDUMP_ARCHIVE,
                Capability.CHANGELIST_ARCHIVE, Capability.CHANGEDUMP_ARCHIVE),
                doc.entries().stream().map(e -> e.md().capabilityType()).toList());
        assertEquals(file.toUri().resolve("dataset1/resourcelist.xml"), doc.entry(0).loc());
    }

    @Test
    void archivesSourceDescriptionWithoutExtension() throws Exception {
        ParsedDocument doc = read(examples().resolve("archives/resourcesync"));
        assertEquals(Capability.DESCRIPTION, doc.header().capability());
        assertEquals(t("2013-11-27T00:00:00Z"), doc.header().md().modified(), "date-only modified");
        assertEquals(2, doc.entries().size());
    }

    // ---- DOM, with DTDs off ------------------------------------------------------------------------------------

    private static Document dom(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setExpandEntityReferences(false);
        try (InputStream in = Files.newInputStream(file)) {
            return factory.newDocumentBuilder().parse(in);
        }
    }

    private static List<Element> children(Element parent, String ns, String localName) {
        List<Element> result = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && ns.equals(e.getNamespaceURI()) && localName.equals(e.getLocalName())) {
                result.add(e);
            }
        }
        return result;
    }

    private static Element child(Element parent, String ns, String localName) {
        List<Element> found = children(parent, ns, localName);
        return found.isEmpty() ? null : found.get(0);
    }

    private static String attribute(Element element, String name) {
        return element == null || !element.hasAttribute(name) ? null : element.getAttribute(name).trim();
    }
}
