package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A whole small document read into memory, for assertions (tests only: the reader itself never accumulates). */
record ParsedDocument(DocumentHeader header, List<Entry> entries, long entriesRead) {

    static final URI BASE = URI.create("http://example.com/dataset1/list.xml");

    static ParsedDocument read(SitemapReader reader, InputStream in, URI uri) throws DocumentException {
        try (SitemapDocument doc = reader.open(in, uri)) {
            List<Entry> entries = new ArrayList<>();
            Entry e;
            while ((e = doc.next()) != null) {
                entries.add(e);
            }
            return new ParsedDocument(doc.header(), entries, doc.entriesRead());
        }
    }

    static ParsedDocument read(String xml) throws DocumentException {
        return read(new SitemapReader(), xml, StandardCharsets.UTF_8);
    }

    static ParsedDocument read(SitemapReader reader, String xml, Charset charset) throws DocumentException {
        return read(reader, new ByteArrayInputStream(xml.getBytes(charset)), BASE);
    }

    static ParsedDocument resource(SitemapReader reader, String name, URI uri) throws DocumentException {
        return read(reader, openResource(name), uri);
    }

    static InputStream openResource(String name) {
        InputStream in = ParsedDocument.class.getResourceAsStream("/xml/" + name);
        if (in == null) {
            throw new UncheckedIOException(new IOException("test resource /xml/" + name + " not found"));
        }
        return in;
    }

    Entry entry(int index) {
        return entries.get(index);
    }

    /** A urlset with the usual namespaces around {@code body}. */
    static String urlset(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n" + body + "\n</urlset>\n";
    }
}
