package io.github.camelresourcesync.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.TestHttpServer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code size-limit}: a Resource List of more than 50 MB uncompressed is an error, one of exactly 50 MB is not. The
 * documents are real ones of that size, generated while they are sent (the server holds a line at a time) and read by
 * the validator as they arrive: half way through, the heap has not grown by anything like the half read (a
 * validator that buffered the document fails here).
 */
class SizeLimitTest {

    private static final long LIMIT = ValidateOptions.SITEMAP_MAX_BYTES;
    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
            + "<rs:md capability=\"resourcelist\" at=\"2026-01-20T00:00:00Z\" completed=\"2026-01-20T00:01:00Z\"/>\n";
    private static final String TAIL = "</urlset>\n";
    /** Each entry carries a comment of this many characters: about 40,000 entries in 50 MB, under the 50,000 limit. */
    private static final String PADDING = "<!--" + "p".repeat(1200) + "-->";

    private TestHttpServer server;
    private final AtomicLong sent = new AtomicLong();
    /** the heap in use after a collection, when the server has sent half of the document */
    private final AtomicLong halfWay = new AtomicLong();

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aDocumentOverFiftyMegabytesIsAnError() throws Exception {
        server.handle("/resourcelist.xml", generated(LIMIT + 1, false));
        long before = retainedHeap();
        List<Finding> found = validate("/resourcelist.xml");
        assertEquals(LIMIT + 1, sent.get());
        // streamed: half way through the document (25 MB sent and read), the heap holds no copy of it
        long growth = halfWay.get() - before;
        assertTrue(growth < 16L << 20, "the heap grew by " + (growth >> 20) + " MB while half the document was read");
        List<Finding> size = found.stream().filter(f -> f.rule() == Rule.SIZE_LIMIT).toList();
        assertEquals(1, size.size(), found::toString);
        Finding f = size.get(0);
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(URI.create(server.baseUri() + "/resourcelist.xml"), f.document());
        assertTrue(f.found().contains((LIMIT + 1) + " bytes uncompressed"), f::message);
        assertTrue(f.expected().contains("50 MB"), f::message);
    }

    @Test
    void exactlyFiftyMegabytesIsWithinTheLimit() throws Exception {
        server.handle("/resourcelist.xml", generated(LIMIT, false));
        List<Finding> found = validate("/resourcelist.xml");
        assertEquals(LIMIT, sent.get());
        assertEquals(List.of(), found.stream().filter(f -> f.severity() != Severity.INFO).map(Finding::message)
                .toList());
        assertTrue(report.entries() > 30_000, report::text); // read to the end
    }

    /** The limit is on the uncompressed document: a gzip of a few hundred kilobytes may break it. */
    @Test
    void theLimitIsOnTheUncompressedBytes() throws Exception {
        server.handle("/resourcelist.xml", generated(LIMIT + 1, true));
        List<Finding> found = validate("/resourcelist.xml");
        assertEquals(1, found.stream().filter(f -> f.rule() == Rule.SIZE_LIMIT).count(), found::toString);
    }

    private ValidationReport report;

    private List<Finding> validate(String path) throws IOException {
        List<Finding> found = new ArrayList<>();
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY))) {
            report = new Validator(fetcher, new ValidateOptions().sample(0))
                    .validateDocument(server.uri(path), found::add);
        }
        return found;
    }

    /** A Resource List of exactly {@code size} bytes, written as it is sent (chunked), gzip-encoded when asked. */
    private HttpHandler generated(long size, boolean gzip) {
        return exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/xml");
            if (gzip) {
                exchange.getResponseHeaders().set("Content-Encoding", "gzip");
            }
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream body = exchange.getResponseBody();
                 OutputStream out = new BufferedOutputStream(gzip ? new GZIPOutputStream(body) : body, 1 << 16)) {
                sent.set(write(out, size));
            }
        };
    }

    private long write(OutputStream out, long size) throws IOException {
        long written = write(out, HEAD);
        long tail = TAIL.length();
        boolean measured = false;
        for (int i = 0;; i++) {
            if (!measured && written > size / 2) {
                out.flush();
                measured = true;
                halfWay.set(retainedHeap());
            }
            String entry = "<url><loc>" + server.baseUri() + "/r/" + i + "</loc>" + PADDING + "</url>\n";
            // leave room for a closing comment of at least "<!---->" and the end tag
            if (written + entry.length() + 7 + tail > size) {
                break;
            }
            written += write(out, entry);
        }
        long rest = size - written - tail;
        written += write(out, "<!--" + "p".repeat((int) (rest - 7)) + "-->");
        return written + write(out, TAIL);
    }

    private static long retainedHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long write(OutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        out.write(b);
        return b.length;
    }
}
