package io.github.camelresourcesync.xml;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import io.github.camelresourcesync.model.Entry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrefetchingSitemapDocumentTest {

    private static final URI DOC = URI.create("http://example.org/list.xml");

    private static SitemapDocument open(String xml) throws Exception {
        return new PrefetchingSitemapDocument(new SitemapReader().open(
                new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), DOC));
    }

    private static String urlset(int n, String tail) {
        StringBuilder sb = new StringBuilder("<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (int i = 0; i < n; i++) {
            sb.append("<url><loc>/r").append(i).append("</loc></url>");
        }
        return sb.append(tail).toString();
    }

    @Test
    void entriesArriveInDocumentOrderAcrossChunks() throws Exception {
        try (SitemapDocument doc = open(urlset(2_000, "</urlset>"))) {
            for (int i = 0; i < 2_000; i++) {
                assertEquals(URI.create("http://example.org/r" + i), doc.next().loc());
            }
            assertNull(doc.next());
            assertNull(doc.next());
            assertEquals(2_000, doc.entriesRead());
        }
    }

    @Test
    void anErrorComesAfterTheEntriesBeforeIt() throws Exception {
        try (SitemapDocument doc = open(urlset(700, "<url><loc>"))) {
            for (int i = 0; i < 700; i++) {
                Entry e = doc.next();
                assertEquals(URI.create("http://example.org/r" + i), e.loc());
            }
            DocumentException e = assertThrows(DocumentException.class, doc::next);
            assertTrue(e.getMessage().contains(DOC.toString()), e.getMessage());
        }
    }

    @Test
    void closingEarlyStopsTheReader() throws Exception {
        SitemapDocument doc = open(urlset(50_000, "</urlset>"));
        doc.next();
        doc.close();
        assertThrows(IllegalStateException.class, doc::next);
    }
}
