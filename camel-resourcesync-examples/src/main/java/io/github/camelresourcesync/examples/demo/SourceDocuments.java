package io.github.camelresourcesync.examples.demo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.github.camelresourcesync.examples.demo.SourceModel.Change;
import io.github.camelresourcesync.examples.demo.SourceModel.ChangeList;
import io.github.camelresourcesync.examples.demo.SourceModel.Resource;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * Renders the ResourceSync 1.1 documents of a {@link SourceModel} at a base URL:
 *
 * <pre>
 * /.well-known/resourcesync       Source Description
 * /capabilitylist.xml             Capability List
 * /resourcelist-index.xml         Resource List Index: one Resource List per folder (rs:md at)
 * /resourcelist-FOLDER.xml        Resource List: lastmod, md5 + sha-256, length, type
 * /changelist-index.xml           Change List Index: closed lists (from, until) and the open one (from)
 * /changelist-N.xml               Change List: change, datetime, hashes, length, type
 * </pre>
 *
 * Each document is rendered from one consistent view of the model (under its lock).
 */
public final class SourceDocuments {

    public static final String SOURCE_DESCRIPTION = "/.well-known/resourcesync";
    public static final String CAPABILITY_LIST = "/capabilitylist.xml";
    public static final String RESOURCE_LIST_INDEX = "/resourcelist-index.xml";
    public static final String CHANGE_LIST_INDEX = "/changelist-index.xml";

    private static final String RESOURCE_LIST = "/resourcelist-";
    private static final String CHANGE_LIST = "/changelist-";

    private final SourceModel model;
    private final URI base;
    private final List<String> folders;

    /**
     * @param base where the Source is served, ending in {@code /}: every {@code loc} and {@code href} is absolute
     */
    public SourceDocuments(SourceModel model, URI base) {
        this.model = model;
        this.base = base;
        // fixed at start, so a resource never moves between lists while a destination reads them
        TreeSet<String> names = new TreeSet<>();
        model.resources().keySet().forEach(p -> names.add(DemoData.folder(p)));
        this.folders = List.copyOf(names);
    }

    public URI base() {
        return base;
    }

    /** The folders of the initial data: one Resource List each. */
    public List<String> folders() {
        return folders;
    }

    /** The URL paths of every document now. */
    public List<String> paths() {
        List<String> paths = new ArrayList<>(List.of(SOURCE_DESCRIPTION, CAPABILITY_LIST, RESOURCE_LIST_INDEX));
        folders.forEach(f -> paths.add(RESOURCE_LIST + f + ".xml"));
        paths.add(CHANGE_LIST_INDEX);
        model.changeLists().forEach(l -> paths.add(changeListPath(l.number())));
        return paths;
    }

    /** The document at a URL path, or {@code null} when there is none. */
    public byte[] render(String path) {
        synchronized (model) {
            switch (path) {
                case SOURCE_DESCRIPTION:
                    return document(RootElement.URLSET, md("description"), List.of(),
                            List.of(SitemapWriter.capabilityEntry(uri(CAPABILITY_LIST), "capabilitylist")));
                case CAPABILITY_LIST:
                    return document(RootElement.URLSET, md("capabilitylist"),
                            List.of(Link.of("up", uri(SOURCE_DESCRIPTION))),
                            List.of(SitemapWriter.capabilityEntry(uri(RESOURCE_LIST_INDEX), "resourcelist"),
                                    SitemapWriter.capabilityEntry(uri(CHANGE_LIST_INDEX), "changelist")));
                case RESOURCE_LIST_INDEX:
                    return resourceListIndex();
                case CHANGE_LIST_INDEX:
                    return changeListIndex();
                default:
                    if (path.startsWith(RESOURCE_LIST) && path.endsWith(".xml")) {
                        String folder = path.substring(RESOURCE_LIST.length(), path.length() - ".xml".length());
                        return folders.contains(folder) ? resourceList(folder) : null;
                    }
                    if (path.startsWith(CHANGE_LIST) && path.endsWith(".xml")) {
                        return changeList(path);
                    }
                    return null;
            }
        }
    }

    private byte[] resourceListIndex() {
        Instant at = model.snapshotTime();
        List<Entry> lists = new ArrayList<>();
        for (String folder : folders) {
            lists.add(new Entry(uri(RESOURCE_LIST + folder + ".xml"), null, listMd("resourcelist", at, null, null),
                    null, true));
        }
        return document(RootElement.SITEMAPINDEX, listMd("resourcelist", at, null, null), upLinks(), lists);
    }

    private byte[] resourceList(String folder) {
        List<Entry> entries = new ArrayList<>();
        for (Map.Entry<String, Resource> e : model.resources().entrySet()) {
            if (DemoData.folder(e.getKey()).equals(folder)) {
                Resource r = e.getValue();
                entries.add(new Entry(uri(e.getKey()), r.lastmod(), entryMd(null, null, r.hashes(),
                        (long) r.content().length, r.mediaType()), null, false));
            }
        }
        List<Link> links = new ArrayList<>(upLinks());
        links.add(Link.of("index", uri(RESOURCE_LIST_INDEX)));
        return document(RootElement.URLSET, listMd("resourcelist", model.snapshotTime(), null, null), links,
                entries);
    }

    private byte[] changeListIndex() {
        List<ChangeList> lists = model.changeLists();
        List<Entry> entries = new ArrayList<>();
        for (ChangeList l : lists) {
            entries.add(new Entry(uri(changeListPath(l.number())), null,
                    listMd("changelist", null, l.from(), l.until()), null, true));
        }
        return document(RootElement.SITEMAPINDEX, listMd("changelist", null, lists.get(0).from(), null), upLinks(),
                entries);
    }

    private byte[] changeList(String path) {
        for (ChangeList l : model.changeLists()) {
            if (path.equals(changeListPath(l.number()))) {
                List<Entry> entries = new ArrayList<>();
                for (Change c : l.changes()) {
                    Instant lastmod = c.hashes() == null ? null : c.datetime();
                    entries.add(new Entry(uri(c.path()), lastmod,
                            entryMd(c.type().value(), c.datetime(), c.hashes(), c.length(), c.mediaType()), null,
                            false));
                }
                List<Link> links = new ArrayList<>(upLinks());
                links.add(Link.of("index", uri(CHANGE_LIST_INDEX)));
                return document(RootElement.URLSET, listMd("changelist", null, l.from(), l.until()), links, entries);
            }
        }
        return null;
    }

    private static String changeListPath(int number) {
        return CHANGE_LIST + number + ".xml";
    }

    private List<Link> upLinks() {
        return List.of(Link.of("up", uri(CAPABILITY_LIST)));
    }

    private URI uri(String path) {
        return base.resolve(path.substring(1));
    }

    private static Metadata md(String capability) {
        return listMd(capability, null, null, null);
    }

    private static Metadata listMd(String capability, Instant at, Instant from, Instant until) {
        return new Metadata(capability, at, null, from, until, null, null, null, null, null, null, null, null);
    }

    private static Metadata entryMd(String change, Instant datetime, Hashes hashes, Long length, String type) {
        return new Metadata(null, null, null, null, null, datetime, null, change, hashes, length, type, null, null);
    }

    private static byte[] document(RootElement root, Metadata md, List<Link> links, List<Entry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SitemapWriter w = new SitemapWriter(out, root, md, links)) {
            for (Entry e : entries) {
                w.write(e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot render a demo document", e);
        }
        return out.toByteArray();
    }
}
