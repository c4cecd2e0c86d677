package io.github.camelresourcesync.dump;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

import io.github.camelresourcesync.dump.CentralDirectory.Located;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.ExpectedCapability;
import io.github.camelresourcesync.xml.SitemapReader;

/**
 * A ResourceSync dump package (a ZIP already on local disk), checked completely when opened: every entry name stays
 * inside the package, no symlinks or duplicate names, entry count, total size and compression ratio within
 * {@link DumpLimits}, {@code manifest.xml} (a manifest, or a manifest index whose manifests are in the package) read,
 * and every manifest {@code path} (and {@code rs:ln path}) safe and present, with the size the manifest gives. A
 * package failing any of this throws {@link DumpException} before a single bitstream is handed out.
 *
 * <p>
 * {@link ZipFile} on the local file rather than a {@link java.util.zip.ZipInputStream} (or camel-zipfile, which splits a
 * stream): the checks need the central directory before any byte is trusted, and the manifest may be anywhere in the
 * package, not necessarily first. {@link #open(Bitstream)} streams one entry, never more bytes than its central
 * directory declares, so a package whose headers lie about sizes cannot inflate past the limits either. The bytes are
 * read by {@link PackageData} at the offsets of the central directory walked by {@link CentralDirectory}, which must
 * agree with ZipFile's reading of it entry by entry (name, size, compressed size): the checks and the reads see the
 * same entries. The ZipFile is closed once it has agreed; the package keeps only {@link CentralDirectory}'s table.
 */
public final class DumpPackage implements AutoCloseable {

    /** Where the manifest (or manifest index) of a package is, by the specification. */
    public static final String MANIFEST = "manifest.xml";

    private final URI packageUri;
    private final PackageData data;
    /** the ZIP entries holding files, by name: where their bytes are and how many */
    private final Map<String, Located> files;
    private final DocumentHeader manifestHeader;
    private final List<Bitstream> bitstreams;

    private DumpPackage(URI packageUri, PackageData data, Map<String, Located> files, DocumentHeader manifestHeader,
                        List<Bitstream> bitstreams) {
        this.packageUri = packageUri;
        this.data = data;
        this.files = files;
        this.manifestHeader = manifestHeader;
        this.bitstreams = bitstreams;
    }

    /**
     * Opens and checks a package.
     *
     * @param file        the package on local disk (the caller owns and deletes it, after {@link #close()})
     * @param packageUri  where the package came from: every error names it
     * @param manifestUri the URI relative {@code loc} values in the manifest resolve against (the dump entry's
     *                    {@code rs:ln rel="contents"}, else the package URI)
     */
    public static DumpPackage open(Path file, URI packageUri, URI manifestUri, SitemapReader reader,
                                   DumpLimits limits) throws IOException {
        Map<String, Located> located = CentralDirectory.check(file, packageUri, limits);
        Map<String, Located> files;
        // ZipFile only cross-checks our reading of the central directory: closed at once, so an open package
        // holds one table of its entries, not two
        try (ZipFile zip = new ZipFile(file.toFile(), StandardCharsets.UTF_8)) {
            files = checkEntries(zip, located, packageUri, limits);
        } catch (ZipException e) {
            throw new DumpException(packageUri, "not a readable ZIP file: " + e.getMessage(), e);
        }
        if (!files.containsKey(MANIFEST)) {
            throw new DumpException(packageUri, "has no " + MANIFEST + " at its root");
        }
        PackageData data = PackageData.open(file, packageUri);
        try {
            return readManifests(new DumpPackage(packageUri, data, files, null, List.of()), manifestUri, reader,
                    limits);
        } catch (IOException | RuntimeException e) {
            data.close();
            throw e;
        }
    }

