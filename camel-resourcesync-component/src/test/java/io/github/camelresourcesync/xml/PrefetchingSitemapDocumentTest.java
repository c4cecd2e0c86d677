package io.github.camelresourcesync.xml;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Entries and errors arrive in document order from the reading thread; closing (or reaching the end) releases the
 * underlying document and its stream; an interrupted consumer gets an error and keeps its interrupt.
 */
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

    /** A stream that counts down when closed: the connection under a document. */
    private static InputStream tracked(String xml, CountDownLatch closed) {
        return new FilterInputStream(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))) {
            @Override
            public void close() throws IOException {
                closed.countDown();
                super.close();
            }
        };
    }

    @Test
    void closingEarlyReleasesTheUnderlyingStream() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        SitemapDocument doc = new PrefetchingSitemapDocument(new SitemapReader().open(
                tracked(urlset(50_000, "</urlset>"), closed), DOC));
        assertEquals(URI.create("http://example.org/r0"), doc.next().loc());
        assertEquals(1, closed.getCount(), "still reading ahead");
        doc.close();
        assertTrue(closed.await(10, TimeUnit.SECONDS), "the reading thread closes the document when told to stop");
    }

    @Test
    void readingToTheEndReleasesTheUnderlyingStream() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        try (SitemapDocument doc = new PrefetchingSitemapDocument(new SitemapReader().open(
                tracked(urlset(3, "</urlset>"), closed), DOC))) {
            while (doc.next() != null) {
                // read on
            }
            assertTrue(closed.await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void theReadingThreadDoesNotKeepTheJvmAlive() throws Exception {
        try (SitemapDocument doc = open(urlset(50_000, "</urlset>"))) {
            doc.next();
            Thread reader = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("resourcesync-reader " + DOC)).findFirst().orElseThrow();
            assertTrue(reader.isDaemon(), "a forgotten document must not block shutdown");
        }
    }

    @Test
    void anInterruptedConsumerGetsAnErrorAndKeepsItsInterrupt() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        SitemapDocument never = new SitemapDocument() {
            @Override
            public DocumentHeader header() {
                return new DocumentHeader(DOC, DocumentHeader.RootElement.URLSET, null, null);
            }

            @Override
            public Entry next() throws DocumentException {
                try {
                    released.await(); // a Source that stopped sending
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }

            @Override
            public long entriesRead() {
                return 0;
            }

            @Override
            public void close() {
                released.countDown();
            }
        };
        SitemapDocument doc = new PrefetchingSitemapDocument(never);
        try {
            Thread.currentThread().interrupt(); // as a route shutting down interrupts its consumer
            DocumentException e = assertThrows(DocumentException.class, doc::next);
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            assertEquals("Interrupted while reading (document " + DOC + ")", e.getMessage());
        } finally {
            doc.close();
        }
        assertTrue(released.await(10, TimeUnit.SECONDS), "closing stops the reading thread");
    }

    @Test
    void aRuntimeFailureOfTheDocumentArrivesAsItselfAfterTheEntriesBeforeIt() throws Exception {
        IllegalStateException failure = new IllegalStateException("parser broke");
        SitemapDocument failing = new SitemapDocument() {
            private int n;

            @Override
            public DocumentHeader header() {
                return new DocumentHeader(DOC, DocumentHeader.RootElement.URLSET, null, null);
            }

            @Override
            public Entry next() {
                if (n == 3) {
                    throw failure;
                }
                return new Entry(URI.create("http://example.org/r" + n++), null, null, null, false);
            }

            @Override
            public long entriesRead() {
                return n;
            }

            @Override
            public void close() {
            }
        };
        try (SitemapDocument doc = new PrefetchingSitemapDocument(failing)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(URI.create("http://example.org/r" + i), doc.next().loc());
            }
            assertSame(failure, assertThrows(IllegalStateException.class, doc::next));
            assertNull(doc.next(), "ended");
            assertEquals(3, doc.entriesRead());
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
