package io.github.camelresourcesync.benchmarks;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * Writes a ResourceSync Source as static files with the component's {@link SitemapWriter}: the Source Description at
 * {@code /.well-known/resourcesync}, a Capability List at {@code /capabilitylist.xml}, and either a Resource List Index
 * of many lists (metadata only, for the listing benchmark) or one Resource List plus the resource files it lists (for
 * the fetching benchmark).
 */
final class SourceFiles {

    static final String WELL_KNOWN = ".well-known/resourcesync";
    static final String CAPABILITY_LIST = "capabilitylist.xml";

    /** The snapshot time of every list. */
    static final Instant AT = Instant.parse("2025-06-01T00:00:00Z");

    private static final String[] TYPES = { "application/xml", "text/html", "application/pdf", "image/jpeg" };
    private static final int BUFFER = 256 * 1024;

    private final Path root;
    private final URI base;

    /**
     * @param root the directory the server serves
     * @param base the server's base URL, ending with {@code /}
     */
    SourceFiles(Path root, String base) {
        this.root = root;
        this.base = URI.create(base);
    }

    /** Source Description and Capability List, which points at {@code resourceListPath} (a list or an index). */
    void writeDiscovery(String resourceListPath) throws IOException {
        writeDiscovery(Map.of("resourcelist", resourceListPath));
    }

    /** Source Description and a Capability List advertising these documents (capability to path). */
    void writeDiscovery(Map<String, String> capabilities) throws IOException {
        List<Link> up = List.of(Link.of("up", base.resolve(WELL_KNOWN)));
        try (Doc d = new Doc(WELL_KNOWN, RootElement.URLSET, md("description", null), List.of())) {
            d.writer.write(SitemapWriter.capabilityEntry(base.resolve(CAPABILITY_LIST), "capabilitylist"));
        }
        try (Doc d = new Doc(CAPABILITY_LIST, RootElement.URLSET, md("capabilitylist", null), up)) {
            for (Map.Entry<String, String> c : new java.util.TreeMap<>(capabilities).entrySet()) {
                d.writer.write(SitemapWriter.capabilityEntry(base.resolve(c.getValue()), c.getKey()));
            }
        }
    }

    /**
     * A Resource List Index at {@code /resourcelist-index.xml} of {@code lists} Resource Lists of {@code perList}
     * entries each, as a large Source publishes them: {@code loc}, {@code lastmod}, and {@code rs:md} with md5 and
     * sha-256, length and type. Nothing is written for the resources themselves (they are never fetched).
     *
     * @return the bytes of all documents written
     */
    long writeResourceListIndex(int lists, int perList) throws IOException {
        String index = "resourcelist-index.xml";
        writeDiscovery(index);
        long bytes = 0;
        List<Link> upIndex = List.of(Link.of("up", base.resolve(CAPABILITY_LIST)), Link.of("index", base.resolve(index)));
        SplittableRandom random = new SplittableRandom(42);
        MessageDigest md5 = digest("MD5");
        MessageDigest sha256 = digest("SHA-256");
        HexFormat hex = HexFormat.of();
        for (int l = 0; l < lists; l++) {
            String name = String.format("resourcelists/resourcelist-%04d.xml", l);
            try (Doc d = new Doc(name, RootElement.URLSET, md("resourcelist", AT), upIndex)) {
                for (int j = 0; j < perList; j++) {
                    long i = (long) l * perList + j;
                    String path = String.format("dataset/records/%04d/record-%08d.xml", i / 1000, i);
                    byte[] seed = ("record " + i).getBytes(StandardCharsets.UTF_8);
                    Map<String, String> digests = new LinkedHashMap<>();
                    digests.put("md5", hex.formatHex(md5.digest(seed)));
                    digests.put("sha-256", hex.formatHex(sha256.digest(seed)));
                    Instant lastmod = AT.minusSeconds(60 + random.nextLong(5L * 365 * 86400));
                    long length = 500 + random.nextLong(2_000_000);
                    d.writer.write(new Entry(base.resolve(path), lastmod, fixity(Hashes.of(digests), length,
                            TYPES[(int) (i % TYPES.length)]), null, false));
                }
            }
            bytes += Files.size(root.resolve(name));
        }
        try (Doc d = new Doc(index, RootElement.SITEMAPINDEX, md("resourcelist", AT),
                List.of(Link.of("up", base.resolve(CAPABILITY_LIST))))) {
            for (int l = 0; l < lists; l++) {
                d.writer.write(new Entry(base.resolve(String.format("resourcelists/resourcelist-%04d.xml", l)), AT,
                        Metadata.EMPTY, null, true));
            }
        }
        return bytes + Files.size(root.resolve(index)) + Files.size(root.resolve(WELL_KNOWN))
               + Files.size(root.resolve(CAPABILITY_LIST));
    }

    /**
     * {@code count} resource files of random text between {@code minSize} and {@code maxSize} bytes under
     * {@code /res/}, and one Resource List at {@code /resourcelist.xml} with their md5 and sha-256, length and type.
     *
     * @return the bytes of all resource files
     */
    long writeResources(int count, int minSize, int maxSize) throws IOException {
        return writeResources(count, minSize, maxSize, null);
    }

