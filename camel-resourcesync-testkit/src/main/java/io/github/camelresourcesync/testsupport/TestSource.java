package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.camelresourcesync.testsupport.SitemapXml.Attributes;
import io.github.camelresourcesync.testsupport.SitemapXml.Layout;
import io.github.camelresourcesync.testsupport.SitemapXml.Url;
import io.github.camelresourcesync.testsupport.SourceServer.Answer;

/**
 * A ResourceSync Source on a loopback JDK HttpServer, rendered from an in-memory model on every request: Source
 * Description at {@code /.well-known/resourcesync}, a Capability List, a Resource List (or an index of lists), an open
 * Change List (or a Change List Index whose older lists are closed), and the resources under {@code /res/}. Documents
 * carry ETags and answer conditional GETs. Faults can be injected per path. Served by {@link SourceServer}, written
 * by {@link SitemapXml}: nothing of the component renders what its reader is tested with.
 */
public final class TestSource implements AutoCloseable {

    /** How documents are written. */
    public enum Style {
        /** 1.1: {@code datetime} on changes, {@code at} on resource lists. */
        V1_1,
        /** 1.0: change time in {@code lastmod}, no {@code datetime}. */
        V1_0
    }

    private record Resource(byte[] bytes, Instant lastmod) {
    }

    private record Change(String path, String change, Instant datetime, byte[] bytes) {
    }

    private final SourceServer server;
    private final URI base;
    private final Map<String, Resource> resources = new TreeMap<>();
    private final List<Change> changes = new ArrayList<>();
    private final Map<String, java.util.Set<String>> history = new TreeMap<>();
    private Style style = Style.V1_1;
    private int resourceListParts = 1;
    private int changesPerList = 0;
    private boolean indexAsUrlset;
    private boolean literalXml;
    private Instant resourceListAt;
    private Instant changeListFrom;
    private Instant clock = Instant.parse("2024-01-01T00:00:00Z");

    public TestSource() throws IOException {
        server = SourceServer.builder().threadName("test-source").start(this::answer);
        base = server.base();
        changeListFrom = clock;
    }

    /**
     * A Source under {@code base} (ending in {@code /}) of a server shared by many Sources, whose {@link SourceServer.Site}
     * hands it the paths below {@code base} through {@link #answer}; faults and request counts need a server of its
     * own.
     */
    public TestSource(URI base) {
        server = null;
        this.base = base;
        changeListFrom = clock;
    }

    public URI base() {
        return base;
    }

