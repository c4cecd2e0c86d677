package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.camelresourcesync.model.Entry;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;

class MaybeGunzipTest {

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] readAll(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    @Test
    void decompressesGzip() throws Exception {
        byte[] xml = ParsedDocument.urlset("<url><loc>a</loc></url>").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(xml, readAll(SitemapReader.maybeGunzip(new ByteArrayInputStream(gzip(xml)))));
    }

    @Test
    void passesOtherBytesThroughUnchanged() throws Exception {
        for (byte[] plain : new byte[][] { {}, { 0x1f }, { 0x1f, 0x00, 0x01 }, { (byte) 0x8b, 0x1f },
                "<urlset/>".getBytes(StandardCharsets.UTF_8) }) {
            assertArrayEquals(plain, readAll(SitemapReader.maybeGunzip(new ByteArrayInputStream(plain))));
        }
    }

    @Test
    void readerReadsAGzippedGeneratedDocument() throws Exception {
        byte[] xml = GeneratedSitemapStream.small(1000).readAllBytes();
        InputStream in = SitemapReader.maybeGunzip(new ByteArrayInputStream(gzip(xml)));
        try (SitemapDocument doc = new SitemapReader().open(in, URI.create("http://example.com/list.xml.gz"))) {
            Entry e;
            int count = 0;
            while ((e = doc.next()) != null) {
                assertEquals(URI.create("http://example.com/res/" + count), e.loc());
                count++;
            }
            assertEquals(1000, count);
        }
    }
}