    /** Checks every entry as ZipFile reads it against the central directory and the limits; returns the files. */
    private static Map<String, Located> checkEntries(ZipFile zip, Map<String, Located> located, URI packageUri,
                                                     DumpLimits limits) throws DumpException {
        Map<String, Located> files = new HashMap<>(located.size() * 4 / 3 + 1);
        long total = 0;
        long totalCompressed = 0;
        for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements();) {
            ZipEntry e = en.nextElement();
            String why = PackagePaths.unsafeEntryName(e.getName());
            if (why != null) {
                throw new DumpException(packageUri, "entry '" + e.getName() + "' would escape the package: " + why);
            }
            if (e.isDirectory()) {
                continue;
            }
            long size = e.getSize();
            long compressed = e.getCompressedSize();
            if (size < 0 || compressed < 0) {
                throw new DumpException(packageUri, "entry '" + e.getName() + "' declares no size");
            }
            Located z = located.get(e.getName());
            if (z == null || z.size() != size || z.compressedSize() != compressed) {
                throw new DumpException(packageUri, "entry '" + e.getName() + "' reads differently from the central"
                                                    + " directory than ZipFile reads it");
            }
            if (size > DumpLimits.RATIO_FLOOR && size > Math.max(1, compressed) * limits.maxCompressionRatio()) {
                throw new DumpException(packageUri, "entry '" + e.getName() + "' inflates " + compressed + " bytes to "
                                                    + size + ", more than the compression ratio limit of "
                                                    + limits.maxCompressionRatio() + " (maxDumpCompressionRatio)");
            }
            total += size;
            totalCompressed += compressed;
            if (total > limits.maxUncompressedSize()) {
                throw new DumpException(packageUri, "entries inflate to more than the limit of "
                                                    + limits.maxUncompressedSize() + " bytes (maxDumpSize)");
            }
            files.put(e.getName(), z);
        }
        if (total > DumpLimits.RATIO_FLOOR && total > Math.max(1, totalCompressed) * limits.maxCompressionRatio()) {
            throw new DumpException(packageUri, "inflates " + totalCompressed + " bytes to " + total
                                                + ", more than the compression ratio limit of "
                                                + limits.maxCompressionRatio() + " (maxDumpCompressionRatio)");
        }
        return files;
    }

    /** Reads the manifests with {@code opened}'s reader; returns the package with its header and bitstreams. */
    private static DumpPackage readManifests(DumpPackage opened, URI manifestUri, SitemapReader reader,
                                             DumpLimits limits) throws IOException {
        Map<String, Located> files = opened.files;
        URI packageUri = opened.packageUri;
        List<Bitstream> bitstreams = new ArrayList<>();
        DocumentHeader header;
        try (SitemapDocument doc = reader.open(opened.bounded(MANIFEST), manifestUri)) {
            header = doc.header();
            if (!header.isIndex()) {
                collect(doc, files, packageUri, limits, bitstreams);
            } else {
                for (Entry child = doc.next(); child != null; child = doc.next()) {
                    String name = childManifest(child, files, packageUri);
                    URI childUri = manifestUri.resolve(name.substring(name.lastIndexOf('/') + 1));
                    try (SitemapDocument part = reader.open(opened.bounded(name), childUri)) {
                        if (header.md().capability() != null) {
                            // the manifests an index lists are of its kind (ExpectedCapability: none is read as asked)
                            ExpectedCapability.require(part.header(), header.capability());
                        }
                        if (part.header().isIndex()) {
                            throw new DumpException(packageUri, "manifest '" + name + "' is another index;"
                                                                + " manifest indexes do not nest");
                        }
                        collect(part, files, packageUri, limits, bitstreams);
                    }
                }
            }
        }
        return new DumpPackage(packageUri, opened.data, files, header, List.copyOf(bitstreams));
    }

    /** An index entry names its manifest by {@code rs:md path}, else by the last segment of its {@code loc}. */
    private static String childManifest(Entry child, Map<String, Located> files, URI packageUri)
            throws DumpException {
        String name;
        if (child.md().path() != null) {
            name = entryName(child.md().path(), "manifest index entry " + child.loc(), packageUri);
        } else {
            String p = child.loc().getPath() == null ? "" : child.loc().getPath();
            name = p.substring(p.lastIndexOf('/') + 1);
        }
        if (!files.containsKey(name)) {
            throw new DumpException(packageUri, "manifest index lists " + child.loc() + " but the package has no"
                                                + " entry '" + name + "'");
        }
        return name;
    }

    private static void collect(SitemapDocument manifest, Map<String, Located> files, URI packageUri,
                                DumpLimits limits, List<Bitstream> out) throws IOException {
        URI uri = manifest.header().uri();
        for (Entry e = manifest.next(); e != null; e = manifest.next()) {
            String name = null;
            if (e.md().path() != null) {
                name = present(entryName(e.md().path(), "manifest entry " + e.loc(), packageUri), e, files,
                        packageUri);
                Located z = files.get(name);
                if (e.md().length() != null && z.size() != e.md().length()) {
                    throw new DumpException(packageUri, "entry '" + name + "' holds " + z.size() + " bytes but the"
                                                        + " manifest gives length " + e.md().length() + " for "
                                                        + e.loc());
                }
            } else if (!"deleted".equals(e.md().change())) {
                throw new DumpException(packageUri, "manifest entry " + e.loc() + " has no path: its bytes are not"
                                                    + " in the package");
            }
            for (Link l : e.links()) {
                if (l.path() != null) {
                    present(entryName(l.path(), "rs:ln rel=\"" + l.rel() + "\" of " + e.loc(), packageUri), e,
                            files, packageUri);
                }
            }
            out.add(new Bitstream(e, name, uri));
            if (out.size() > limits.maxEntries()) {
                // deletions need no ZIP entry, so the entry count alone does not bound the manifest
                throw new DumpException(packageUri, "manifests list more than " + limits.maxEntries()
                                                    + " entries (maxDumpEntries)");
            }
        }
    }

    private static String entryName(String path, String what, URI packageUri) throws DumpException {
        String why = PackagePaths.unsafeManifestPath(path);
        if (why != null) {
            throw new DumpException(packageUri, what + " has path '" + path + "', which would escape the package: "
                                                + why);
        }
        return path.substring(1);
    }

    private static String present(String name, Entry e, Map<String, Located> files, URI packageUri)
            throws DumpException {
        if (!files.containsKey(name)) {
            throw new DumpException(packageUri, "manifest entry " + e.loc() + " has path '/" + name
                                                + "' but the package has no such entry");
        }
        return name;
    }

    /** The entry's bytes, never more than its central directory declares and exactly that many. */
    private InputStream bounded(String name) throws IOException {
        return data.open(name, files.get(name));
    }

    public URI packageUri() {
        return packageUri;
    }

    /** The header of {@code manifest.xml} (a manifest, or a manifest index). */
    public DocumentHeader manifestHeader() {
        return manifestHeader;
    }

    /** Every manifest entry, in manifest order (the order of the index, then of each manifest). */
    public List<Bitstream> bitstreams() {
        return Collections.unmodifiableList(bitstreams);
    }

    /** Number of ZIP entries holding files. */
    public int entryCount() {
        return files.size();
    }

    /**
     * Streams the bytes of a bitstream; the stream fails when the entry inflates to more or fewer bytes than its
     * central directory declares (which the manifest length was checked against).
     */
    public InputStream open(Bitstream bitstream) throws IOException {
        if (!bitstream.hasBytes()) {
            throw new IllegalArgumentException(bitstream.entry().loc() + " has no bytes in " + packageUri);
        }
        return bounded(bitstream.entryName());
    }

    /** The inflated size of a bitstream, as its central directory declares it (0 for one without bytes). */
    public long size(Bitstream bitstream) {
        Located z = bitstream.hasBytes() ? files.get(bitstream.entryName()) : null;
        return z == null ? 0 : z.size();
    }

    /** Streams the bytes at a manifest {@code path} (e.g. of a patch link). */
    public InputStream open(String manifestPath) throws IOException {
        String name = PackagePaths.entryName(manifestPath);
        Located z = name == null ? null : files.get(name);
        if (z == null) {
            throw new DumpException(packageUri, "no entry at path '" + manifestPath + "'");
        }
        return bounded(name);
    }

    @Override
    public void close() {
        data.close();
    }
}
