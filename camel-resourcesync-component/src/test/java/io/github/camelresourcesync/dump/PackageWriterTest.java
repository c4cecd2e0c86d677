package io.github.camelresourcesync.dump;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A written package is one {@link DumpPackage} opens: every bitstream at its {@code rs:md path}, deletions only in
 * the manifest, {@code manifest.xml} last with the document's metadata and links; items are iterated twice (a view,
 * not a list); a bitstream whose path would not stay inside the package is refused before it is written.
 */
class PackageWriterTest {

    private static final URI PKG = URI.create("http://example.org/changedump/part1.zip");
    private static final Instant FROM = Instant.parse("2024-03-01T00:00:00Z");
    private static final Instant UNTIL = Instant.parse("2024-03-02T00:00:00Z");

    @TempDir
    Path tmp;

    private static Metadata entryMd(String change, long length, String path) {
        return new Metadata(null, null, null, null, null, FROM.plusSeconds(60), null, change, Hashes.EMPTY, length,
                null, null, path);
    }

    private static Metadata manifestMd() {
        return new Metadata(Capability.CHANGEDUMP_MANIFEST.value(), null, null, FROM, UNTIL, null, null, null,
                Hashes.EMPTY, null, null, null, null);
    }

    private PackageWriter.Item item(String loc, String change, byte[] content, String path) throws Exception {
        Path file = null;
        if (content != null) {
            file = Files.createTempFile(tmp, "bitstream", ".bin");
            Files.write(file, content);
        }
        return new PackageWriter.Item(new Entry(URI.create(loc), null,
                entryMd(change, content == null ? 0 : content.length, path), List.of(), false), file);
    }

    @Test
    void aWrittenPackageOpensWithEveryBitstreamAtItsPath() throws Exception {
        byte[] a = new byte[40_000];
        new Random(17).nextBytes(a);
        byte[] b = "bravo ".repeat(1000).getBytes(StandardCharsets.UTF_8);
        List<PackageWriter.Item> items = List.of(item("http://example.org/a", "created", a, "/res/a.bin"),
                new PackageWriter.Item(new Entry(URI.create("http://example.org/gone"), null,
                        entryMd("deleted", 0, null), List.of(), false), null),
                item("http://example.org/b", "updated", b, "/res/sub/b.txt"));
        Link up = Link.of("up", URI.create("http://example.org/capabilitylist.xml"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PackageWriter.write(out, manifestMd(), List.of(up), items);

        List<String> names = new ArrayList<>();
        try (ZipInputStream zin = new ZipInputStream(new java.io.ByteArrayInputStream(out.toByteArray()))) {
            for (ZipEntry e = zin.getNextEntry(); e != null; e = zin.getNextEntry()) {
                names.add(e.getName());
            }
        }
        assertEquals(List.of("res/a.bin", "res/sub/b.txt", PackageWriter.MANIFEST), names);

        Path file = tmp.resolve("written.zip");
        Files.write(file, out.toByteArray());
        try (DumpPackage p = DumpPackage.open(file, PKG, PKG, new SitemapReader(), DumpLimits.DEFAULTS)) {
            assertEquals(Capability.CHANGEDUMP_MANIFEST, p.manifestHeader().capability());
            assertEquals(FROM, p.manifestHeader().md().from());
            assertEquals(UNTIL, p.manifestHeader().md().until());
            assertEquals(URI.create("http://example.org/capabilitylist.xml"), p.manifestHeader().link("up").href());
            List<Bitstream> bs = p.bitstreams();
            assertEquals(List.of("http://example.org/a", "http://example.org/gone", "http://example.org/b"),
                    bs.stream().map(x -> x.entry().loc().toString()).toList());
            assertFalse(bs.get(1).hasBytes());
            assertEquals("deleted", bs.get(1).entry().md().change());
            try (InputStream in = p.open(bs.get(0))) {
                assertArrayEquals(a, in.readAllBytes());
            }
            try (InputStream in = p.open(bs.get(2))) {
                assertArrayEquals(b, in.readAllBytes());
            }
            assertEquals(b.length, bs.get(2).entry().md().length());
        }
    }

    @Test
    void theItemsAreIteratedTwiceSoTheyMayBeAView() throws Exception {
        List<PackageWriter.Item> items = List.of(item("http://example.org/a", "created", new byte[] {1, 2, 3}, "/a"));
        AtomicInteger iterations = new AtomicInteger();
        Iterable<PackageWriter.Item> view = () -> {
            iterations.incrementAndGet();
            Iterator<PackageWriter.Item> it = items.iterator();
            return it;
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PackageWriter.write(out, manifestMd(), List.of(), view);
        assertEquals(2, iterations.get());
        Path file = tmp.resolve("view.zip");
        Files.write(file, out.toByteArray());
        try (DumpPackage p = DumpPackage.open(file, PKG, PKG, new SitemapReader(), DumpLimits.DEFAULTS)) {
            assertEquals(1, p.bitstreams().size());
            assertEquals(2, p.entryCount());
        }
    }

    @Test
    void anEmptyPackageHoldsOnlyItsManifest() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PackageWriter.write(out, manifestMd(), List.of(), Collections.emptyList());
        Path file = tmp.resolve("empty.zip");
        Files.write(file, out.toByteArray());
        try (DumpPackage p = DumpPackage.open(file, PKG, PKG, new SitemapReader(), DumpLimits.DEFAULTS)) {
            assertTrue(p.bitstreams().isEmpty());
            assertEquals(1, p.entryCount());
        }
    }

    @Test
    void aBitstreamPathThatWouldNotStayInsideThePackageIsRefused() throws Exception {
        for (String bad : new String[] {null, "res/a", "/res/../../a", "/res\\a", "/..", "/res/..", "/./a", "//a",
                                        "/res/", "/", "/C:/a"}) {
            PackageWriter.Item it = item("http://example.org/x", "created", new byte[] {1}, bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PackageWriter.write(new ByteArrayOutputStream(), manifestMd(), List.of(), List.of(it)),
                    String.valueOf(bad));
            assertTrue(e.getMessage().contains("bitstream of http://example.org/x needs an rs:md path starting with"
                                               + " '/' inside the package, not " + bad), e.getMessage());
        }
        // the reason is the one the reader would refuse the package for
        PackageWriter.Item dotDot = item("http://example.org/x", "created", new byte[] {1}, "/res/..");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PackageWriter.write(new ByteArrayOutputStream(),
                manifestMd(), List.of(), List.of(dotDot))).getMessage().endsWith("('..' segment)"));
    }
}
