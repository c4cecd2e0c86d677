package io.github.camelresourcesync.xml;

import static io.github.camelresourcesync.xml.ParsedDocument.BASE;
import static io.github.camelresourcesync.xml.ParsedDocument.urlset;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Documents the reader must refuse, and how it says so. */
class SitemapReaderErrorsTest {

    private final SitemapReader reader = new SitemapReader();

    private DocumentException failOpen(String xml) {
        return assertThrows(DocumentException.class, () -> ParsedDocument.read(xml));
    }

    private static InputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertMentions(Exception e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
    }

    /** Reads until the reader fails; the entries before the fault are still delivered. */
    private DocumentException failWhileReading(String xml, int entriesBeforeFailure) throws Exception {
        try (SitemapDocument doc = reader.open(bytes(xml), BASE)) {
            for (int i = 0; i < entriesBeforeFailure; i++) {
                assertNotNull(doc.next(), "entry " + (i + 1));
            }
            return assertThrows(DocumentException.class, doc::next);
        }
    }

    // ---- DTDs and entities -------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = { "xxe-file.xml", "billion-laughs.xml", "doctype-plain.xml" })
    void refusesAnyDoctype(String resource) {
        URI uri = URI.create("http://example.com/" + resource);
        DocumentException e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(
                DocumentException.class, () -> ParsedDocument.resource(reader, resource, uri)));
        assertMentions(e, "DTDs and entity declarations are not allowed", uri.toString(), "line ");
        assertFalse(e.getMessage().contains("root:"), "no file content in the message");
        assertEquals(uri, e.getDocument());
    }

    @Test
    void neverContactsTheHostOfAnExternalEntity() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            String url = "http://127.0.0.1:" + server.getLocalPort();
            String xml = "<?xml version='1.0'?>\n<!DOCTYPE urlset SYSTEM '" + url + "/sitemap.dtd' [\n"
                    + "  <!ENTITY % remote SYSTEM '" + url + "/evil.dtd'> %remote;\n"
                    + "  <!ENTITY xxe SYSTEM '" + url + "/secret'>\n]>\n"
                    + "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><url><loc>http://example.com/&xxe;"
                    + "</loc></url></urlset>";
            DocumentException e = failOpen(xml);
            assertMentions(e, "DTDs and entity declarations are not allowed", BASE.toString());
            server.setSoTimeout(300);
            try (Socket unexpected = server.accept()) {
                throw new AssertionError("the reader connected to " + url + " from " + unexpected);
            } catch (SocketTimeoutException expected) {
                // no connection: good
            }
        }
    }

    @Test
    void refusesUndeclaredEntityReferences() {
        DocumentException e = failOpen(urlset("<rs:md capability='resourcelist' at='&x;'/>"));
        assertMentions(e, "not well-formed XML", "Undeclared general entity \"x\"", "line 3", "document-level");
    }

    // ---- not a sitemap ------------------------------------------------------------------------------------------

    @Test
    void refusesAnotherRootElement() {
        DocumentException e = failOpen("<!-- a web page --><html xmlns='http://www.w3.org/1999/xhtml'><body/></html>");
        assertMentions(e, "expected <urlset> or <sitemapindex>", "found <html>", BASE.toString());
    }

    @Test
    void refusesUrlsetInAnotherNamespace() {
        DocumentException e = failOpen("<urlset xmlns='http://www.google.com/schemas/sitemap/0.84'/>");
        assertMentions(e, "found <urlset> in namespace http://www.google.com/schemas/sitemap/0.84");
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "   ", "Not XML at all", "{\"json\": true}", "<?xml version='1.0'?>" })
    void refusesInputThatIsNoXmlDocument(String content) {
        DocumentException e = failOpen(content);
        assertMentions(e, BASE.toString());
    }

    // ---- malformed --------------------------------------------------------------------------------------------

    @Test
    void reportsBadNestingWithLineAndColumn() throws Exception {
        DocumentException e = failWhileReading(urlset("<url><loc>a</loc></url>\n<url><loc>b</loc></urll>"), 1);
        assertMentions(e, "not well-formed XML", "line 4, column", BASE.toString(), "entry 2");
        assertFalse(e.getMessage().contains("\n at ["), "location given once, readably: " + e.getMessage());
    }

    @Test
    void reportsATruncatedDocument() throws Exception {
        String whole = urlset("<url><loc>a</loc></url><url><loc>b</loc></url><url><loc>c</loc></url>");
        String truncated = whole.substring(0, whole.indexOf("<url><loc>c") + 7);
        DocumentException e = failWhileReading(truncated, 2);
        assertMentions(e, "not well-formed XML", "line 3", "entry 3", BASE.toString());
    }

    @Test
    void reportsATruncatedDocumentAfterTheLastEntry() throws Exception {
        String whole = urlset("<url><loc>a</loc></url>");
        DocumentException e = failWhileReading(whole.substring(0, whole.indexOf("</urlset>")), 1);
        assertMentions(e, "not well-formed XML", "Unexpected EOF", "close tag for element <urlset>");
    }

    @Test
    void reportsGarbageAfterTheRootElement() throws Exception {
        DocumentException e = failWhileReading(urlset("<url><loc>a</loc></url>") + "<urlset/>", 1);
        assertMentions(e, "not well-formed XML");
    }

    @Test
    void reportsBytesInvalidForTheEncoding() throws Exception {
        byte[] xml = urlset("<url><loc>http://example.com/XX</loc></url>").getBytes(StandardCharsets.UTF_8);
        int at = new String(xml, StandardCharsets.ISO_8859_1).indexOf("XX");
        xml[at] = (byte) 0xC3; // a UTF-8 lead byte followed by '(' is no character
        xml[at + 1] = '(';
        DocumentException e = assertThrows(DocumentException.class,
                () -> ParsedDocument.read(reader, new ByteArrayInputStream(xml), BASE));
        assertMentions(e, "not well-formed XML", "not valid in the document's encoding", BASE.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = { "<url><loc>http://example.com/a\u0001b</loc></url>",
            "<url><loc>a</loc><ext>te\u0001xt</ext></url>", "<url><loc>a</loc><ext>&bogus;</ext></url>",
            "<url><loc>a</loc><!-- a -- b --></url>", "<url><loc>a</loc><x><![CDATA[ unterminated </x></url>" })
    void reportsFaultsInTextAndSkippedContent(String body) {
        String xml = urlset(body);
        DocumentException e = assertThrows(DocumentException.class, () -> ParsedDocument.read(xml));
        assertMentions(e, "not well-formed XML", "entry 1", BASE.toString());
    }

    @Test
    void limitsLinksPerEntry() throws Exception {
        String links = "<rs:ln rel='duplicate' href='http://m.example.com/a'/>".repeat(
                StaxSitemapDocument.MAX_LINKS_PER_ELEMENT + 1);
        assertMentions(failWhileReading(urlset("<url><loc>a</loc>" + links + "</url>"), 0), "entry 1",
                "more than 1000 <rs:ln>");
        assertMentions(failOpen(urlset(links)), "more than 1000 document-level <rs:ln>");
    }

    @Test
    void reportsIoErrorsOfTheStream() throws Exception {
        InputStream failing = new SequenceInputStream(bytes(urlset("<url><loc>a</loc></url>").replace("</urlset>", "")),
                new InputStream() {
                    @Override
                    public int read() throws IOException {
                        throw new IOException("connection reset");
                    }
                });
        try (SitemapDocument doc = reader.open(failing, BASE)) {
            DocumentException e = assertThrows(DocumentException.class, () -> {
                while (doc.next() != null) {
                    // read on
                }
            });
            assertMentions(e, "connection reset", BASE.toString());
        }
    }

    // ---- entries ---------------------------------------------------------------------------------------------

    @Test
    void refusesAnEntryWithoutLoc() throws Exception {
        DocumentException e = failWhileReading(urlset("<url><loc>a</loc></url><url><lastmod>2013-01-01</lastmod></url>"),
                1);
        assertMentions(e, "entry 2", "<url> has no <loc>", BASE.toString());
    }

    @Test
    void refusesAnEmptyLoc() throws Exception {
        DocumentException e = failWhileReading(urlset("<sitemap><loc>  </loc></sitemap>"), 0);
        assertMentions(e, "entry 1", "<sitemap> has an empty <loc>", BASE.toString());
    }

    @Test
    void refusesALocThatIsNoUri() throws Exception {
        DocumentException e = failWhileReading(urlset("<url><loc>http://[::1/res</loc></url>"), 0);
        assertMentions(e, "entry 1", "'http://[::1/res' is not a URI", BASE.toString());
    }

    @Test
    void quotesOnlyTheStartOfAHugeValue() throws Exception {
        String huge = "http://[" + "x".repeat(100_000);
        DocumentException e = failWhileReading(urlset("<url><loc>" + huge + "</loc></url>"), 0);
        assertMentions(e, "entry 1", "is not a URI", "...");
        assertTrue(e.getMessage().length() < 1000, "message length " + e.getMessage().length());
    }

    @Test
    void refusesTwoLocsInOneEntry() throws Exception {
        DocumentException e = failWhileReading(urlset("<url><loc>a</loc><loc>b</loc></url>"), 0);
        assertMentions(e, "entry 1", "more than one <loc>");
    }

    @Test
    void refusesARelativeLocWithoutDocumentUri() throws Exception {
        try (SitemapDocument doc = reader.open(bytes(urlset("<url><loc>res1</loc></url>")), null)) {
            DocumentException e = assertThrows(DocumentException.class, doc::next);
            assertMentions(e, "entry 1", "'res1' is relative");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "<lastmod>yesterday</lastmod>",
            "<lastmod>2013-02-30T00:00:00Z</lastmod>",
            "<rs:md datetime='2013-01-03 at noon'/>",
            "<rs:md change='updated' datetime='2013-13-03T00:00:00Z'/>",
            "<rs:md from='01/03/2013'/>",
            "<rs:ln rel='duplicate' href='http://m.example.com/a' modified='soon'/>" })
    void refusesUnparsableTimesOnEntries(String element) throws Exception {
        DocumentException e = failWhileReading(urlset("<url><loc>http://example.com/ok</loc></url>"
                + "<url><loc>http://example.com/bad</loc>" + element + "</url>"), 1);
        assertMentions(e, "entry 2", "http://example.com/bad", "is not a W3C datetime", BASE.toString());
    }

    @Test
    void refusesUnparsableDocumentTimes() {
        DocumentException e = failOpen(urlset("<rs:md capability='changelist' from='last week'/>"));
        assertMentions(e, "document-level", "rs:md from=\"last week\" is not a W3C datetime", BASE.toString());
    }

    @Test
    void refusesLinksWithoutRelOrHref() throws Exception {
        assertMentions(failWhileReading(urlset("<url><loc>a</loc><rs:ln href='http://x.example/'/></url>"), 0),
                "entry 1", "has no rel attribute");
        assertMentions(failWhileReading(urlset("<url><loc>a</loc><rs:ln rel='duplicate'/></url>"), 0),
                "entry 1", "has no href attribute");
        assertMentions(failOpen(urlset("<rs:ln rel='up' href='http://[bad'/>")), "document-level",
                "is not a URI");
    }

    @Test
    void refusesAmbiguousMetadata() throws Exception {
        assertMentions(failWhileReading(urlset("<url><loc>a</loc><rs:md change='created'/><rs:md change='deleted'/>"
                + "</url>"), 0), "entry 1", "more than one <rs:md>");
        assertMentions(failWhileReading(urlset("<url><loc>a</loc><lastmod>2013-01-01</lastmod>"
                + "<lastmod>2013-01-02</lastmod></url>"), 0), "entry 1", "more than one <lastmod>");
        assertMentions(failOpen(urlset("<rs:md capability='resourcelist'/><rs:md capability='changelist'/>")),
                "more than one document-level <rs:md>");
        assertMentions(failWhileReading(urlset("<url><loc>a</loc></url><rs:md capability='changelist'/>"), 1),
                "document-level <rs:md> after entry 1");
    }
}
