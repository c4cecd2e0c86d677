package io.github.camelresourcesync.bridge.atompmh;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import io.github.camelresourcesync.model.W3cDateTime;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.HardenedStax;
import io.github.camelresourcesync.xml.UriReferences;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one Atom feed document with a hardened StAX parser (no DTD, no external entities). The encoding comes from the
 * document itself (BOM, XML declaration), never from the HTTP {@code charset} parameter, which real feeds get wrong
 * ({@code charset=atom}). Lenient where nothing is lost: unknown elements are skipped, an entry without
 * {@code updated} takes the feed's; an entry that cannot be placed (no id, no time at all, an unknown kind) is skipped
 * with a warning naming the document and the entry. A document that is not an Atom feed is an error.
 */
public final class AtomFeedReader {

    static final String ATOM = "http://www.w3.org/2005/Atom";
    static final String FH = "http://purl.org/syndication/history/1.0";
    static final String TOMBSTONES = "http://purl.org/atompub/tombstones/1.0";

    private static final Logger LOG = LoggerFactory.getLogger(AtomFeedReader.class);

    private final XMLInputFactory factory = HardenedStax.newInputFactory();

    /** Reads {@code in} (closed by the caller) as the document at {@code uri}. */
    public AtomFeed read(InputStream in, URI uri) throws IOException {
        try {
            XMLStreamReader r = factory.createXMLStreamReader(uri.toString(), in);
            try {
                return readFeed(r, uri);
            } finally {
                r.close();
            }
        } catch (XMLStreamException e) {
            throw new DocumentException(uri, "Atom feed " + uri + " is not well-formed XML: " + e.getMessage(), e);
        }
    }

