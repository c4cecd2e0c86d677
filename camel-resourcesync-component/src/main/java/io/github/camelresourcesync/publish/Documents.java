package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.github.camelresourcesync.dump.PackageWriter;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * Writes the Source's documents from the {@link PublisherStore}, each atomically, each by iterating the store (never
 * a list of all entries in heap). The layout under the directory is fixed (see docs/publisher.md).
 */
final class Documents {

    static final String SOURCE_DESCRIPTION = ".well-known/resourcesync";
    static final String CAPABILITY_LIST = "capabilitylist.xml";
    static final String RESOURCE_LIST = "resourcelist.xml";
    static final String RESOURCE_LIST_PART = "resourcelists/resourcelist-%05d.xml";
    static final String CHANGE_LIST = "changelist.xml";
    static final String CHANGE_LIST_PART = "changelists/changelist-%05d.xml";
    static final String RESOURCE_DUMP = "resourcedump.xml";
    static final String RESOURCE_DUMP_PART = "dumps/resourcedump-%05d.zip";
    static final String CHANGE_DUMP = "changedump.xml";
    static final String CHANGE_DUMP_PART = "dumps/changedump-%05d.zip";
    /** A package's manifest, beside it: the package's name with this in place of {@code .zip}. */
    static final String MANIFEST_SUFFIX = "-manifest.xml";
    static final String ZIP = "application/zip";

    private final PublisherOptions options;
    private final PublisherStore store;
    private final Path dir;
    private final Listeners listeners;

    Documents(PublisherOptions options, PublisherStore store, Listeners listeners) {
        this.options = options;
        this.store = store;
        this.dir = options.directory();
        this.listeners = listeners;
    }

    URI uri(String path) {
        return options.baseUrl().resolve(path);
    }

    private List<Link> up() {
        return List.of(Link.of("up", uri(CAPABILITY_LIST)));
    }

    static Metadata md(Capability capability, Instant at, Instant from, Instant until) {
        return new Metadata(capability.value(), at, at, from, until, null, null, null, Hashes.EMPTY, null, null, null,
                null);
    }

    private void write(String path, RootElement root, Metadata md, List<Link> links, Iterable<Entry> entries)
            throws IOException {
        AtomicFiles.write(dir.resolve(path), out -> {
            SitemapWriter w = new SitemapWriter(out, root, md, links);
            for (Entry e : entries) {
                w.write(e);
            }
            w.close();
        });
        listeners.documentWritten(uri(path), md.capabilityType());
    }

    void writeSourceDescription() throws IOException {
        write(SOURCE_DESCRIPTION, RootElement.URLSET, md(Capability.DESCRIPTION, null, null, null), List.of(),
                List.of(SitemapWriter.capabilityEntry(uri(CAPABILITY_LIST), Capability.CAPABILITYLIST.value())));
    }

    void writeCapabilityList() throws IOException {
        List<Entry> entries = new ArrayList<>();
        entries.add(SitemapWriter.capabilityEntry(uri(RESOURCE_LIST), Capability.RESOURCELIST.value()));
        if (options.resourceDump()) {
            entries.add(SitemapWriter.capabilityEntry(uri(RESOURCE_DUMP), Capability.RESOURCEDUMP.value()));
        }
        entries.add(SitemapWriter.capabilityEntry(uri(CHANGE_LIST), Capability.CHANGELIST.value()));
        if (options.changeDump()) {
            entries.add(SitemapWriter.capabilityEntry(uri(CHANGE_DUMP), Capability.CHANGEDUMP.value()));
        }
        entries.addAll(options.capabilityEntries());
        write(CAPABILITY_LIST, RootElement.URLSET, md(Capability.CAPABILITYLIST, null, null, null),
                List.of(Link.of("describedby", uri(SOURCE_DESCRIPTION)), Link.of("up", uri(SOURCE_DESCRIPTION))),
                entries);
    }

