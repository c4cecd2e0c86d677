package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.harvest.NotifiedChanges;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * A ResourceSync Source on a loopback JDK HttpServer, rendered from an in-memory model on every request: Source
 * Description at {@code /.well-known/resourcesync}, a Capability List, a Resource List (or an index of lists), an open
 * Change List (or a Change List Index whose older lists are closed), and the resources under {@code /res/}. Documents
 * carry ETags and answer conditional GETs. Faults can be injected per path.
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

    private final HttpServer server;
    private final Map<String, Resource> resources = new TreeMap<>();
    private final List<Change> changes = new ArrayList<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private final Map<String, List<Integer>> faults = new ConcurrentHashMap<>();
    private final Map<String, byte[]> overrides = new ConcurrentHashMap<>();
    private final Map<String, java.util.Set<String>> history = new TreeMap<>();
    private Style style = Style.V1_1;
    private int resourceListParts = 1;
    private int changesPerList = 0;
    private boolean gzip;
    private boolean indexAsUrlset;
    private boolean literalXml;
    private Instant resourceListAt;
    private Instant changeListFrom;
    private Instant clock = Instant.parse("2024-01-01T00:00:00Z");

    public TestSource() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
        changeListFrom = clock;
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    public URI uri(String path) {
        return base().resolve(path.startsWith("/") ? path.substring(1) : path);
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
        this.gzip = g;
        return this;
    }

    /** Publish the Resource List Index as a {@code urlset} whose entries carry {@code capability="resourcelist"}. */
    public synchronized TestSource indexAsUrlset(boolean b) {
        this.indexAsUrlset = b;
        return this;
    }

    /**
     * Write the documents as text ({@link LiteralSitemaps}), sharing no code with the project's writer and reader,
     * instead of with the project's {@code SitemapWriter}: a bug the writer and the reader share cannot hide.
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

    /** The last {@code n} changes as the consumer's push side hands them to the harvester. */
    public NotifiedChanges notified(int n) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (SitemapDocument doc = new SitemapReader().open(new ByteArrayInputStream(changeNotification(n)),
                changeTopic())) {
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                entries.add(e);
            }
        }
        return new NotifiedChanges(changeTopic(), entries);
    }

    /** A framework notification: the Change List was updated. */
    public synchronized byte[] frameworkNotification() throws IOException {
        Metadata md = new Metadata("changelist", null, null, null, null, clock, null, "updated", null, null, null,
                null, null);
        return doc(RootElement.URLSET, md("framework-notification"), List.of(new Entry(uri("/changelist.xml"), null,
                md, null, false)));
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
        List<Integer> list = faults.computeIfAbsent(path, p -> new ArrayList<>());
        synchronized (list) {
            for (int i = 0; i < times; i++) {
                list.add(status);
            }
        }
    }

    /** Forgets every injected fault. */
    public void clearFaults() {
        faults.clear();
    }

    /** Serve these bytes at path instead of what the model says (e.g. to break fixity, or serve bad XML). */
    public void override(String path, String bytes) {
        overrides.put(path, bytes.getBytes(StandardCharsets.UTF_8));
    }

    public void clearOverride(String path) {
        overrides.remove(path);
    }

    public int requests(String path) {
        AtomicInteger n = requests.get(path);
        return n == null ? 0 : n.get();
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

    private void handle(HttpExchange ex) throws IOException {
        try {
            serve(ex);
        } catch (IOException | RuntimeException | Error e) {
            // the JDK server drops the connection silently; make a broken test Source visible
            e.printStackTrace();
            throw e;
        }
    }

    private void serve(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        try (ex) {
            Integer fault = nextFault(path);
            if (fault != null) {
                send(ex, fault, "text/plain", ("injected " + fault).getBytes(StandardCharsets.UTF_8), false);
                return;
            }
            byte[] override = overrides.get(path);
            if (override != null) {
                send(ex, 200, path.endsWith(".xml") || path.contains("well-known") ? "application/xml" : "text/plain",
                        override, false);
                return;
            }
            byte[] body;
            boolean document = true;
            synchronized (this) {
                body = render(path);
                if (body == null && path.startsWith("/res/")) {
                    Resource r = resources.get(path);
                    body = r == null ? null : r.bytes();
                    document = false;
                }
            }
            if (body == null) {
                send(ex, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8), false);
                return;
            }
            String etag = "\"" + HexFormat.of().formatHex(md5(body)) + "\"";
            ex.getResponseHeaders().set("ETag", etag);
            if (etag.equals(ex.getRequestHeaders().getFirst("If-None-Match"))) {
                ex.sendResponseHeaders(304, -1);
                return;
            }
            send(ex, 200, document ? "application/xml" : "text/plain", body, document && gzip);
        }
    }

    private Integer nextFault(String path) {
        List<Integer> list = faults.get(path);
        if (list == null) {
            return null;
        }
        synchronized (list) {
            return list.isEmpty() ? null : list.remove(0);
        }
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body, boolean gzip) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        if (gzip) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            try (GZIPOutputStream z = new GZIPOutputStream(buf)) {
                z.write(body);
            }
            body = buf.toByteArray();
            ex.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private byte[] render(String path) throws IOException {
        switch (path) {
            case "/.well-known/resourcesync":
                return doc(RootElement.URLSET, md("description"), List.of(cap("/capabilitylist.xml", "capabilitylist")));
            case "/capabilitylist.xml":
                return doc(RootElement.URLSET, md("capabilitylist"),
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

    private List<Entry> withChannels(List<Entry> entries) {
        if (hub == null) {
            return entries;
        }
        List<Entry> all = new ArrayList<>(entries);
        all.add(new Entry(changeTopic(), null, md("changelist-notification"), List.of(Link.of("hub", hub)), false));
        all.add(new Entry(frameworkTopic(), null, md("framework-notification"), List.of(Link.of("hub", hub)), false));
        return all;
    }

    private Metadata md(String capability) {
        return new Metadata(capability, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    private Entry cap(String path, String capability) {
        return literalXml ? new Entry(uri(path), null, md(capability), null, false)
                : SitemapWriter.capabilityEntry(uri(path), capability);
    }

    private byte[] resourceList(int part, int parts) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Resource> r : resources.entrySet()) {
            if (i++ % parts == part) {
                Resource res = r.getValue();
                entries.add(new Entry(uri(r.getKey()), res.lastmod(), fixity(res.bytes(), null, null), null, false));
            }
        }
        Metadata md = new Metadata("resourcelist", resourceListAt, null, null, null, null, null, null, null, null,
                null, null, null);
        return doc(RootElement.URLSET, md, entries);
    }

    private byte[] resourceListIndex() throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (int p = 0; p < resourceListParts; p++) {
            Metadata child = indexAsUrlset ? md("resourcelist") : Metadata.EMPTY;
            entries.add(new Entry(uri("/resourcelist-" + p + ".xml"), null, child, null, !indexAsUrlset));
        }
        Metadata md = new Metadata("resourcelist", resourceListAt, null, null, null, null, null, null, null, null,
                null, null, null);
        return doc(indexAsUrlset ? RootElement.URLSET : RootElement.SITEMAPINDEX, md, entries);
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
        List<Entry> entries = new ArrayList<>();
        for (int n = 0; n < lists.size(); n++) {
            boolean open = n == lists.size() - 1;
            Instant until = open ? null : listFrom(lists, n + 1);
            entries.add(new Entry(uri("/changelist-" + n + ".xml"), null, new Metadata(null, null, null,
                    listFrom(lists, n), until, null, null, null, null, null, null, null, null), null, true));
        }
        Metadata md = new Metadata("changelist", null, null, changeListFrom, null, null, null, null, null, null, null,
                null, null);
        return doc(RootElement.SITEMAPINDEX, md, entries);
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
        List<Entry> entries = new ArrayList<>();
        for (Change c : list) {
            Metadata md = c.bytes() == null
                    ? changeMd(c, null, null)
                    : changeMd(c, Hashes.of(Map.of("md5", hex(md5(c.bytes())), "sha-256", hex(sha256(c.bytes())))),
                            (long) c.bytes().length);
            entries.add(new Entry(uri(c.path()), c.datetime(), md, null, false));
        }
        Metadata md = new Metadata(capability, null, null, from, until, null, null, null, null, null, null, null,
                null);
        return doc(RootElement.URLSET, md, entries);
    }

    private Metadata changeMd(Change c, Hashes hash, Long length) {
        Instant datetime = style == Style.V1_1 ? c.datetime() : null;
        return new Metadata(null, null, null, null, null, datetime, null, c.change(), hash, length, null, null, null);
    }

    private Metadata fixity(byte[] bytes, String change, Instant datetime) {
        return new Metadata(null, null, null, null, null, datetime, null, change,
                Hashes.of(Map.of("md5", hex(md5(bytes)), "sha-256", hex(sha256(bytes)))), (long) bytes.length,
                "text/plain", null, null);
    }

    private byte[] doc(RootElement root, Metadata md, List<Entry> entries) throws IOException {
        List<Link> links = List.of(Link.of("up", uri("/capabilitylist.xml")));
        if (literalXml) {
            return LiteralSitemaps.document(root, md, links, entries);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SitemapWriter w = new SitemapWriter(out, root, md, links)) {
            for (Entry e : entries) {
                w.write(e);
            }
        }
        return out.toByteArray();
    }

    static byte[] md5(byte[] b) {
        return digest("MD5", b);
    }

    static byte[] sha256(byte[] b) {
        return digest("SHA-256", b);
    }

    private static byte[] digest(String alg, byte[] b) {
        try {
            return MessageDigest.getInstance(alg).digest(b);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