    private AtomFeed readFeed(XMLStreamReader r, URI uri) throws XMLStreamException, IOException {
        int event = r.nextTag();
        if (event != XMLStreamConstants.START_ELEMENT || !ATOM.equals(r.getNamespaceURI())
                || !"feed".equals(r.getLocalName())) {
            throw new DocumentException(uri, "Expected an Atom feed (<feed xmlns=\"" + ATOM + "\">) at " + uri
                                             + ", found <" + r.getName() + ">");
        }
        URI base = UriReferences.base(uri);
        Instant updated = null;
        boolean complete = false;
        URI prevArchive = null;
        URI next = null;
        List<RawEntry> raw = new ArrayList<>();
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String ns = r.getNamespaceURI();
            String name = r.getLocalName();
            if (ATOM.equals(ns) && "entry".equals(name)) {
                raw.add(readEntry(r, base, raw.size()));
            } else if (TOMBSTONES.equals(ns) && "deleted-entry".equals(name)) {
                raw.add(readTombstone(r, raw.size()));
            } else if (ATOM.equals(ns) && "updated".equals(name)) {
                updated = time(r.getElementText(), uri, "the feed's atom:updated");
            } else if (ATOM.equals(ns) && "link".equals(name)) {
                String rel = r.getAttributeValue(null, "rel");
                URI href = href(r.getAttributeValue(null, "href"), base);
                if ("prev-archive".equals(rel)) {
                    prevArchive = href;
                } else if ("next".equals(rel)) {
                    next = href;
                }
                skip(r);
            } else if (FH.equals(ns) && "complete".equals(name)) {
                complete = true;
                skip(r);
            } else {
                skip(r);
            }
        }
        List<AtomEntry> entries = new ArrayList<>(raw.size());
        for (RawEntry e : raw) {
            AtomEntry entry = e.finish(uri, updated);
            if (entry != null) {
                entries.add(entry);
            }
        }
        return new AtomFeed(uri, updated, complete, prevArchive, next, entries);
    }

    private RawEntry readEntry(XMLStreamReader r, URI base, int position) throws XMLStreamException {
        RawEntry e = new RawEntry(position);
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            if (!ATOM.equals(r.getNamespaceURI())) {
                skip(r);
                continue;
            }
            switch (r.getLocalName()) {
                case "id" -> e.id = r.getElementText().trim();
                case "title" -> e.title = text(r).trim();
                case "updated" -> e.updatedText = r.getElementText();
                case "link" -> {
                    String rel = r.getAttributeValue(null, "rel");
                    URI href = href(r.getAttributeValue(null, "href"), base);
                    if (href != null) {
                        e.links.add(new AtomLink(rel == null || rel.isBlank() ? "alternate" : rel.trim(), href,
                                r.getAttributeValue(null, "type")));
                    }
                    skip(r);
                }
                case "content" -> {
                    e.hasContent = true;
                    e.contentHasSrc = r.getAttributeValue(null, "src") != null;
                    e.contentEmpty = isEmpty(r);
                }
                default -> skip(r);
            }
        }
        return e;
    }

    private static RawEntry readTombstone(XMLStreamReader r, int position) throws XMLStreamException {
        RawEntry e = new RawEntry(position);
        e.tombstone = true;
        String ref = r.getAttributeValue(null, "ref");
        e.id = ref == null ? null : ref.trim();
        e.updatedText = r.getAttributeValue(null, "when");
        skip(r);
        return e;
    }

    /** Text of the current element and its descendants (an xhtml title has markup); ends on its end tag. */
    private static String text(XMLStreamReader r) throws XMLStreamException {
        StringBuilder sb = new StringBuilder();
        readToEnd(r, sb::append);
        return sb.toString();
    }

    /** {@code true} when the current element has no child element and only whitespace; ends on its end tag. */
    private static boolean isEmpty(XMLStreamReader r) throws XMLStreamException {
        boolean[] blank = { true };
        boolean child = readToEnd(r, t -> blank[0] &= t.isBlank());
        return !child && blank[0];
    }

    private static void skip(XMLStreamReader r) throws XMLStreamException {
        readToEnd(r, t -> { });
    }

    /** Reads to the current element's end tag, handing each run of text to {@code texts}; whether it had a child. */
    private static boolean readToEnd(XMLStreamReader r, Consumer<String> texts) throws XMLStreamException {
        boolean child = false;
        for (int depth = 1; depth > 0; ) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
                child = true;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                texts.accept(r.getText());
            }
        }
        return child;
    }

    private static URI href(String value, URI base) {
        if (value == null || value.isBlank()) {
            return null;
        }
        URI ref = UriReferences.parse(value.trim());
        return ref == null ? null : base == null ? ref : base.resolve(ref);
    }

    private static Instant time(String text, URI document, String what) {
        try {
            return W3cDateTime.parse(text);
        } catch (IllegalArgumentException e) {
            LOG.warn("Atom feed {}: {} '{}' is not an RFC 3339 date-time; ignored", document, what, text);
            return null;
        }
    }

    /** An entry as read, before the feed's own {@code updated} (which may come after it) is known. */
    private static final class RawEntry {
        final int position;
        String id;
        String title;
        String updatedText;
        final List<AtomLink> links = new ArrayList<>(2);
        boolean hasContent;
        boolean contentHasSrc;
        boolean contentEmpty;
        boolean tombstone;

        RawEntry(int position) {
            this.position = position;
        }

        AtomEntry finish(URI document, Instant feedUpdated) {
            String where = (tombstone ? "at:deleted-entry #" : "entry #") + (position + 1)
                           + (id == null ? "" : " (" + id + ")");
            if (id == null || id.isEmpty()) {
                LOG.warn("Atom feed {}: {} has no {}; skipped", document, where, tombstone ? "ref" : "atom:id");
                return null;
            }
            Instant updated = updatedText == null ? null : time(updatedText, document, where + " time");
            if (updated == null) {
                if (feedUpdated == null) {
                    LOG.warn("Atom feed {}: {} has no usable {} and the feed has no atom:updated; skipped", document,
                            where, tombstone ? "when" : "atom:updated");
                    return null;
                }
                LOG.debug("Atom feed {}: {} has no usable time; the feed's atom:updated stands in", document, where);
                updated = feedUpdated;
            }
            if (tombstone) {
                return new AtomEntry(id, title, updated, List.of(), true, document, position);
            }
            List<AtomLink> alternates = links.stream().filter(AtomLink::isAlternate).toList();
            if (!alternates.isEmpty()) {
                return new AtomEntry(id, title, updated, alternates, false, document, position);
            }
            if (hasContent && !contentHasSrc && contentEmpty) {
                return new AtomEntry(id, title, updated, List.of(), true, document, position);
            }
            // neither active nor a deletion (Atom-PMH defines no other kind): never guess a deletion
            LOG.warn("Atom feed {}: {} has no alternate link and no empty atom:content; not an Atom-PMH entry, skipped",
                    document, where);
            return null;
        }
    }
}