    public URI uri(String path) {
        return base.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    public synchronized TestSource style(Style s) {
        this.style = s;
        return this;
    }

    /** Split the Resource List into this many lists behind a Resource List Index. */
    public synchronized TestSource resourceListParts(int n) {
        this.resourceListParts = n;
        return this;
    }

    /** Rotate Change Lists every n changes behind a Change List Index (0: one open Change List). */
    public synchronized TestSource changesPerList(int n) {
        this.changesPerList = n;
        return this;
    }

    /** Serve lists gzip-compressed (Content-Encoding: gzip). */
    public synchronized TestSource gzip(boolean g) {
        server.gzipDocuments(g);
        return this;
    }

    /** Publish the Resource List Index as a {@code urlset} whose entries carry {@code capability="resourcelist"}. */
    public synchronized TestSource indexAsUrlset(boolean b) {
        this.indexAsUrlset = b;
        return this;
    }

    /**
     * Write the documents in {@link Layout#LITERAL} layout (single quotes, one element per indented line, an
     * {@code rs:md} on every entry) instead of {@link Layout#COMPACT}: the reader must not depend on either.
     */
    public synchronized TestSource literalXml(boolean b) {
        this.literalXml = b;
        return this;
    }

    private boolean frozen;

    private URI hub;

    /** Advertise notification channels (change and framework) with this hub in the Capability List. */
    public synchronized TestSource hub(URI h) {
        this.hub = h;
        return this;
    }

    /** The change notification channel (topic) this Source advertises. */
    public URI changeTopic() {
        return uri("/notification/changelist.xml");
    }

    /** The framework notification channel (topic) this Source advertises. */
    public URI frameworkTopic() {
        return uri("/notification/framework.xml");
    }

    /**
     * A change notification payload for the last {@code n} changes, as a Source posts to its hub; also what the
     * change topic serves (for hubs that fetch it).
     */
    public synchronized byte[] changeNotification(int n) throws IOException {
        List<Change> last = changes.subList(Math.max(0, changes.size() - n), changes.size());
        return changeList(last, null, null, "changelist-notification");
    }

    /** A framework notification: the Change List was updated. */
    public synchronized byte[] frameworkNotification() throws IOException {
        Attributes md = Attributes.of("capability", "changelist", "datetime", clock, "change", "updated");
        return doc(false, md("framework-notification"), List.of(new Url(uri("/changelist.xml"), null, md)));
    }

    /** Advances the Source's clock (times of changes) by seconds, unless it is frozen. */
    public synchronized Instant tick(long seconds) {
        if (!frozen) {
            clock = clock.plusSeconds(seconds);
        }
        return clock;
    }

    /** While frozen, changes share one timestamp (as a Source with second precision and a busy second has). */
    public synchronized TestSource freezeClock(boolean freeze) {
        this.frozen = freeze;
        return this;
    }

    /** Adds a resource as part of the initial state: no Change List entry. */
    public synchronized TestSource put(String path, String content) {
        resources.put(path, new Resource(content.getBytes(StandardCharsets.UTF_8), tick(1)));
        history.computeIfAbsent(path, p -> new java.util.HashSet<>()).add(content);
        resourceListAt = clock;
        changeListFrom = clock;
        return this;
    }

    /** A change: creates or updates the resource and lists it in the Change List. */
    public synchronized Instant change(String path, String content) {
        Instant t = tick(1);
        String kind = resources.containsKey(path) ? "updated" : "created";
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        resources.put(path, new Resource(bytes, t));
        history.computeIfAbsent(path, p -> new java.util.HashSet<>()).add(content);
        changes.add(new Change(path, kind, t, bytes));
        return t;
    }

    /** A change: deletes the resource and lists the deletion. */
    public synchronized Instant delete(String path) {
        Instant t = tick(1);
        resources.remove(path);
        changes.add(new Change(path, "deleted", t, null));
        return t;
    }

    /** Re-snapshots the Resource List now (its {@code at}) and drops changes before it from the Change Lists. */
    public synchronized void compactChanges() {
        resourceListAt = clock;
        changeListFrom = clock;
        changes.clear();
    }

    /** The next {@code times} requests of {@code path} answer {@code status}. */
    public void fail(String path, int status, int times) {
        server.fail(path, status, times);
    }

    /** Forgets every injected fault. */
    public void clearFaults() {
        server.clearFaults();
    }

    /** Serve these bytes at path instead of what the model says (e.g. to break fixity, or serve bad XML). */
    public void override(String path, String bytes) {
        server.override(path, bytes.getBytes(StandardCharsets.UTF_8));
    }

    public void clearOverride(String path) {
        server.clearOverride(path);
    }

    public int requests(String path) {
        return server.requests(path);
    }

    /** Every content each path ever had ({@link #put} and {@link #change}, not overrides): path to contents. */
    public synchronized Map<String, java.util.Set<String>> history() {
        Map<String, java.util.Set<String>> m = new TreeMap<>();
        history.forEach((p, v) -> m.put(p, java.util.Set.copyOf(v)));
        return m;
    }

    /** The Source's resources now: path to content. */
    public synchronized Map<String, String> snapshot() {
        Map<String, String> m = new TreeMap<>();
        resources.forEach((p, r) -> m.put(p, new String(r.bytes(), StandardCharsets.UTF_8)));
        return m;
    }

    /** What this Source serves at {@code path} (relative to its base, e.g. {@code /capabilitylist.xml}); null: 404. */
    public synchronized Answer answer(String path) throws IOException {
        byte[] document = render(path);
        if (document != null) {
            return Answer.document(document);
        }
        Resource r = path.startsWith("/res/") ? resources.get(path) : null;
        return r == null ? null : Answer.bytes(r.bytes(), "text/plain");
    }

    private byte[] render(String path) throws IOException {
        switch (path) {
            case "/.well-known/resourcesync":
                return doc(false, md("description"), List.of(cap("/capabilitylist.xml", "capabilitylist")));
            case "/capabilitylist.xml":
                return doc(false, md("capabilitylist"),
                        withChannels(List.of(cap(resourceListParts > 1 ? "/resourcelist-index.xml"
                                : "/resourcelist.xml", "resourcelist"),
                                cap(changesPerList > 0 ? "/changelist-index.xml" : "/changelist.xml", "changelist"))));
            case "/notification/changelist.xml":
                return changeNotification(1);
            case "/resourcelist.xml":
                return resourceList(0, 1);
            case "/resourcelist-index.xml":
                return resourceListIndex();
            case "/changelist.xml":
                return changeList(changes, changeListFrom, null);
            case "/changelist-index.xml":
                return changeListIndex();
            default:
                if (path.startsWith("/resourcelist-") && path.endsWith(".xml")) {
                    int part = Integer.parseInt(path.substring("/resourcelist-".length(), path.length() - 4));
                    return resourceList(part, resourceListParts);
                }
                if (path.startsWith("/changelist-") && path.endsWith(".xml")) {
                    int n = Integer.parseInt(path.substring("/changelist-".length(), path.length() - 4));
                    return changeListPart(n);
                }
                return null;
        }
    }

    private List<Url> withChannels(List<Url> entries) {
        if (hub == null) {
            return entries;
        }
        List<Url> all = new ArrayList<>(entries);
        all.add(new Url(changeTopic(), null, md("changelist-notification"), List.of(SitemapXml.link("hub", hub))));
        all.add(new Url(frameworkTopic(), null, md("framework-notification"), List.of(SitemapXml.link("hub", hub))));
        return all;
    }

    private static Attributes md(String capability) {
        return SitemapXml.capability(capability);
    }

    private Url cap(String path, String capability) {
        return new Url(uri(path), null, md(capability));
    }

    private byte[] resourceList(int part, int parts) throws IOException {
        List<Url> entries = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Resource> r : resources.entrySet()) {
            if (i++ % parts == part) {
                Resource res = r.getValue();
                entries.add(new Url(uri(r.getKey()), res.lastmod(), fixity(res.bytes()).with("type", "text/plain")));
            }
        }
        return doc(false, Attributes.of("capability", "resourcelist", "at", resourceListAt), entries);
    }

