package io.github.camelresourcesync.examples.demo;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.github.camelresourcesync.examples.demo.SourceModel.Change;
import io.github.camelresourcesync.examples.demo.SourceModel.ChangeList;
import io.github.camelresourcesync.examples.demo.SourceModel.Resource;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.SitemapXml;
import io.github.camelresourcesync.testsupport.SitemapXml.Attributes;
import io.github.camelresourcesync.testsupport.SitemapXml.Layout;
import io.github.camelresourcesync.testsupport.SitemapXml.Url;

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
 * Each document is rendered from one consistent view of the model (under its lock), written by the testkit's
 * {@link SitemapXml} (as the component's test Source's are): a Source independent of the component's own writer.
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
                    return document(false, md("description"), List.of(),
                            List.of(new Url(uri(CAPABILITY_LIST), null, md("capabilitylist"))));
                case CAPABILITY_LIST:
                    return document(false, md("capabilitylist"),
                            List.of(SitemapXml.link("up", uri(SOURCE_DESCRIPTION))),
                            List.of(new Url(uri(RESOURCE_LIST_INDEX), null, md("resourcelist")),
                                    new Url(uri(CHANGE_LIST_INDEX), null, md("changelist"))));
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
        List<Url> lists = new ArrayList<>();
        for (String folder : folders) {
            lists.add(new Url(uri(RESOURCE_LIST + folder + ".xml"), null, listMd("resourcelist", at, null, null)));
        }
        return document(true, listMd("resourcelist", at, null, null), upLinks(), lists);
    }

    private byte[] resourceList(String folder) {
        List<Url> entries = new ArrayList<>();
        for (Map.Entry<String, Resource> e : model.resources().entrySet()) {
            if (DemoData.folder(e.getKey()).equals(folder)) {
                Resource r = e.getValue();
                entries.add(new Url(uri(e.getKey()), r.lastmod(), entryMd(null, null, r.hashes(),
                        (long) r.content().length, r.mediaType())));
            }
        }
        List<Attributes> links = new ArrayList<>(upLinks());
        links.add(SitemapXml.link("index", uri(RESOURCE_LIST_INDEX)));
        return document(false, listMd("resourcelist", model.snapshotTime(), null, null), links, entries);
    }

    private byte[] changeListIndex() {
        List<ChangeList> lists = model.changeLists();
        List<Url> entries = new ArrayList<>();
        for (ChangeList l : lists) {
            entries.add(new Url(uri(changeListPath(l.number())), null,
                    listMd("changelist", null, l.from(), l.until())));
        }
        return document(true, listMd("changelist", null, lists.get(0).from(), null), upLinks(), entries);
    }

    private byte[] changeList(String path) {
        for (ChangeList l : model.changeLists()) {
            if (path.equals(changeListPath(l.number()))) {
                List<Url> entries = new ArrayList<>();
                for (Change c : l.changes()) {
                    Instant lastmod = c.hashes() == null ? null : c.datetime();
                    entries.add(new Url(uri(c.path()), lastmod,
                            entryMd(c.type().value(), c.datetime(), c.hashes(), c.length(), c.mediaType())));
                }
                List<Attributes> links = new ArrayList<>(upLinks());
                links.add(SitemapXml.link("index", uri(CHANGE_LIST_INDEX)));
                return document(false, listMd("changelist", null, l.from(), l.until()), links, entries);
            }
        }
        return null;
    }

    private static String changeListPath(int number) {
        return CHANGE_LIST + number + ".xml";
    }

    private List<Attributes> upLinks() {
        return List.of(SitemapXml.link("up", uri(CAPABILITY_LIST)));
    }

    private URI uri(String path) {
        return base.resolve(path.substring(1));
    }

    private static Attributes md(String capability) {
        return SitemapXml.capability(capability);
    }

    private static Attributes listMd(String capability, Instant at, Instant from, Instant until) {
        return Attributes.of("capability", capability, "at", at, "from", from, "until", until);
    }

    private static Attributes entryMd(String change, Instant datetime, Hashes hashes, Long length, String type) {
        return Attributes.of("datetime", datetime, "change", change)
                .hash(hashes == null ? null : hashes.digests()).with("length", length).with("type", type);
    }

    private static byte[] document(boolean index, Attributes md, List<Attributes> links, List<Url> entries) {
        return SitemapXml.document(index, Layout.COMPACT, md, links, entries);
    }
}
