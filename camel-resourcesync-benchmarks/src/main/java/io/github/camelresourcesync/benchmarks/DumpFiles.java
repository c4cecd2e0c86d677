package io.github.camelresourcesync.benchmarks;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * Writes a Resource Dump as static files: ZIP packages of {@code perPackage} resources each (deflated, the manifest as
 * the last entry, which readers that use the central directory find anyway), and {@code /resourcedump.xml} listing
 * them with their length, md5 and sha-256 and a {@code contents} link to a copy of the manifest.
 */
final class DumpFiles {

    static final String RESOURCE_DUMP = "resourcedump.xml";

    private final Path root;
    private final URI base;
    private final int perPackage;
    private final List<Entry> packages = new ArrayList<>();
    private final List<Entry> manifest = new ArrayList<>();
    private ZipOutputStream zip;
    private Path zipFile;
    private long uncompressed;

    DumpFiles(Path root, String base, int perPackage) {
        this.root = root;
        this.base = URI.create(base);
        this.perPackage = perPackage;
    }

    /** Adds a resource (its Resource List entry, its path in the package, its bytes). */
    void add(Entry listed, String packagePath, byte[] content) throws IOException {
        if (zip == null) {
            zipFile = root.resolve(String.format("dump/part-%04d.zip", packages.size()));
            Files.createDirectories(zipFile.getParent());
            zip = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(zipFile), 256 * 1024));
        }
        zip.putNextEntry(new ZipEntry(packagePath.substring(1)));
        zip.write(content);
        zip.closeEntry();
        uncompressed += content.length;
        Metadata md = listed.md();
        manifest.add(new Entry(listed.loc(), listed.lastmod(), new Metadata(null, null, null, null, null, null, null,
                null, md.hash(), md.length(), md.type(), null, packagePath), null, false));
        if (manifest.size() == perPackage) {
            closePackage();
        }
    }

    private void closePackage() throws IOException {
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        try (SitemapWriter w = new SitemapWriter(xml, RootElement.URLSET, md("resourcedump-manifest"), List.of())) {
            for (Entry e : manifest) {
                w.write(e);
            }
        }
        zip.putNextEntry(new ZipEntry("manifest.xml"));
        zip.write(xml.toByteArray());
        zip.close();
        String name = zipFile.getFileName().toString();
        Path manifestCopy = zipFile.resolveSibling(name.replace(".zip", "-manifest.xml"));
        Files.write(manifestCopy, xml.toByteArray());
        Map<String, String> digests = digests(zipFile);
        packages.add(new Entry(base.resolve("dump/" + name), SourceFiles.AT, new Metadata(null, SourceFiles.AT, null,
                null, null, null, null, null, Hashes.of(digests), Files.size(zipFile), "application/zip", null, null),
                List.of(new Link("contents", base.resolve("dump/" + manifestCopy.getFileName()), Hashes.EMPTY, null,
                        null, null, null, "application/xml", null)), false));
        manifest.clear();
        zip = null;
    }

    /** Closes the last package and writes the Resource Dump. */
    void finish() throws IOException {
        if (zip != null) {
            closePackage();
        }
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(root.resolve(RESOURCE_DUMP)));
             SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, md("resourcedump"),
                     List.of(Link.of("up", base.resolve(SourceFiles.CAPABILITY_LIST))))) {
            for (Entry p : packages) {
                w.write(p);
            }
        }
    }

    int packageCount() {
        return packages.size();
    }

    long packageBytes() {
        return packages.stream().mapToLong(p -> p.md().length()).sum();
    }

    long uncompressedBytes() {
        return uncompressed;
    }

    private static Metadata md(String capability) {
        return new Metadata(capability, SourceFiles.AT, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    private static Map<String, String> digests(Path file) throws IOException {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(new DigestInputStream(Files.newInputStream(file), md5),
                    sha256)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            Map<String, String> m = new LinkedHashMap<>();
            m.put("md5", HexFormat.of().formatHex(md5.digest()));
            m.put("sha-256", HexFormat.of().formatHex(sha256.digest()));
            return m;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
