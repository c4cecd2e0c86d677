package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.http.DocumentResponse;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpAnswer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * One validation's walk over the documents of a Source, depth first, each document read to its end and closed before
 * the documents it links are read (so a slow child never holds its parent's connection open).
 */
final class SourceWalk implements AutoCloseable {

    private static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    private static final String RS_NS = "http://www.openarchives.org/rs/terms/";
    private static final int SNIFF_BYTES = 4096;
    /** Documents are not visited twice (a Source whose documents link in a circle). Bounded by what a Source links. */
    private static final int MAX_DOCUMENTS = 1_000_000;

    /** Documents that must say {@code at} (archives need not: their entries carry the times). */
    private static final Set<Capability> SNAPSHOTS = EnumSet.of(Capability.RESOURCELIST, Capability.RESOURCEDUMP,
            Capability.RESOURCEDUMP_MANIFEST);
    /** Documents that must say {@code from}. */
    private static final Set<Capability> PERIODS = EnumSet.of(Capability.CHANGELIST, Capability.CHANGEDUMP,
            Capability.CHANGEDUMP_MANIFEST);

    private final HttpFetcher fetcher;
    private final ValidateOptions options;
    private final Findings findings;
    private final ValidationReport report;
    private final BooleanSupplier going;
    private final EntryChecks checks;
    private final List<String> warnings = new ArrayList<>();
    private final SitemapReader reader;
    private final ContentSample sample;
    private final ListedLocations listed;
    private final DumpCheck dumps;
    private final Set<URI> visited = new HashSet<>();
    private final List<PackageCheck> packages = new ArrayList<>();
    private final List<HubCheck> hubs = new ArrayList<>();
    private URI authority;
    private boolean stopped;

    SourceWalk(HttpFetcher fetcher, ValidateOptions options, Findings findings, ValidationReport report,
               BooleanSupplier going, Instant latest) throws IOException {
        this.fetcher = fetcher;
        this.options = options;
        this.findings = findings;
        this.report = report;
        this.going = going;
        this.checks = new EntryChecks(findings, latest);
        this.reader = Validator.reader(warnings::add);
        this.sample = new ContentSample(options.sample());
        this.listed = new ListedLocations(options.spoolDirectory());
        Path spool = options.spoolDirectory() != null ? options.spoolDirectory()
                : Path.of(System.getProperty("java.io.tmpdir"));
        this.dumps = new DumpCheck(fetcher, Validator.reader(w -> {
        }), findings, checks, spool);
    }

    /** @param follow whether to read the documents it links */
    void walk(URI top, boolean follow) {
        authority = top;
        visit(new Child(top, null, null, Child.Kind.TOP, null, null, -1), follow);
    }

    /** After the documents: the sampled contents, the packages, the hubs. @return whether all was done */
    boolean finish() {
        for (PackageCheck p : packages) {
            if (!going()) {
                break;
            }
            dumps.check(p.dump(), p.entry(), p.line());
        }
        for (HubCheck h : hubs) {
            if (!going()) {
                break;
            }
            hub(h);
        }
        sample.check(fetcher, findings, report, this::going);
        return going();
    }

    private boolean going() {
        if (!stopped && !going.getAsBoolean()) {
            stopped = true;
        }
        return !stopped;
    }

    // ---- one document

    private void visit(Child child, boolean follow) {
        if (!going() || visited.size() >= MAX_DOCUMENTS || !visited.add(child.uri())) {
            return;
        }
        URI previous = findings.enter(child.uri());
        List<Child> children = new ArrayList<>();
        try {
            read(child, children);
        } finally {
            findings.leave(previous);
        }
        if (follow) {
            for (Child c : children) {
                if (c.kind() == Child.Kind.CAPABILITY_LIST && isResourceList(c.expected())) {
                    listed.reset(); // duplicates are looked for within one Resource List and its index
                }
                visit(c, true);
            }
        }
    }

    private static boolean isResourceList(Capability c) {
        return c == Capability.RESOURCELIST;
    }

    private void read(Child child, List<Child> children) {
        URI uri = child.uri();
        warnings.clear();
        DocumentResponse response;
        try {
            response = fetcher.fetchDocument(uri, Validators.NONE);
        } catch (IOException e) {
            Rule rule = child.kind() == Child.Kind.CAPABILITY_LIST ? Rule.CAPABILITY_MISSING
                    : Rule.DOCUMENT_UNREACHABLE;
            String expected = child.expected() == null ? "the document" : "the " + child.expected().value()
                    + " document";
            findings.add(new Finding(uri, null, -1, rule, null, expected + " linked from " + child.parent(),
                    e.getMessage()));
            return;
        }
        Counting counted = new Counting(response.body());
        DocumentView view = null;
        try (response) {
            BufferedInputStream in = new BufferedInputStream(counted, SNIFF_BYTES * 2);
            in.mark(SNIFF_BYTES * 2);
            String head = new String(in.readNBytes(SNIFF_BYTES), StandardCharsets.UTF_8);
            in.reset();
            namespaces(response.uri(), head);
            try (SitemapDocument doc = reader.open(in, response.uri())) {
                view = new DocumentView(child, doc.header());
                pendingWarnings(response.uri(), null, -1);
                header(view);
                for (Entry e = doc.next(); e != null; e = doc.next()) {
                    entry(view, e, doc.line(), children);
                    if ((view.entries & 0x3FF) == 0 && !going()) {
                        break;
                    }
                }
                pendingWarnings(response.uri(), null, -1);
                end(view, counted.count, children);
            }
        } catch (DocumentException e) {
            pendingWarnings(uri, null, -1);
            Rule rule = ReaderWarnings.failure(String.valueOf(e.getMessage()) + causes(e));
            findings.add(new Finding(uri, null, -1, rule, null, rule.expects(), e.getMessage()));
        } catch (IOException e) {
            Rule rule = ReaderWarnings.failure(String.valueOf(e.getMessage()) + causes(e));
            findings.add(new Finding(uri, null, -1, rule == Rule.XML_WELL_FORMED ? Rule.DOCUMENT_UNREACHABLE : rule,
                    null, "the whole document", e.toString()));
        }
        report.documentRead(view == null ? 0 : view.entries);
    }

    private static String causes(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            sb.append(' ').append(t);
        }
        return sb.toString();
    }

    /** The namespaces as declared in the first bytes (the reader accepts the common slips; a validator names them). */
    private void namespaces(URI doc, String head) {
        if (!(head.contains("urlset") || head.contains("sitemapindex"))) {
            return;
        }
        if (!head.contains(SITEMAP_NS)) {
            findings.add(doc, null, -1, Rule.NAMESPACE, "the root element in the namespace " + SITEMAP_NS,
                    "no declaration of " + SITEMAP_NS + " in the document's first bytes");
        }
        if (head.contains("http://www.openarchives.org/rs/terms\"")
            || head.contains("http://www.openarchives.org/rs/terms'")) {
            findings.add(doc, null, -1, Rule.NAMESPACE, "the namespace " + RS_NS + " (with its slash)",
                    "http://www.openarchives.org/rs/terms (without the slash)");
        }
    }

    private void pendingWarnings(URI doc, String loc, long line) {
        for (String w : warnings) {
            String own = ownWords(w, doc);
            findings.add(doc, loc, line, ReaderWarnings.rule(own), "nothing to skip or repair", own);
        }
        warnings.clear();
    }

    /** The reader's message without its "entry N <loc>...</loc> of document:" prefix (the finding names those). */
    private static String ownWords(String warning, URI doc) {
        String marker = " of " + doc + ": ";
        int at = warning.indexOf(marker);
        return at < 0 ? warning : warning.substring(at + marker.length());
    }

    /** What is known of the document being read. */
    private static final class DocumentView {
        final Child child;
        final DocumentHeader header;
        final URI uri;
        final Capability capability;
        long entries;
        boolean rootReported;
        Instant lastChange;
        boolean orderReported;
        ChangeWindows windows;

        DocumentView(Child child, DocumentHeader header) {
            this.child = child;
            this.header = header;
            this.uri = header.uri();
            this.capability = header.capability();
        }

        boolean isIndex() {
            return header.isIndex();
        }
    }

    private void header(DocumentView v) {
        DocumentHeader h = v.header;
        Metadata md = h.md();
        URI uri = v.uri;
        Capability c = v.capability;
        if (md.capability() == null) {
            findings.add(uri, null, -1, Rule.CAPABILITY_ABSENT, "rs:md capability=\"...\" on the document",
                    "no capability");
        } else if (c == Capability.UNKNOWN) {
            findings.add(uri, null, -1, Rule.CAPABILITY_UNKNOWN, "capability \"" + md.capability() + "\"");
        }
        Capability expected = v.child.expected();
        if (expected != null && c != Capability.UNKNOWN && !accepts(expected, c)) {
            findings.add(uri, null, -1, Rule.CAPABILITY_MISMATCH, "capability " + expected.value() + " (as "
                    + v.child.parent() + " says)", "capability " + c.value());
        }
        if (h.isIndex() && (c == Capability.DESCRIPTION || c == Capability.CAPABILITYLIST)) {
            findings.add(uri, null, -1, Rule.ROOT_ELEMENT, "<urlset> for a " + c.value(), "<sitemapindex>");
            v.rootReported = true;
        }
        links(v);
        if (SNAPSHOTS.contains(c) && md.at() == null) {
            if (md.modified() != null) {
                findings.add(new Finding(uri, null, -1, Rule.REQUIRED_ATTRIBUTE, Severity.INFO, "rs:md at (1.0+)",
                        "the 0.9 beta modified=\"" + md.modified() + "\" instead"));
            } else {
                findings.add(uri, null, -1, Rule.REQUIRED_ATTRIBUTE, "rs:md at=\"...\" on a " + c.value(), "no at");
            }
        }
        if (SNAPSHOTS.contains(c) && md.at() != null && md.completed() == null) {
            findings.add(uri, null, -1, Rule.COMPLETED_ABSENT, "no completed");
        }
        if (PERIODS.contains(c) && md.from() == null && md.modified() == null) {
            findings.add(uri, null, -1, Rule.REQUIRED_ATTRIBUTE, "rs:md from=\"...\" on a " + c.value(),
                    "no from (a harvester that requires it skips this list)");
        }
        if (md.from() != null && md.until() != null && md.from().isAfter(md.until())) {
            findings.add(uri, null, -1, Rule.TIME_ORDER, "from <= until", "from " + md.from() + " is after until "
                    + md.until());
        }
        if (md.at() != null && md.completed() != null && md.completed().isBefore(md.at())) {
            findings.add(uri, null, -1, Rule.TIME_ORDER, "completed >= at", "completed " + md.completed()
                    + " is before at " + md.at());
        }
        checks.notInFuture(uri, null, -1, "rs:md at", md.at());
        checks.notInFuture(uri, null, -1, "rs:md completed", md.completed());
        checks.notInFuture(uri, null, -1, "rs:md from", md.from());
        checks.notInFuture(uri, null, -1, "rs:md until", md.until());
        Child child = v.child;
        if (child.kind() == Child.Kind.INDEX && child.from() != null) {
            if (!child.from().equals(md.from()) || child.until() != null && !child.until().equals(md.until())) {
                findings.add(uri, null, -1, Rule.WINDOW_MISMATCH, "from " + child.from() + " until " + child.until()
                        + " as the index " + child.parent() + " says", "from " + md.from() + " until " + md.until());
            }
        }
        if (PERIODS.contains(c) && h.isIndex() || c == Capability.CHANGELIST_ARCHIVE
            || c == Capability.CHANGEDUMP_ARCHIVE) {
            v.windows = new ChangeWindows();
        }
    }

    /** up and index links of the document, against where it was reached from. */
    private void links(DocumentView v) {
        Child child = v.child;
        Link up = v.header.link("up");
        Capability c = v.capability;
        if (child.kind() == Child.Kind.DESCRIPTION || child.kind() == Child.Kind.CAPABILITY_LIST) {
            String parentKind = child.kind() == Child.Kind.DESCRIPTION ? "Source Description" : "Capability List";
            if (up == null && c != Capability.DESCRIPTION) {
                findings.add(v.uri, null, -1, Rule.UP_LINK, "<rs:ln rel=\"up\" href=\"" + child.parent() + "\"/> (its "
                        + parentKind + ")", "no up link");
            } else if (up != null && !up.href().equals(child.parent())) {
                findings.add(v.uri, null, -1, Rule.UP_LINK, "rel=\"up\" to its " + parentKind + " " + child.parent(),
                        "rel=\"up\" to " + up.href());
            }
        }
        Link index = v.header.link("index");
        if (child.kind() == Child.Kind.INDEX && index != null && !index.href().equals(child.parent())) {
            findings.add(v.uri, null, -1, Rule.INDEX_LINK, "rel=\"index\" to " + child.parent(),
                    "rel=\"index\" to " + index.href());
        }
    }

    /** Whether a document saying {@code actual} may stand where {@code expected} was announced. */
    private static boolean accepts(Capability expected, Capability actual) {
        if (expected == actual) {
            return true;
        }
        return switch (expected) {
            case DESCRIPTION -> actual == Capability.RESOURCESYNC || actual == Capability.CAPABILITYLIST;
            case RESOURCESYNC -> actual == Capability.DESCRIPTION;
            default -> false;
        };
    }

    // ---- entries

    private void entry(DocumentView v, Entry e, long line, List<Child> children) {
        v.entries++;
        URI doc = v.uri;
        String loc = e.loc().toString();
        pendingWarnings(doc, loc, line);
        if (v.entries == ValidateOptions.SITEMAP_MAX_ENTRIES + 1) {
            findings.add(doc, loc, line, Rule.ENTRY_LIMIT, "more than " + ValidateOptions.SITEMAP_MAX_ENTRIES
                    + " entries");
        }
        if (!EntryChecks.sameAuthority(e.loc(), authority)) {
            findings.add(doc, loc, line, Rule.OUTSIDE_AUTHORITY, "a location on " + authority.getRawAuthority()
                    + " (the Source's host)", loc);
        }
        Metadata md = e.md();
        checks.notInFuture(doc, loc, line, "<lastmod>", e.lastmod());
        checks.notInFuture(doc, loc, line, "rs:md datetime", md.datetime());
        checks.notInFuture(doc, loc, line, "rs:md at", md.at());
        checks.notInFuture(doc, loc, line, "rs:md from", md.from());
        checks.notInFuture(doc, loc, line, "rs:md until", md.until());
        if (md.from() != null && md.until() != null && md.from().isAfter(md.until())) {
            findings.add(doc, loc, line, Rule.TIME_ORDER, "from <= until", "from " + md.from() + " is after until "
                    + md.until());
        }
        checks.hashes(doc, loc, line, md.hash());
        for (Link l : e.links()) {
            checks.hashes(doc, loc, line, l.hash());
        }
        Capability c = v.capability;
        switch (c) {
            case DESCRIPTION, RESOURCESYNC -> children.add(new Child(e.loc(), Capability.CAPABILITYLIST, doc,
                    Child.Kind.DESCRIPTION, null, null, line));
            case CAPABILITYLIST -> capabilityListEntry(v, e, line, children);
            default -> {
                if (v.isIndex() || e.sitemap() || md.capability() != null || isArchive(c)) {
                    indexEntry(v, e, line, children);
                } else {
                    listEntry(v, e, line, children);
                }
            }
        }
    }

    private static boolean isArchive(Capability c) {
        return c == Capability.RESOURCELIST_ARCHIVE || c == Capability.CHANGELIST_ARCHIVE
               || c == Capability.RESOURCEDUMP_ARCHIVE || c == Capability.CHANGEDUMP_ARCHIVE;
    }

    private void capabilityListEntry(DocumentView v, Entry e, long line, List<Child> children) {
        String loc = e.loc().toString();
        Metadata md = e.md();
        Capability c = md.capabilityType();
        if (md.capability() == null) {
            findings.add(v.uri, loc, line, Rule.CAPABILITY_ABSENT, "rs:md capability=\"...\" on each entry of a"
                    + " Capability List", "no capability");
            return;
        }
        if (c == Capability.UNKNOWN) {
            findings.add(v.uri, loc, line, Rule.CAPABILITY_UNKNOWN, "capability \"" + md.capability() + "\"");
            return;
        }
        Link hub = e.link("hub");
        if (c == Capability.FRAMEWORK_NOTIFICATION || c == Capability.CHANGELIST_NOTIFICATION || hub != null) {
            hubs.add(new HubCheck(v.uri, e.loc(), hub == null ? null : hub.href(), line));
            return;
        }
        children.add(new Child(e.loc(), c, v.uri, Child.Kind.CAPABILITY_LIST, null, null, line));
    }

    private void indexEntry(DocumentView v, Entry e, long line, List<Child> children) {
        Capability c = v.capability;
        if (!v.isIndex() && !v.rootReported && !isArchive(c) && (e.sitemap() || md(e) == c)) {
            v.rootReported = true;
            findings.add(v.uri, e.loc().toString(), line, Rule.ROOT_ELEMENT, "<sitemapindex> for an index of "
                    + c.value() + " documents", "<urlset> whose entries are " + c.value() + " documents");
        }
        Capability expected = switch (c) {
            case RESOURCELIST_ARCHIVE -> Capability.RESOURCELIST;
            case CHANGELIST_ARCHIVE -> Capability.CHANGELIST;
            case RESOURCEDUMP_ARCHIVE -> Capability.RESOURCEDUMP;
            case CHANGEDUMP_ARCHIVE -> Capability.CHANGEDUMP;
            default -> c;
        };
        Child child = new Child(e.loc(), expected, v.uri, Child.Kind.INDEX, e.md().from(), e.md().until(), line);
        if (v.windows != null) {
            v.windows.add(child);
        }
        children.add(child);
    }

    private static Capability md(Entry e) {
        return e.md().capabilityType();
    }

    private void listEntry(DocumentView v, Entry e, long line, List<Child> children) {
        String loc = e.loc().toString();
        Metadata md = e.md();
        switch (v.capability) {
            case RESOURCELIST -> {
                String first = listed.add(loc, v.uri.toString());
                if (first != null) {
                    findings.add(v.uri, loc, line, Rule.DUPLICATE_LOC, "each resource listed once",
                            "listed before in " + first);
                }
                sample.offer(e, v.uri, line, snapshotTime(v, e), false);
            }
            case CHANGELIST -> {
                change(v, e, line);
                sample.offer(e, v.uri, line, e.changeTime(), md.changeType() == ChangeType.DELETED);
            }
            case CHANGELIST_NOTIFICATION, FRAMEWORK_NOTIFICATION -> change(v, e, line);
            case RESOURCEDUMP, CHANGEDUMP -> {
                Link contents = e.link("contents");
                if (contents == null) {
                    findings.add(v.uri, loc, line, Rule.DUMP_CONTENTS_LINK, "no rs:ln rel=\"contents\" (a harvester"
                            + " must download the package to learn what is in it)");
                } else {
                    children.add(new Child(contents.href(), v.capability == Capability.RESOURCEDUMP
                            ? Capability.RESOURCEDUMP_MANIFEST : Capability.CHANGEDUMP_MANIFEST, v.uri,
                            Child.Kind.MANIFEST, null, null, line));
                }
                if (packages.size() < Math.max(1, options.sample() / 10)) {
                    packages.add(new PackageCheck(v.uri, e, line));
                }
                // a Change Dump's entries are packages (from/until, type, length), not changes: the changes are
                // in their manifests (ResourceSync 1.1 §13.1)
            }
            case RESOURCEDUMP_MANIFEST, CHANGEDUMP_MANIFEST -> {
                boolean deletion = md.changeType() == ChangeType.DELETED;
                DumpCheck.manifestEntry(findings, v.uri, e, line, deletion);
                if (v.capability == Capability.CHANGEDUMP_MANIFEST) {
                    change(v, e, line);
                    sample.offer(e, v.uri, line, e.changeTime(), deletion);
                } else {
                    sample.offer(e, v.uri, line, snapshotTime(v, e), false);
                }
            }
            default -> {
                // other documents carry resources this validator has no more rules for
            }
        }
    }

    /** When a snapshot's entry holds: the snapshot's at (its lastmod says only when the resource last changed). */
    private static Instant snapshotTime(DocumentView v, Entry e) {
        Instant at = v.header.md().at();
        return at != null ? at : e.lastmod();
    }

    private void change(DocumentView v, Entry e, long line) {
        String loc = e.loc().toString();
        Metadata md = e.md();
        if (md.change() == null) {
            findings.add(v.uri, loc, line, Rule.CHANGE_TYPE, "change=\"created|updated|deleted\"", "no change");
        } else if (md.changeType() == null) {
            findings.add(v.uri, loc, line, Rule.CHANGE_TYPE, "change=\"" + md.change() + "\"");
        }
        Instant time = e.changeTime();
        if (time == null) {
            findings.add(new Finding(v.uri, loc, line, Rule.CHANGE_DATETIME, Severity.ERROR,
                    "rs:md datetime (1.1), or at least <lastmod>", "no time: the change cannot be ordered"));
        } else if (md.datetime() == null) {
            findings.add(new Finding(v.uri, loc, line, Rule.CHANGE_DATETIME, Severity.INFO,
                    "rs:md datetime (1.1) on each change", "only <lastmod> (1.0 style)"));
        }
        if (time != null) {
            if (v.lastChange != null && time.isBefore(v.lastChange) && !v.orderReported) {
                v.orderReported = true;
                findings.add(v.uri, loc, line, Rule.CHANGE_ORDER, "changes in time order", time + " comes after "
                        + v.lastChange + " (reported once per list)");
            }
            if (v.lastChange == null || time.isAfter(v.lastChange)) {
                v.lastChange = time;
            }
        }
    }

    private void end(DocumentView v, long bytes, List<Child> children) {
        if (bytes > ValidateOptions.SITEMAP_MAX_BYTES) {
            findings.add(v.uri, null, -1, Rule.SIZE_LIMIT, bytes + " bytes uncompressed");
        }
        if ((v.capability == Capability.DESCRIPTION || v.capability == Capability.RESOURCESYNC)
            && v.entries == 0) {
            findings.add(v.uri, null, -1, Rule.DESCRIPTION_EMPTY, "no Capability List");
        }
        if (v.windows != null) {
            v.windows.check(v.uri, findings);
        }
    }

    // ---- notifications

    /** A package of a dump, checked after the documents (a bounded number of them: downloads are costly). */
    private record PackageCheck(URI dump, Entry entry, long line) {
    }

    /** A notification channel of a Capability List: its topic and hub. */
    private record HubCheck(URI parent, URI topic, URI hub, long line) {
    }

    private void hub(HubCheck channel) {
        URI hub = channel.hub();
        if (hub == null) {
            findings.add(channel.parent(), String.valueOf(channel.topic()), channel.line(), Rule.NOTIFICATION_HUB,
                    "<rs:ln rel=\"hub\" href=\"...\"/> on the channel", "no hub link");
            return;
        }
        try {
            HttpAnswer answer = fetcher.send("GET", hub, null, Map.of());
            if (answer.status() == 404 || answer.status() == 410 || answer.status() >= 500) {
                findings.add(channel.parent(), String.valueOf(channel.topic()), channel.line(),
                        Rule.NOTIFICATION_HUB, "a hub that answers", "the hub " + hub + " answered "
                        + answer.status());
            }
        } catch (FetchException e) {
            findings.add(channel.parent(), String.valueOf(channel.topic()), channel.line(), Rule.NOTIFICATION_HUB,
                    "a hub that answers", e.getMessage());
        } catch (IOException e) {
            findings.add(channel.parent(), String.valueOf(channel.topic()), channel.line(), Rule.NOTIFICATION_HUB,
                    "a hub that answers", e.toString());
        }
    }

    @Override
    public void close() {
        listed.close();
    }

    /** Counts the (decompressed) bytes of a document. */
    private static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
