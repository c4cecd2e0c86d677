package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;

import org.codehaus.stax2.XMLStreamReader2;

import com.ctc.wstx.exc.WstxLazyException;

/**
 * Pull parser over one {@code urlset} or {@code sitemapindex}: the header is read when the document is opened, then
 * one entry per {@link #next()}. Holds one entry's worth of state at a time; buffers are reused.
 */
final class StaxSitemapDocument implements SitemapDocument {

    /** Far above any real use (mirrors, alternates, mementos); keeps one entry from holding unbounded memory. */
    static final int MAX_LINKS_PER_ELEMENT = 1000;

    private final XMLStreamReader2 xml;
    private final InputStream in;
    private final URI documentUri;
    private final URI base;
    private final long maxEntries;
    private final Consumer<String> warnings;
    private final EntryProblems problems = new EntryProblems();
    private final SameOriginReferences sameOrigin = new SameOriginReferences();

    private DocumentHeader header;
    /** The reader is positioned at the start tag of the next {@code <url>}/{@code <sitemap>}. */
    private boolean atEntry;
    /** {@link #lateHeaderElement}, made once: {@link #advanceToEntry} runs once per entry. */
    private final RootChild lateHeaderElement = this::lateHeaderElement;
    private boolean finished;
    private boolean closed;
    private DocumentException failure;
    private boolean mixedWarned;
    private boolean rootSeen;
    private long entriesRead;

    // state of the entry being read, reused
    private long entryNumber;
    private long entryLine = -1;
    private String loc;
    private final AttributeValue attributeValue = new AttributeValue();
    private final RepeatedValues repeated = new RepeatedValues();
    private final TimeValue lastmod = new TimeValue();
    private final char[] scratch = new char[32];
    private final MdAttributes md = new MdAttributes(attributeValue, repeated);
    private final List<LnAttributes> lnBuffer = new ArrayList<>();
    private int lnCount;
    private final ArrayList<Link> links = new ArrayList<>();

    private StaxSitemapDocument(XMLStreamReader2 xml, InputStream in, URI documentUri, long maxEntries,
                                Consumer<String> warnings) {
        this.xml = xml;
        this.in = in;
        this.documentUri = documentUri;
        this.base = UriReferences.base(documentUri);
        this.maxEntries = maxEntries;
        this.warnings = warnings;
        if (documentUri != null) {
            sameOrigin.learn(documentUri, documentUri.toString());
        }
    }

    /** Reads the header; on failure closes the parser and the stream. */
    static StaxSitemapDocument open(XMLStreamReader2 xml, InputStream in, URI documentUri, long maxEntries,
                                    Consumer<String> warnings) throws DocumentException {
        StaxSitemapDocument doc = new StaxSitemapDocument(xml, in, documentUri, maxEntries, warnings);
        try {
            doc.readHeader();
            return doc;
        } catch (DocumentException e) {
            doc.close();
            throw e;
        } catch (XMLStreamException e) {
            doc.close();
            throw doc.wrap(e);
        } catch (WstxLazyException e) {
            doc.close();
            throw doc.wrap(lazyCause(e));
        } catch (RuntimeException e) {
            doc.close();
            throw e;
        }
    }

    @Override
    public DocumentHeader header() {
        return header;
    }

    @Override
    public Entry next() throws DocumentException {
        if (closed) {
            throw new IllegalStateException("document " + documentUri + " is closed");
        }
        if (failure != null) {
            throw failure;
        }
        try {
            if (finished) {
                return null;
            }
            if (!atEntry) {
                advanceToEntry();
                if (finished) {
                    return null;
                }
            }
            atEntry = false;
            Entry entry = readEntry();
            entriesRead++;
            return entry;
        } catch (DocumentException e) {
            failure = e;
            throw e;
        } catch (XMLStreamException e) {
            failure = wrap(e);
            throw failure;
        } catch (WstxLazyException e) {
            // Woodstox parses text lazily and may report its faults unchecked
            failure = wrap(lazyCause(e));
            throw failure;
        }
    }

    @Override
    public long line() {
        return entryLine;
    }