    /**
     * The Resource List as of {@code at}: the newest published change time, or {@link Publisher#SOURCE_BEGINNING}
     * while nothing was ever published (so a harvester's baseline of an empty Source skips no change, whatever its
     * time).
     * Up to {@code resourceListSize} resources: one list; more: an index over parts.
     */
    void writeResourceLists(Instant at) throws IOException {
        long count = store.resourceCount();
        int size = options.resourceListSize();
        int parts = (int) Math.max(1, (count + size - 1) / size);
        long previousParts = store.counter("resourceListParts");
        if (parts == 1) {
            write(RESOURCE_LIST, RootElement.URLSET, md(Capability.RESOURCELIST, at, null, null), up(),
                    entries(store.resources(0, size), false));
        } else {
            List<Entry> index = new ArrayList<>();
            for (int p = 1; p <= parts; p++) {
                String path = String.format(RESOURCE_LIST_PART, p);
                write(path, RootElement.URLSET, md(Capability.RESOURCELIST, at, null, null),
                        List.of(Link.of("up", uri(CAPABILITY_LIST)), Link.of("index", uri(RESOURCE_LIST))),
                        entries(store.resources((long) (p - 1) * size, size), false));
                index.add(new Entry(uri(path), null, md(Capability.RESOURCELIST, at, null, null), null, true));
            }
            write(RESOURCE_LIST, RootElement.SITEMAPINDEX, md(Capability.RESOURCELIST, at, null, null), up(), index);
        }
        // parts a shrunken Source no longer has
        for (long p = parts == 1 ? 1 : parts + 1; p <= previousParts; p++) {
            Files.deleteIfExists(dir.resolve(String.format(RESOURCE_LIST_PART, p)));
        }
        if (options.resourceDump()) {
            writeResourceDump(at, parts, size, previousParts);
        }
        store.setCounter("resourceListParts", parts == 1 ? 0 : parts);
    }

    private void writeResourceDump(Instant at, int parts, int size, long previousParts) throws IOException {
        List<Entry> packages = new ArrayList<>();
        for (int p = 1; p <= parts; p++) {
            String path = String.format(RESOURCE_DUMP_PART, p);
            long skip = (long) (p - 1) * size;
            Iterable<PackageWriter.Item> view = () -> new MappedIterator<>(
                    store.resources(skip, size).iterator(), this::dumpItem);
            AtomicFiles.write(dir.resolve(path), out -> PackageWriter.write(out,
                    md(Capability.RESOURCEDUMP_MANIFEST, at, null, null), up(), view));
            writeManifestBeside(path);
            packages.add(packageEntry(path, md((String) null, at, null, null)));
        }
        for (long p = parts + 1; p <= Math.max(previousParts, 1); p++) {
            Files.deleteIfExists(dir.resolve(String.format(RESOURCE_DUMP_PART, p)));
            Files.deleteIfExists(dir.resolve(manifestOf(String.format(RESOURCE_DUMP_PART, p))));
        }
        write(RESOURCE_DUMP, RootElement.URLSET, md(Capability.RESOURCEDUMP, at, null, null), up(), packages);
    }

    /** A resource as a Resource Dump item: its stored bitstream under its own path. */
    private PackageWriter.Item dumpItem(Published r) {
        if (r.path() == null) {
            // published without content (metadata-only event): listed, no bitstream to package
            return new PackageWriter.Item(r.entry(false, options.hashAlgorithms()), null);
        }
        return new PackageWriter.Item(r.manifestEntry(false, "/" + r.path(), options.hashAlgorithms()),
                dir.resolve(r.path()));
    }

    /**
     * The package's manifest also as a document of its own, beside it, so a harvester learns what a package holds
     * before downloading it ({@code rs:ln rel="contents"}, ResourceSync 1.1 §11.1): copied out of the package just
     * written, so the two are the same bytes.
     */
    private void writeManifestBeside(String packagePath) throws IOException {
        try (ZipFile zip = new ZipFile(dir.resolve(packagePath).toFile())) {
            ZipEntry manifest = zip.getEntry(PackageWriter.MANIFEST);
            AtomicFiles.write(dir.resolve(manifestOf(packagePath)), out -> {
                try (InputStream in = zip.getInputStream(manifest)) {
                    in.transferTo(out);
                }
            });
        }
    }

    /** {@code dumps/resourcedump-00001.zip}: {@code dumps/resourcedump-00001-manifest.xml}. */
    static String manifestOf(String packagePath) {
        return packagePath.substring(0, packagePath.length() - ".zip".length()) + MANIFEST_SUFFIX;
    }

    private Entry packageEntry(String path, Metadata timing) throws IOException {
        Path file = dir.resolve(path);
        Metadata md = new Metadata(null, timing.at(), timing.completed(), timing.from(), timing.until(), null, null,
                null, Hashes.EMPTY, Files.size(file), ZIP, null, null);
        Link contents = new Link("contents", uri(manifestOf(path)), Hashes.EMPTY, null, null, null, null,
                "application/xml", null);
        return new Entry(uri(path), null, md, List.of(contents), false);
    }

    private static Metadata md(String capability, Instant at, Instant from, Instant until) {
        return new Metadata(capability, at, null, from, until, null, null, null, Hashes.EMPTY, null, null, null,
                null);
    }

    /** The open Change List: {@code from} its start (absent before the first change), {@code until} only if asked. */
    void writeOpenChangeList(String path, Instant from, Instant until) throws IOException {
        List<Link> links = store.hasClosedLists()
                ? List.of(Link.of("up", uri(CAPABILITY_LIST)), Link.of("index", uri(CHANGE_LIST)))
                : up();
        write(path, RootElement.URLSET, md(Capability.CHANGELIST, null, from, until), links,
                entries(store.openChanges(), true));
    }

