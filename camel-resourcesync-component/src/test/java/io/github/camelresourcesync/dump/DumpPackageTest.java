package io.github.camelresourcesync.dump;

import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The package checks on real ZIP files, without HTTP. */
class DumpPackageTest {

    private static final URI PKG = URI.create("http://example.org/dump/part1.zip");

    @TempDir
    Path tmp;

    private static String manifest(String... locAndPath) {
        StringBuilder sb = new StringBuilder("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                             + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
                                             + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>");
        for (int i = 0; i < locAndPath.length; i += 2) {
            sb.append("<url><loc>").append(locAndPath[i]).append("</loc><rs:md path=\"").append(locAndPath[i + 1])
                    .append("\"/></url>");
        }
        return sb.append("</urlset>").toString();
    }

    private DumpPackage open(byte[] zip) throws Exception {
        return open(zip, DumpLimits.DEFAULTS);
    }

    private DumpPackage open(byte[] zip, DumpLimits limits) throws Exception {
        Path file = Files.createTempFile(tmp, "pkg", ".zip");
        Files.write(file, zip);
        return DumpPackage.open(file, PKG, PKG.resolve("manifest.xml"), new SitemapReader(), limits);
    }

    private DumpException refused(byte[] zip) {
        return assertThrows(DumpException.class, () -> open(zip).close());
    }

    @Test
    void manifestAnywhereInThePackageAndBitstreamsInManifestOrder() throws Exception {
        byte[] zip = Zips.zip(Zips.entries("res/b", "bravo", "res/a", "alpha", "manifest.xml",
                manifest("http://example.org/b", "/res/b", "http://example.org/a", "/res/a")));
        try (DumpPackage p = open(zip)) {
            List<Bitstream> b = p.bitstreams();
            assertEquals(List.of("res/b", "res/a"), b.stream().map(Bitstream::entryName).toList());
            try (InputStream in = p.open(b.get(1))) {
                assertEquals("alpha", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void anEntryInflatingPastItsDeclaredSizeIsCutOff() throws Exception {
        byte[] zip = Zips.declareSize(Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"),
                "a", new byte[1_000_000])), "a", 10);
        try (DumpPackage p = open(zip); InputStream in = p.open(p.bitstreams().get(0))) {
            DumpException e = assertThrows(DumpException.class, in::readAllBytes);
            assertTrue(e.getMessage().contains("more than the 10 bytes it declares"), e.getMessage());
        }
    }

    @Test
    void anEntryInflatingToLessThanItDeclaresFails() throws Exception {
        byte[] zip = Zips.declareSize(Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"),
                "a", "0123456789")), "a", 12);
        try (DumpPackage p = open(zip); InputStream in = p.open(p.bitstreams().get(0))) {
            DumpException e = assertThrows(DumpException.class, in::readAllBytes);
            assertTrue(e.getMessage().contains("'a' ended 2 bytes before the 12 it declares"), e.getMessage());
        }
    }

    @Test
    void storedEntriesAndManyEntriesReadBackExactly() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        byte[] big = new byte[300_000];
        new java.util.Random(7).nextBytes(big);
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(bytes)) {
            for (int i = 0; i < 3; i++) {
                byte[] content = i == 2 ? big : ("stored " + i).getBytes(StandardCharsets.UTF_8);
                java.util.zip.ZipEntry e = new java.util.zip.ZipEntry("s" + i);
                if (i < 2) {
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    crc.update(content);
                    e.setMethod(java.util.zip.ZipEntry.STORED);
                    e.setSize(content.length);
                    e.setCompressedSize(content.length);
                    e.setCrc(crc.getValue());
                }
                z.putNextEntry(e);
                z.write(content);
                z.closeEntry();
            }
            z.putNextEntry(new java.util.zip.ZipEntry("manifest.xml"));
            z.write(manifest("http://example.org/0", "/s0", "http://example.org/1", "/s1", "http://example.org/2",
                    "/s2").getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        try (DumpPackage p = open(bytes.toByteArray())) {
            for (int round = 0; round < 2; round++) {
                // twice: inflaters go back to the package's pool and are reused
                for (Bitstream b : p.bitstreams()) {
                    try (InputStream in = p.open(b)) {
                        byte[] read = in.readAllBytes();
                        if (b.entryName().equals("s2")) {
                            assertTrue(java.util.Arrays.equals(big, read));
                        } else {
                            assertEquals("stored " + b.entryName().substring(1),
                                    new String(read, StandardCharsets.UTF_8));
                        }
                    }
                }
            }
        }
    }

    @Test
    void aCorruptDeflateStreamFailsNamingTheEntry() throws Exception {
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"), "a",
                "some text that deflates into a few bytes, some text that deflates into a few bytes"));
        // the central directory says where entry a's data starts: overwrite it with bytes that are no deflate stream
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(zip).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int loc = 0;
        while (!(b.getInt(loc) == 0x04034b50 && b.getShort(loc + 26) == 1 && b.get(loc + 30) == 'a')) {
            loc++;
        }
        int data = loc + 30 + 1 + (b.getShort(loc + 28) & 0xFFFF);
        for (int i = 0; i < 6; i++) {
            zip[data + i] = (byte) 0xFF;
        }
        try (DumpPackage p = open(zip); InputStream in = p.open(p.bitstreams().get(0))) {
            DumpException e = assertThrows(DumpException.class, in::readAllBytes);
            assertTrue(e.getMessage().contains("entry 'a' is corrupt"), e.getMessage());
        }
    }

    @Test
    void refusals() {
        String m = manifest("http://example.org/a", "/a");
        assertTrue(refused(Zips.zip(Zips.entries("a", "x"))).getMessage().contains("has no manifest.xml"));
        byte[] dup = Zips.rename(Zips.zip(Zips.entries("manifest.xml", m, "a", "x", "b", "y")), "b", "a");
        assertTrue(refused(dup).getMessage().contains("'a' occurs twice"));
        assertTrue(refused(Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/b", "/b"), "a", "x")))
                .getMessage().contains("has path '/b' but the package has no such entry"));
        String noPath = m.replace(" path=\"/a\"", "");
        assertTrue(refused(Zips.zip(Zips.entries("manifest.xml", noPath, "a", "x"))).getMessage()
                .contains("has no path"));
        assertTrue(refused("not a zip at all".getBytes(StandardCharsets.UTF_8)).getMessage().contains("not a ZIP file"));
        assertTrue(refused(Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "a"), "a", "x")))
                .getMessage().contains("does not start with '/'"));
        DumpException tooMany = assertThrows(DumpException.class,
                () -> open(Zips.zip(Zips.entries("manifest.xml", m, "a", "x", "b", "y")), new DumpLimits(2, 100, 10)));
        assertTrue(tooMany.getMessage().contains("3 entries") && tooMany.getMessage().contains(PKG.toString()),
                tooMany.getMessage());
    }

    @Test
    void nestedManifestIndexesAreRefused() {
        String index = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                       + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"><rs:md capability=\"resourcedump-manifest\"/>"
                       + "<sitemap><loc>http://example.org/m2.xml</loc><rs:md path=\"/m2.xml\"/></sitemap></sitemapindex>";
        DumpException e = refused(Zips.zip(Zips.entries("manifest.xml", index, "m2.xml", index)));
        assertTrue(e.getMessage().contains("do not nest"), e.getMessage());
    }

    @Test
    void pathRules() {
        assertEquals(null, PackagePaths.unsafeEntryName("resources/a.txt"));
        for (String bad : List.of("../a", "a/../../b", "/etc/passwd", "C:/x", "c:x", "a\\..\\b", "a/./b", "")) {
            assertTrue(PackagePaths.unsafeEntryName(bad) != null, bad);
        }
        assertEquals(null, PackagePaths.unsafeManifestPath("/resources/a.txt"));
        for (String bad : List.of("resources/a", "//host/a", "/../a", "/dir/")) {
            assertTrue(PackagePaths.unsafeManifestPath(bad) != null, bad);
        }
    }
}