    @Override
    public long entriesRead() {
        return entriesRead;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            xml.close();
        } catch (XMLStreamException | RuntimeException e) {
            // nothing left to release that the stream close below does not cover
        }
        try {
            in.close();
        } catch (IOException e) {
            // closing after reading: nothing to report
        }
    }

    // ---- header --------------------------------------------------------------------------------------------------

    private void readHeader() throws XMLStreamException, DocumentException {
        RootElement root = readRoot();
        MdAttributes documentMd = new MdAttributes(attributeValue, repeated);
        List<LnAttributes> documentLinks = new ArrayList<>();
        toNextEntry((ns, name) -> {
            if (SitemapNames.isRsNs(ns) && SitemapNames.MD.equals(name)) {
                if (documentMd.isPresent()) {
                    throw problems.error("more than one document-level <rs:md>");
                }
                documentMd.read(xml);
            } else if (SitemapNames.isRsNs(ns) && SitemapNames.LN.equals(name)) {
                if (documentLinks.size() == MAX_LINKS_PER_ELEMENT) {
                    throw problems.error("more than " + MAX_LINKS_PER_ELEMENT + " document-level <rs:ln>");
                }
                LnAttributes ln = new LnAttributes(attributeValue, repeated);
                ln.read(xml);
                documentLinks.add(ln);
            }
        });
        Metadata metadata = documentMd.build(problems);
        List<Link> headerLinks = new ArrayList<>(documentLinks.size());
        for (LnAttributes ln : documentLinks) {
            headerLinks.add(ln.build(problems));
        }
        header = new DocumentHeader(documentUri, root, metadata, headerLinks);
    }

    private RootElement readRoot() throws XMLStreamException, DocumentException {
        while (true) {
            int event = xml.next();
            if (event == XMLStreamConstants.DTD) {
                throw new DocumentException(documentUri, "DTDs and entity declarations are not allowed in"
                        + " sitemap/ResourceSync documents; refusing its <!DOCTYPE>" + at(xml.getLocation()));
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                break;
            }
            if (event == XMLStreamConstants.END_DOCUMENT) {
                throw new DocumentException(documentUri, "expected <urlset> or <sitemapindex>, found no element");
            }
        }
        rootSeen = true;
        String ns = xml.getNamespaceURI();
        String name = xml.getLocalName();
        boolean sitemapNs = SitemapNames.isSitemapNs(ns);
        if (sitemapNs && SitemapNames.URLSET.equals(name)) {
            return RootElement.URLSET;
        }
        if (sitemapNs && SitemapNames.SITEMAPINDEX.equals(name)) {
            return RootElement.SITEMAPINDEX;
        }
        String namespace = ns == null || ns.isEmpty() ? "" : " in namespace " + ns;
        throw new DocumentException(documentUri, "expected <urlset> or <sitemapindex>, found <" + name + ">"
                + namespace + "; not a sitemap (namespace " + SitemapNames.SITEMAP_NS + ")");
    }

    // ---- entries -------------------------------------------------------------------------------------------------

    /** Moves to the next entry start tag, or to the end of the document ({@link #finished}). */
    private void advanceToEntry() throws XMLStreamException, DocumentException {
        toNextEntry(lateHeaderElement);
    }

    /** A child of the root other than an entry, after the first entry. */
    private void lateHeaderElement(String ns, String name) throws DocumentException {
        if (SitemapNames.isRsNs(ns) && SitemapNames.MD.equals(name)) {
            // the header, already handed out, said something else (or nothing): refuse rather than guess
            throw new DocumentException(documentUri, "document-level <rs:md> after entry " + entriesRead
                    + at(xml.getLocation()) + "; it must come before the first <url>/<sitemap>");
        }
        if (SitemapNames.isRsNs(ns) && SitemapNames.LN.equals(name)) {
            warnings.accept("document-level <rs:ln> after entry " + entriesRead + " of " + documentUri
                    + " ignored; it must come before the first <url>/<sitemap>");
        }
    }

    /** Reads a child element of the root that is not an entry: at its start tag; the element is skipped after. */
    @FunctionalInterface
    private interface RootChild {
        void read(String ns, String name) throws XMLStreamException, DocumentException;
    }

    /**
     * The one walk over the root's children: moves to the next entry start tag ({@code atEntry}), or past the root's
     * end tag to the end of the document ({@link #finished}); each other child goes to {@code child}, then is skipped.
     */
    private void toNextEntry(RootChild child) throws XMLStreamException, DocumentException {
        while (true) {
            int event = xml.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                String ns = xml.getNamespaceURI();
                String name = xml.getLocalName();
                if (isEntryElement(ns, name)) {
                    atEntry = true;
                    return;
                }
                child.read(ns, name);
                xml.skipElement();
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                readToEndOfDocument();
                return;
            }
        }
    }

    /** After the root end tag only comments, PIs and whitespace may follow; reading them checks for that. */
    private void readToEndOfDocument() throws XMLStreamException {
        while (xml.next() != XMLStreamConstants.END_DOCUMENT) {
            // nothing to collect
        }
        finished = true;
    }

    private Entry readEntry() throws XMLStreamException, DocumentException {
        entryNumber = entriesRead + 1;
        loc = null;
        Location start = xml.getLocation();
        entryLine = start == null ? -1 : start.getLineNumber();
        if (maxEntries > 0 && entryNumber > maxEntries) {
            throw problems.error("the document has more than " + maxEntries + " entries (limit maxEntriesPerDocument="
                    + maxEntries + ")");
        }
        boolean sitemap = SitemapNames.SITEMAP.equals(xml.getLocalName());
        checkEntryKind(sitemap);
        boolean lastmodSeen = false;
        lastmod.reset();
        md.reset();
        lnCount = 0;
        int event;
        while ((event = xml.next()) != XMLStreamConstants.END_ELEMENT) {
            if (event != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            String ns = xml.getNamespaceURI();
            String name = xml.getLocalName();
            if (SitemapNames.isSitemapNs(ns) && SitemapNames.LOC.equals(name)) {
                if (loc != null) {
                    throw problems.error("more than one <loc>");
                }
                loc = xml.getElementText().trim();
            } else if (SitemapNames.isSitemapNs(ns) && SitemapNames.LASTMOD.equals(name)) {
                if (lastmodSeen) {
                    throw problems.error("more than one <lastmod>");
                }
                lastmodSeen = true;
                // getElementText (not the typed getElementAs) keeps Woodstox's limit on text split by comments
                lastmod.read(xml.getElementText().trim(), scratch);
            } else if (SitemapNames.isRsNs(ns) && SitemapNames.MD.equals(name)) {
                if (md.isPresent()) {
                    throw problems.error("more than one <rs:md>");
                }
                md.read(xml);
                xml.skipElement();
            } else if (SitemapNames.isRsNs(ns) && SitemapNames.LN.equals(name)) {
                nextLnBuffer().read(xml);
                xml.skipElement();
            } else {
                xml.skipElement();
            }
        }
        return buildEntry(sitemap);
    }

    private Entry buildEntry(boolean sitemap) throws DocumentException {
        if (loc == null) {
            throw problems.error("<" + (sitemap ? "sitemap" : "url") + "> has no <loc>");
        }
        if (loc.isEmpty()) {
            throw problems.error("<" + (sitemap ? "sitemap" : "url") + "> has an empty <loc>");
        }
        URI uri = problems.resolve(loc, "<loc>");
        Instant lastmodTime = lastmod.element(problems, "lastmod");
        Metadata metadata = md.build(problems);
        List<Link> entryLinks;
        if (lnCount == 0) {
            entryLinks = List.of();
        } else {
            links.clear();
            for (int i = 0; i < lnCount; i++) {
                links.add(lnBuffer.get(i).build(problems));
            }
            entryLinks = links; // Entry copies it
        }
        return new Entry(uri, lastmodTime, metadata, entryLinks, sitemap);
    }

    private LnAttributes nextLnBuffer() throws DocumentException {
        if (lnCount == MAX_LINKS_PER_ELEMENT) {
            throw problems.error("more than " + MAX_LINKS_PER_ELEMENT + " <rs:ln> in one entry");
        }
        if (lnCount == lnBuffer.size()) {
            lnBuffer.add(new LnAttributes(attributeValue, repeated));
        }
        return lnBuffer.get(lnCount++);
    }

    private static boolean isEntryElement(String ns, String name) {
        return SitemapNames.isSitemapNs(ns) && (SitemapNames.URL.equals(name) || SitemapNames.SITEMAP.equals(name));
    }

    /** A {@code <sitemap>} in a urlset (or the reverse) is still reported, flagged by its own element name. */
    private void checkEntryKind(boolean sitemap) {
        if (!mixedWarned && sitemap != (header.root() == RootElement.SITEMAPINDEX)) {
            mixedWarned = true;
            problems.warn("<" + (sitemap ? "sitemap" : "url") + "> inside <"
                    + (sitemap ? "urlset" : "sitemapindex") + ">; reported as " + (sitemap ? "an index" : "a list")
                    + " entry (further mixed entries not reported)");
        }
    }

    // ---- messages ------------------------------------------------------------------------------------------------

    private DocumentException wrap(XMLStreamException e) {
        Throwable cause = e.getNestedException() != null ? e.getNestedException() : e.getCause();
        if (cause instanceof CharConversionException) {
            return new DocumentException(documentUri, "not well-formed XML" + context()
                    + ": bytes that are not valid in the document's encoding: " + cause.getMessage(), e);
        }
        if (cause instanceof IOException && !(cause instanceof DocumentException)) {
            return new DocumentException(documentUri, "I/O error while reading the document" + context() + ": "
                    + cause, e);
        }
        return new DocumentException(documentUri, "not well-formed XML" + at(e.getLocation()) + context() + ": "
                + stripLocation(e.getMessage()), e);
    }

    private static XMLStreamException lazyCause(WstxLazyException e) {
        return e.getCause() instanceof XMLStreamException x ? x : new XMLStreamException(e.getMessage(), e);
    }

    /** Woodstox appends its own "at [row,col,system-id]" line; the message gives the location once, readably. */
    private static String stripLocation(String message) {
        if (message == null) {
            return "";
        }
        int cut = message.indexOf("\n at [");
        return (cut >= 0 ? message.substring(0, cut) : message).trim();
    }

    private static String at(Location location) {
        if (location == null || location.getLineNumber() < 0) {
            return "";
        }
        return " at line " + location.getLineNumber() + ", column " + location.getColumnNumber();
    }

    /** Where the reader is, for messages: the entry (number and loc when known), the header, or nothing. */
    private String where() {
        if (header == null) {
            return rootSeen ? "document-level elements" : null;
        }
        if (entryNumber == 0) {
            return null;
        }
        return "entry " + entryNumber + (loc == null ? "" : " <loc>" + Problems.shorten(loc) + "</loc>");
    }

    private String context() {
        String where = where();
        return where == null ? "" : " (" + where + ")";
    }

    /** Reports problems with the context of the entry (or header) being read. */
    private final class EntryProblems implements Problems {

        @Override
        public DocumentException error(String message) {
            String where = where();
            return new DocumentException(documentUri, (where == null ? "" : where + ": ") + message + near());
        }

        @Override
        public void warn(String message) {
            String where = where();
            warnings.accept((where == null ? "document" : where) + " of " + documentUri + ": " + message);
        }

        @Override
        public URI resolve(String reference, String what) throws DocumentException {
            URI fast = sameOrigin.parse(reference);
            if (fast != null) {
                return fast;
            }
            URI parsed = UriReferences.parse(reference);
            if (parsed == null) {
                throw error(what + " '" + Problems.shorten(reference) + "' is not a URI");
            }
            if (!parsed.toString().equals(reference)) {
                warn(what + " '" + Problems.shorten(reference) + "' contains characters not allowed in a URI; read as "
                        + Problems.shorten(parsed.toString()));
            } else if (parsed.isAbsolute()) {
                sameOrigin.learn(parsed, reference);
            }
            URI resolved = parsed.isAbsolute() || base == null ? parsed : base.resolve(parsed);
            if (!resolved.isAbsolute()) {
                throw error(what + " '" + Problems.shorten(reference) + "' is relative and the document URI (" + documentUri
                        + ") cannot serve as a base");
            }
            return resolved;
        }

        private String near() {
            Location location = xml.getLocation();
            return location == null || location.getLineNumber() < 0 ? "" : " (near line "
                    + location.getLineNumber() + ")";
        }
    }
}