    /** Writes the open list's changes as a closed list (with {@code until}) and, when enabled, its Change Dump. */
    void writeClosedChangeList(String path, long number, Instant from, Instant until) throws IOException {
        write(path, RootElement.URLSET, md(Capability.CHANGELIST, null, from, until),
                List.of(Link.of("up", uri(CAPABILITY_LIST)), Link.of("index", uri(CHANGE_LIST))),
                entries(store.openChanges(), true));
        if (options.changeDump()) {
            String zip = String.format(CHANGE_DUMP_PART, number);
            Iterable<PackageWriter.Item> view = () -> new MappedIterator<>(
                    store.openChangesNumbered().iterator(), this::changeItem);
            AtomicFiles.write(dir.resolve(zip), out -> PackageWriter.write(out,
                    md(Capability.CHANGEDUMP_MANIFEST, null, from, until), up(), view));
            writeManifestBeside(zip);
        }
    }

    private PackageWriter.Item changeItem(Map.Entry<Long, Published> numbered) {
        Published c = numbered.getValue();
        Path blob = c.change() == ChangeType.DELETED ? null : Blobs.path(options, c.hash());
        if (blob == null || !Files.exists(blob)) {
            return new PackageWriter.Item(c.entry(true, options.hashAlgorithms()), null);
        }
        String name = c.path() == null ? "bitstream" : c.path();
        return new PackageWriter.Item(c.manifestEntry(true, "/changes/" + numbered.getKey() + "/" + name,
                options.hashAlgorithms()), blob);
    }

    /** The Change List Index over the closed lists and the open one. */
    void writeChangeListIndex(String openPath, Instant openFrom, Instant openUntil) throws IOException {
        List<Entry> lists = new ArrayList<>();
        Instant first = null;
        for (Map.Entry<Long, Instant[]> closed : store.closedLists()) {
            Instant[] t = closed.getValue();
            first = first == null ? t[0] : first;
            lists.add(new Entry(uri(String.format(CHANGE_LIST_PART, closed.getKey())), null,
                    md(Capability.CHANGELIST, null, t[0], t[1]), null, true));
        }
        lists.add(new Entry(uri(openPath), null, md(Capability.CHANGELIST, null, openFrom, openUntil), null, true));
        write(CHANGE_LIST, RootElement.SITEMAPINDEX, md(Capability.CHANGELIST, null, first, null), up(), lists);
    }

    /**
     * Deletes the closed Change Lists numbered below {@code first}, and their Change Dump packages: those the
     * retention dropped (also when a crash came between dropping and deleting them).
     */
    void deleteChangeListsBefore(long first) throws IOException {
        deleteNumberedBefore(dir.resolve(CHANGE_LIST_PART).getParent(), CHANGE_LIST_PART, first);
        deleteNumberedBefore(dir.resolve(CHANGE_DUMP_PART).getParent(), CHANGE_DUMP_PART, first);
        deleteNumberedBefore(dir.resolve(CHANGE_DUMP_PART).getParent(), manifestOf(CHANGE_DUMP_PART), first);
    }

    private void deleteNumberedBefore(Path directory, String pattern, long first) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        String name = Path.of(pattern).getFileName().toString();
        String prefix = name.substring(0, name.indexOf("%05d"));
        String suffix = name.substring(prefix.length() + "%05d".length());
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, prefix + "*" + suffix)) {
            for (Path file : files) {
                String n = file.getFileName().toString();
                String digits = n.substring(prefix.length(), n.length() - suffix.length());
                if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit) && digits.length() < 18
                    && Long.parseLong(digits) < first) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /**
     * The Change Dump: one package per closed Change List. Its {@code from} is the first closed list's, or
     * {@code openFrom} (where the open Change List begins) while none is closed: {@code from} is required.
     */
    void writeChangeDump(Instant openFrom) throws IOException {
        List<Entry> packages = new ArrayList<>();
        Instant first = null;
        for (Map.Entry<Long, Instant[]> closed : store.closedLists()) {
            Instant[] t = closed.getValue();
            first = first == null ? t[0] : first;
            String zip = String.format(CHANGE_DUMP_PART, closed.getKey());
            if (Files.exists(dir.resolve(zip))) {
                packages.add(packageEntry(zip, md((String) null, null, t[0], t[1])));
            }
        }
        write(CHANGE_DUMP, RootElement.URLSET, md(Capability.CHANGEDUMP, null, first != null ? first : openFrom, null),
                up(), packages);
    }

    private Iterable<Entry> entries(Iterable<Published> published, boolean asChanges) {
        return () -> new MappedIterator<>(published.iterator(), p -> p.entry(asChanges, options.hashAlgorithms()));
    }
}
