package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * A loopback ResourceSync Source that publishes dumps and archives, rendered from an in-memory model on every request:
 * Resource Dump (packages of {@link #perPackage} resources, optionally with a manifest index), Change Dump (packages of
 * the current period's changes), and, when enabled, Resource List and Change List. {@link #rotate()} closes the
 * current period: its Change List and Change Dump move to the {@code changelist-archive} and
 * {@code changedump-archive}, and the current ones start afresh. Packages are real ZIP files, byte-identical for the
 * same content (fixed entry times), so their hashes hold between the dump document and the package request.
 */
public final class DumpSource implements AutoCloseable {

    private record Change(String path, String change, Instant datetime, byte[] bytes) {
    }

    private record Period(Instant from, Instant until, List<Change> changes) {
    }

    private final SourceServer server;
    private final Map<String, byte[]> resources = new TreeMap<>();
    private final Map<String, Instant> lastmods = new TreeMap<>();
    private final List<Period> archived = new ArrayList<>();
    private List<Change> changes = new ArrayList<>();
    private final Map<String, byte[]> packageOverrides = new ConcurrentHashMap<>();
    private final Map<String, byte[]> servedOverrides = new ConcurrentHashMap<>();
    private Instant clock = Instant.parse("2024-01-01T00:00:00Z");
    private Instant periodFrom = clock;
    private boolean lists = true;
    private boolean dumps = true;
    private boolean archives = true;
    private boolean manifestIndex;
    private boolean manifestLinks = true;
    private boolean snapshotArchivedOnly;
    private int perPackage = 1000;

    public DumpSource() throws IOException {
        server = SourceServer.builder().threadName("dump-source").start(this::answer);
    }

    public URI base() {
        return server.base();
    }

    public URI uri(String path) {
        return server.uri(path);
    }

    /** Publish Resource List and Change List too (default true). */
    public synchronized DumpSource lists(boolean v) {
        lists = v;
        return this;
    }

    /** Publish Resource Dump and Change Dump (default true). */
    public synchronized DumpSource dumps(boolean v) {
        dumps = v;
        return this;
    }

    /** Publish the archives in the Capability List (default true). */
    public synchronized DumpSource archives(boolean v) {
        archives = v;
        return this;
    }

    /** The Capability List advertises no current Resource Dump, only a {@code resourcedump-archive} holding it. */
    public synchronized DumpSource snapshotArchivedOnly(boolean v) {
        snapshotArchivedOnly = v;
        return this;
    }

    /** Resources (or changes) per package. */
    public synchronized DumpSource perPackage(int n) {
        perPackage = n;
        return this;
    }

    /** Each package's {@code manifest.xml} is a manifest index over two manifests in the package. */
    public synchronized DumpSource manifestIndex(boolean v) {
        manifestIndex = v;
        return this;
    }

    /** The Source's clock: the time of its latest change or document. */
    public synchronized Instant now() {
        return clock;
    }

    /** Package entries link their manifest ({@code rs:ln rel="contents"}, served on its own) (default true). */
    public synchronized DumpSource manifestLinks(boolean v) {
        manifestLinks = v;
        return this;
    }

    private Instant tick() {
        clock = clock.plusSeconds(1);
        return clock;
    }

    /** A resource of the initial state (no change recorded). */
    public synchronized DumpSource put(String path, String content) {
        resources.put(path, content.getBytes(StandardCharsets.UTF_8));
        lastmods.put(path, tick());
        periodFrom = clock;
        return this;
    }

    public synchronized Instant change(String path, String content) {
        Instant t = tick();
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        changes.add(new Change(path, resources.containsKey(path) ? "updated" : "created", t, bytes));
        resources.put(path, bytes);
        lastmods.put(path, t);
        return t;
    }

    public synchronized Instant delete(String path) {
        Instant t = tick();
        changes.add(new Change(path, "deleted", t, null));
        resources.remove(path);
        lastmods.remove(path);
        return t;
    }

    /** Closes the current period: its Change List and Change Dump go to the archives. */
    public synchronized void rotate() {
        Instant t = tick();
        archived.add(new Period(periodFrom, t, changes));
        changes = new ArrayList<>();
        periodFrom = t;
    }

    /**
     * Serves {@code zip} as the package at {@code path}, listed with its own length and hash: the package passes its
     * download check, so what is tested is what is inside.
     */
    public void replacePackage(String path, byte[] zip) {
        packageOverrides.put(path, zip);
    }

    /** Serves these bytes at {@code path}, while documents still list what the model says. */
    public void serveInstead(String path, byte[] bytes) {
        servedOverrides.put(path, bytes);
    }

    public int requests(String path) {
        return server.requests(path);
    }

    public int totalRequests() {
        return server.totalRequests();
    }

    public synchronized Map<String, String> snapshot() {
        Map<String, String> m = new TreeMap<>();
        resources.forEach((p, b) -> m.put(p, new String(b, StandardCharsets.UTF_8)));
        return m;
    }

    /** Served by {@link SourceServer}: ETags and 304s, 404 for what the model lacks. */
    private SourceServer.Answer answer(String path) throws IOException {
        byte[] body = servedOverrides.get(path);
        if (body == null) {
            synchronized (this) {
                body = render(path);
            }
        }
        return body == null ? null : SourceServer.Answer.bytes(body, path.endsWith(".zip") ? "application/zip"
                : path.startsWith("/res/") ? "text/plain" : "application/xml");
    }

    private byte[] render(String path) throws IOException {
        if (path.startsWith("/res/")) {
            return resources.get(path);
        }
        switch (path) {
            case "/.well-known/resourcesync":
                return doc(RootElement.URLSET, md("description", null, null, null), List.of(
                        SitemapWriter.capabilityEntry(uri("/capabilitylist.xml"), "capabilitylist")));
            case "/capabilitylist.xml":
                return capabilityList();
            case "/resourcelist.xml":
                return resourceList();
            case "/changelist.xml":
                return changeList(changes, periodFrom, null);
            case "/resourcedump.xml":
                return resourceDump();
            case "/changedump.xml":
                return changeDump(archived.size(), changes, periodFrom, null);
            case "/resourcedump-archive.xml":
                return doc(RootElement.URLSET, md("resourcedump-archive", null, null, null), List.of(new Entry(
                        uri("/resourcedump.xml"), clock, md(null, clock, null, null), null, false)));
            case "/changelist-archive.xml":
                return archive("changelist-archive", "/archive/changelist-");
            case "/changedump-archive.xml":
                return archive("changedump-archive", "/archive/changedump-");
            default:
                return renderNumbered(path);
        }
    }

    private byte[] renderNumbered(String path) throws IOException {
        if (path.startsWith("/archive/changelist-")) {
            Period p = period(path, "/archive/changelist-", ".xml");
            return p == null ? null : changeList(p.changes(), p.from(), p.until());
        }
        if (path.startsWith("/archive/changedump-")) {
            int n = number(path, "/archive/changedump-", ".xml");
            Period p = n < archived.size() ? archived.get(n) : null;
            return p == null ? null : changeDump(n, p.changes(), p.from(), p.until());
        }
        if (packageOverrides.containsKey(path)) {
            return packageOverrides.get(path);
        }
        if (path.startsWith("/dumps/resource-") && path.endsWith("-manifest.xml")) {
            // the Resource Dump Manifest each package entry links as rel="contents", published on its own
            List<List<String>> parts = resourceParts();
            int n = number(path, "/dumps/resource-", "-manifest.xml");
            return n < parts.size() ? doc(RootElement.URLSET, md("resourcedump-manifest", clock, null, null),
                    resourceManifestEntries(parts.get(n))) : null;
        }
        if (path.startsWith("/dumps/resource-") && path.endsWith(".zip")) {
            List<List<String>> parts = resourceParts();
            int n = number(path, "/dumps/resource-", ".zip");
            return n < parts.size() ? resourcePackage(parts.get(n)) : null;
        }
        if (path.startsWith("/dumps/change-") && path.endsWith(".zip")) {
            String[] pn = path.substring("/dumps/change-".length(), path.length() - 4).split("-");
            int period = Integer.parseInt(pn[0]);
            List<Change> list = period < archived.size() ? archived.get(period).changes()
                    : period == archived.size() ? changes : null;
            if (list == null) {
                return null;
            }
            List<List<Change>> parts = split(list);
            int n = Integer.parseInt(pn[1]);
            return n < parts.size() ? changePackage(parts.get(n)) : null;
        }
        return null;
    }

    private Period period(String path, String prefix, String suffix) {
        int n = number(path, prefix, suffix);
        return n < archived.size() ? archived.get(n) : null;
    }

    private static int number(String path, String prefix, String suffix) {
        return Integer.parseInt(path.substring(prefix.length(), path.length() - suffix.length()));
    }

    private byte[] capabilityList() throws IOException {
        List<Entry> caps = new ArrayList<>();
        if (lists) {
            caps.add(cap("/resourcelist.xml", "resourcelist"));
            caps.add(cap("/changelist.xml", "changelist"));
        }
        if (dumps) {
            caps.add(snapshotArchivedOnly ? cap("/resourcedump-archive.xml", "resourcedump-archive")
                    : cap("/resourcedump.xml", "resourcedump"));
            caps.add(cap("/changedump.xml", "changedump"));
        }
        if (archives) {
            if (lists) {
                caps.add(cap("/changelist-archive.xml", "changelist-archive"));
            }
            if (dumps) {
                caps.add(cap("/changedump-archive.xml", "changedump-archive"));
            }
        }
        return doc(RootElement.URLSET, md("capabilitylist", null, null, null), caps);
    }

    private Entry cap(String path, String capability) {
        return SitemapWriter.capabilityEntry(uri(path), capability);
    }

    private byte[] resourceList() throws IOException {
        List<Entry> entries = new ArrayList<>();
        resources.forEach((p, b) -> entries.add(resourceEntry(p, b, null)));
        return doc(RootElement.URLSET, md("resourcelist", clock, null, null), entries);
    }

    private Entry resourceEntry(String path, byte[] b, String packagePath) {
        return new Entry(uri(path), lastmods.get(path), new Metadata(null, null, null, null, null, null, null, null,
                fixity(b), (long) b.length, "text/plain", null, packagePath), null, false);
    }

    private List<List<String>> resourceParts() {
        List<List<String>> parts = new ArrayList<>();
        List<String> paths = new ArrayList<>(resources.keySet());
        for (int i = 0; i < paths.size(); i += perPackage) {
            parts.add(paths.subList(i, Math.min(paths.size(), i + perPackage)));
        }
        return parts;
    }

    private byte[] resourceDump() throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<List<String>> parts = resourceParts();
        for (int n = 0; n < parts.size(); n++) {
            String path = "/dumps/resource-" + n + ".zip";
            byte[] zip = packageOverrides.getOrDefault(path, resourcePackage(parts.get(n)));
            entries.add(packageEntry(path, zip, new Metadata(null, clock, null, null, null, null, null, null,
                    fixity(zip), (long) zip.length, "application/zip", null, null)));
        }
        return doc(RootElement.URLSET, md("resourcedump", clock, null, null), entries);
    }

    private Entry packageEntry(String path, byte[] zip, Metadata md) {
        if (!manifestLinks) {
            return new Entry(uri(path), null, md, List.of(), false);
        }
        return new Entry(uri(path), null, md, List.of(new Link("contents", uri(path.replace(".zip", "-manifest.xml")),
                Hashes.EMPTY, null, null, null, null, "application/xml", null)), false);
    }

    private byte[] resourcePackage(List<String> paths) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String p : paths) {
            files.put(("/resources" + p).substring(1), resources.get(p));
        }
        return pack(md("resourcedump-manifest", clock, null, null), resourceManifestEntries(paths), files);
    }

    private List<Entry> resourceManifestEntries(List<String> paths) {
        List<Entry> entries = new ArrayList<>();
        for (String p : paths) {
            entries.add(resourceEntry(p, resources.get(p), "/resources" + p));
        }
        return entries;
    }

    private List<List<Change>> split(List<Change> list) {
        List<List<Change>> parts = new ArrayList<>();
        for (int i = 0; i < list.size(); i += perPackage) {
            parts.add(list.subList(i, Math.min(list.size(), i + perPackage)));
        }
        return parts;
    }

    private byte[] changeDump(int period, List<Change> list, Instant from, Instant until) throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<List<Change>> parts = split(list);
        for (int n = 0; n < parts.size(); n++) {
            String path = "/dumps/change-" + period + "-" + n + ".zip";
            List<Change> part = parts.get(n);
            byte[] zip = packageOverrides.getOrDefault(path, changePackage(part));
            Instant pFrom = n == 0 ? from : parts.get(n - 1).get(parts.get(n - 1).size() - 1).datetime();
            Instant pUntil = n == parts.size() - 1 ? until : part.get(part.size() - 1).datetime();
            entries.add(packageEntry(path, zip, new Metadata(null, null, null, pFrom, pUntil, null, null, null,
                    fixity(zip), (long) zip.length, "application/zip", null, null)));
        }
        return doc(RootElement.URLSET, md("changedump", null, from, until), entries);
    }

    private byte[] changePackage(List<Change> part) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        List<Entry> entries = new ArrayList<>();
        for (Change c : part) {
            String inPackage = null;
            Hashes hash = null;
            Long length = null;
            if (c.bytes() != null) {
                // one file per change: a resource changed twice has both versions in the package
                inPackage = "/changes/" + c.datetime().getEpochSecond() + c.path();
                files.put(inPackage.substring(1), c.bytes());
                hash = fixity(c.bytes());
                length = (long) c.bytes().length;
            }
            entries.add(new Entry(uri(c.path()), c.datetime(), new Metadata(null, null, null, null, null,
                    c.datetime(), null, c.change(), hash, length, "text/plain", null, inPackage), null, false));
        }
        Instant from = part.isEmpty() ? null : part.get(0).datetime();
        return pack(md("changedump-manifest", null, from, null), entries, files);
    }

    /** A package: {@code manifest.xml} (or an index over two manifests) plus the files. */
    private byte[] pack(Metadata manifestMd, List<Entry> entries, Map<String, byte[]> files) throws IOException {
        Map<String, byte[]> zip = new LinkedHashMap<>();
        if (manifestIndex && entries.size() > 1) {
            int half = entries.size() / 2;
            zip.put("manifest-1.xml", doc(RootElement.URLSET, manifestMd, entries.subList(0, half)));
            zip.put("manifest-2.xml", doc(RootElement.URLSET, manifestMd, entries.subList(half, entries.size())));
            List<Entry> index = new ArrayList<>();
            for (String name : List.of("manifest-1.xml", "manifest-2.xml")) {
                index.add(new Entry(uri("/dumps/" + name), null, new Metadata(null, null, null, null, null, null,
                        null, null, null, null, null, null, "/" + name), null, true));
            }
            zip.put("manifest.xml", doc(RootElement.SITEMAPINDEX, manifestMd, index));
        } else {
            zip.put("manifest.xml", doc(RootElement.URLSET, manifestMd, entries));
        }
        zip.putAll(files);
        return Zips.zip(zip);
    }

    private byte[] archive(String capability, String prefix) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (int n = 0; n < archived.size(); n++) {
            Period p = archived.get(n);
            entries.add(new Entry(uri(prefix + n + ".xml"), p.until(), new Metadata(null, null, null, p.from(),
                    p.until(), null, null, null, null, null, null, null, null), null, false));
        }
        return doc(RootElement.URLSET, md(capability, null, null, null), entries);
    }

    private byte[] changeList(List<Change> list, Instant from, Instant until) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (Change c : list) {
            entries.add(new Entry(uri(c.path()), c.datetime(), new Metadata(null, null, null, null, null,
                    c.datetime(), null, c.change(), c.bytes() == null ? null : fixity(c.bytes()),
                    c.bytes() == null ? null : (long) c.bytes().length, null, null, null), null, false));
        }
        return doc(RootElement.URLSET, md("changelist", null, from, until), entries);
    }

    private static Metadata md(String capability, Instant at, Instant from, Instant until) {
        return new Metadata(capability, at, null, from, until, null, null, null, null, null, null, null, null);
    }

    private static Hashes fixity(byte[] b) {
        return Hashes.of(Map.of("md5", TestSource.hex(TestSource.md5(b)), "sha-256",
                TestSource.hex(TestSource.sha256(b))));
    }

    private byte[] doc(RootElement root, Metadata md, List<Entry> entries) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SitemapWriter w = new SitemapWriter(out, root, md, List.of(Link.of("up", uri("/capabilitylist.xml"))))) {
            for (Entry e : entries) {
                w.write(e);
            }
        }
        return out.toByteArray();
    }

    @Override
    public void close() {
        server.close();
    }
}
