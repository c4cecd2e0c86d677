package io.github.camelresourcesync.xml;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Instant;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

/**
 * Writes a ResourceSync {@code urlset} or {@code sitemapindex}, one entry at a time, in constant memory. Always writes
 * the namespaces with their trailing slash and times in UTC.
 */
public final class SitemapWriter implements AutoCloseable {

    public static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    public static final String RS_NS = "http://www.openarchives.org/rs/terms/";

    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private final XMLStreamWriter xml;
    private final RootElement root;

    /**
     * Starts the document and writes the document-level {@code rs:ln}s and {@code rs:md}.
     *
     * @param out the caller owns it: {@link #close()} finishes the document but does not close the stream
     */
    public SitemapWriter(OutputStream out, RootElement root, Metadata md, Iterable<Link> links) throws IOException {
        this.root = root;
        try {
            xml = FACTORY.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.setDefaultNamespace(SITEMAP_NS);
            xml.setPrefix("rs", RS_NS);
            xml.writeStartElement(SITEMAP_NS, root == RootElement.URLSET ? "urlset" : "sitemapindex");
            xml.writeDefaultNamespace(SITEMAP_NS);
            xml.writeNamespace("rs", RS_NS);
            xml.writeCharacters("\n");
            for (Link l : links) {
                writeLink(l);
            }
            writeMd(md);
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write sitemap: " + e.getMessage(), e);
        }
    }

    /** Writes one {@code <url>} (or {@code <sitemap>} in an index). */
    public void write(Entry e) throws IOException {
        try {
            xml.writeStartElement(SITEMAP_NS, root == RootElement.URLSET ? "url" : "sitemap");
            element("loc", e.loc().toString());
            if (e.lastmod() != null) {
                element("lastmod", e.lastmod().toString());
            }
            writeMd(e.md());
            for (Link l : e.links()) {
                writeLink(l);
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
        } catch (XMLStreamException ex) {
            throw new IOException("Cannot write entry " + e.loc() + ": " + ex.getMessage(), ex);
        }
    }

    private void element(String name, String text) throws XMLStreamException {
        xml.writeStartElement(SITEMAP_NS, name);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }

    private void writeMd(Metadata md) throws XMLStreamException {
        if (md == null || md.equals(Metadata.EMPTY)) {
            return;
        }
        xml.writeEmptyElement(RS_NS, "md");
        attr("capability", md.capability());
        attr("at", md.at());
        attr("completed", md.completed());
        attr("from", md.from());
        attr("until", md.until());
        attr("datetime", md.datetime());
        attr("modified", md.modified());
        attr("change", md.change());
        attr("hash", md.hash().isEmpty() ? null : md.hash().toString());
        attr("length", md.length() == null ? null : md.length().toString());
        attr("type", md.type());
        attr("encoding", md.encoding());
        attr("path", md.path());
        xml.writeCharacters("\n");
    }

    private void writeLink(Link l) throws XMLStreamException {
        xml.writeEmptyElement(RS_NS, "ln");
        attr("rel", l.rel());
        attr("href", l.href() == null ? null : l.href().toString());
        attr("hash", l.hash().isEmpty() ? null : l.hash().toString());
        attr("length", l.length() == null ? null : l.length().toString());
        attr("modified", l.modified());
        attr("path", l.path());
        attr("pri", l.pri() == null ? null : l.pri().toString());
        attr("type", l.type());
        attr("encoding", l.encoding());
        xml.writeCharacters("\n");
    }

    private void attr(String name, Instant value) throws XMLStreamException {
        attr(name, value == null ? null : value.toString());
    }

    private void attr(String name, String value) throws XMLStreamException {
        if (value != null) {
            xml.writeAttribute(name, value);
        }
    }

    /** Ends the document and flushes; does not close the stream. */
    @Override
    public void close() throws IOException {
        try {
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot finish sitemap: " + e.getMessage(), e);
        }
    }

    /** Convenience for a capability entry: {@code <url><loc>..</loc><rs:md capability=".."/></url>}. */
    public static Entry capabilityEntry(URI loc, String capability) {
        return new Entry(loc, null, new Metadata(capability, null, null, null, null, null, null, null, null, null,
                null, null, null), null, false);
    }
}