    /**
     * As {@link #writeResources(int, int, int)}, and the same resources in a Resource Dump when {@code dump} is given:
     * the Capability List then advertises both, so one Source serves the GET path and the dump path.
     */
    long writeResources(int count, int minSize, int maxSize, DumpFiles dump) throws IOException {
        String list = "resourcelist.xml";
        writeDiscovery(dump == null ? Map.of("resourcelist", list)
                : Map.of("resourcelist", list, "resourcedump", DumpFiles.RESOURCE_DUMP));
        SplittableRandom random = new SplittableRandom(7);
        MessageDigest md5 = digest("MD5");
        MessageDigest sha256 = digest("SHA-256");
        HexFormat hex = HexFormat.of();
        long total = 0;
        try (Doc d = new Doc(list, RootElement.URLSET, md("resourcelist", AT),
                List.of(Link.of("up", base.resolve(CAPABILITY_LIST))))) {
            for (int i = 0; i < count; i++) {
                String path = String.format("res/%03d/%06d.txt", i / 1000, i);
                byte[] content = text(random, minSize + random.nextInt(maxSize - minSize + 1));
                Path file = root.resolve(path);
                Files.createDirectories(file.getParent());
                Files.write(file, content);
                total += content.length;
                Map<String, String> digests = new LinkedHashMap<>();
                digests.put("md5", hex.formatHex(md5.digest(content)));
                digests.put("sha-256", hex.formatHex(sha256.digest(content)));
                Entry entry = new Entry(base.resolve(path), AT.minusSeconds(i), fixity(Hashes.of(digests),
                        (long) content.length, "text/plain"), null, false);
                d.writer.write(entry);
                if (dump != null) {
                    dump.add(entry, "/" + path, content);
                }
            }
        }
        if (dump != null) {
            dump.finish();
        }
        return total;
    }

    /** The most entries a Resource List may hold (ResourceSync 1.1, section 4: a sitemap's limit). */
    static final int MAX_LIST_ENTRIES = 50_000;

    /**
     * {@code count} resource files of random text between {@code minSize} and {@code maxSize} bytes under
     * {@code /res/}, listed with their length and the digests of {@code algorithms} (e.g. {@code md5}): in one Resource
     * List at {@code /resourcelist.xml} when they fit in {@link #MAX_LIST_ENTRIES}, else in a Resource List Index at
     * {@code /resourcelist-index.xml} of lists of at most that many, as the specification requires.
     *
     * @return the bytes of all resource files
     */
    long writeContentSource(int count, int minSize, int maxSize, List<String> algorithms) throws IOException {
        return writeContentSource(count, minSize, maxSize, algorithms, MAX_LIST_ENTRIES);
    }

    /** As {@link #writeContentSource(int, int, int, List)} with lists of at most {@code perList} entries. */
    long writeContentSource(int count, int minSize, int maxSize, List<String> algorithms, int perList)
            throws IOException {
        int lists = Math.max(1, (count + perList - 1) / perList);
        String index = "resourcelist-index.xml";
        writeDiscovery(lists == 1 ? "resourcelist.xml" : index);
        SplittableRandom random = new SplittableRandom(11);
        MessageDigest[] digests = algorithms.stream().map(a -> digest(Hashes.jcaName(a))).toArray(MessageDigest[]::new);
        HexFormat hex = HexFormat.of();
        long total = 0;
        List<Link> up = lists == 1 ? List.of(Link.of("up", base.resolve(CAPABILITY_LIST)))
                : List.of(Link.of("up", base.resolve(CAPABILITY_LIST)), Link.of("index", base.resolve(index)));
        for (int l = 0; l < lists; l++) {
            String name = lists == 1 ? "resourcelist.xml" : String.format("resourcelists/resourcelist-%04d.xml", l);
            try (Doc d = new Doc(name, RootElement.URLSET, md("resourcelist", AT), up)) {
                int end = Math.min(count, (l + 1) * perList);
                for (int i = l * perList; i < end; i++) {
                    String path = String.format("res/%03d/%06d.txt", i / 1000, i);
                    byte[] content = text(random, minSize + random.nextInt(maxSize - minSize + 1));
                    Path file = root.resolve(path);
                    if (i % 1000 == 0) {
                        Files.createDirectories(file.getParent());
                    }
                    Files.write(file, content);
                    total += content.length;
                    Map<String, String> published = new LinkedHashMap<>();
                    for (int a = 0; a < digests.length; a++) {
                        published.put(algorithms.get(a), hex.formatHex(digests[a].digest(content)));
                    }
                    d.writer.write(new Entry(base.resolve(path), AT.minusSeconds(i), fixity(Hashes.of(published),
                            (long) content.length, "text/plain"), null, false));
                }
            }
        }
        if (lists > 1) {
            try (Doc d = new Doc(index, RootElement.SITEMAPINDEX, md("resourcelist", AT),
                    List.of(Link.of("up", base.resolve(CAPABILITY_LIST))))) {
                for (int l = 0; l < lists; l++) {
                    d.writer.write(new Entry(base.resolve(String.format("resourcelists/resourcelist-%04d.xml", l)), AT,
                            Metadata.EMPTY, null, true));
                }
            }
        }
        return total;
    }

    private static byte[] text(SplittableRandom random, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (i % 64 == 63) ? (byte) '\n' : (byte) ('a' + random.nextInt(26));
        }
        return b;
    }

    private static Metadata md(String capability, Instant at) {
        return new Metadata(capability, at, null, null, null, null, null, null, null, null, null, null, null);
    }

    private static Metadata fixity(Hashes hash, Long length, String type) {
        return new Metadata(null, null, null, null, null, null, null, null, hash, length, type, null, null);
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One document being written, at a path below the root. */
    private final class Doc implements AutoCloseable {
        final OutputStream out;
        final SitemapWriter writer;

        Doc(String path, RootElement rootElement, Metadata md, List<Link> links) throws IOException {
            Path file = root.resolve(path);
            Files.createDirectories(file.getParent());
            out = new BufferedOutputStream(Files.newOutputStream(file), BUFFER);
            writer = new SitemapWriter(out, rootElement, md, links);
        }

        @Override
        public void close() throws IOException {
            try (out) {
                writer.close();
            }
        }
    }
}