    private byte[] resourceListIndex() throws IOException {
        List<Url> entries = new ArrayList<>();
        for (int p = 0; p < resourceListParts; p++) {
            Attributes child = indexAsUrlset ? md("resourcelist") : Attributes.NONE;
            entries.add(new Url(uri("/resourcelist-" + p + ".xml"), null, child));
        }
        return doc(!indexAsUrlset, Attributes.of("capability", "resourcelist", "at", resourceListAt), entries);
    }

    private List<List<Change>> changeLists() {
        List<List<Change>> lists = new ArrayList<>();
        for (int i = 0; i < changes.size(); i += changesPerList) {
            lists.add(changes.subList(i, Math.min(changes.size(), i + changesPerList)));
        }
        if (lists.isEmpty() || lists.get(lists.size() - 1).size() == changesPerList) {
            lists.add(List.of());
        }
        return lists;
    }

    private Instant listFrom(List<List<Change>> lists, int n) {
        return n == 0 ? changeListFrom : lists.get(n - 1).get(lists.get(n - 1).size() - 1).datetime();
    }

    private byte[] changeListIndex() throws IOException {
        List<List<Change>> lists = changeLists();
        List<Url> entries = new ArrayList<>();
        for (int n = 0; n < lists.size(); n++) {
            boolean open = n == lists.size() - 1;
            Instant until = open ? null : listFrom(lists, n + 1);
            entries.add(new Url(uri("/changelist-" + n + ".xml"), null,
                    Attributes.of("from", listFrom(lists, n), "until", until)));
        }
        return doc(true, Attributes.of("capability", "changelist", "from", changeListFrom), entries);
    }

    private byte[] changeListPart(int n) throws IOException {
        List<List<Change>> lists = changeLists();
        if (n >= lists.size()) {
            return null;
        }
        boolean open = n == lists.size() - 1;
        return changeList(lists.get(n), listFrom(lists, n), open ? null : listFrom(lists, n + 1));
    }

    private byte[] changeList(List<Change> list, Instant from, Instant until) throws IOException {
        return changeList(list, from, until, "changelist");
    }

    private byte[] changeList(List<Change> list, Instant from, Instant until, String capability) throws IOException {
        List<Url> entries = new ArrayList<>();
        for (Change c : list) {
            Attributes md = Attributes.of("datetime", style == Style.V1_1 ? c.datetime() : null, "change", c.change());
            if (c.bytes() != null) {
                md = md.hash(digests(c.bytes())).with("length", c.bytes().length);
            }
            entries.add(new Url(uri(c.path()), c.datetime(), md));
        }
        return doc(false, Attributes.of("capability", capability, "from", from, "until", until), entries);
    }

    private static Attributes fixity(byte[] bytes) {
        return Attributes.NONE.hash(digests(bytes)).with("length", bytes.length);
    }

    /** md5 and sha-256 of the bytes, as a Source lists them. */
    public static Map<String, String> digests(byte[] bytes) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("md5", hex(md5(bytes)));
        d.put("sha-256", hex(sha256(bytes)));
        return d;
    }

    private byte[] doc(boolean index, Attributes md, List<Url> entries) {
        return SitemapXml.document(index, literalXml ? Layout.LITERAL : Layout.COMPACT, md,
                List.of(SitemapXml.link("up", uri("/capabilitylist.xml"))), entries);
    }

    public static byte[] md5(byte[] b) {
        return SourceServer.digest("MD5", b);
    }

    public static byte[] sha256(byte[] b) {
        return SourceServer.digest("SHA-256", b);
    }

    public static String hex(byte[] b) {
        return SourceServer.hex(b);
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
