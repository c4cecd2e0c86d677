package io.github.camelresourcesync.dump;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.testsupport.Zips;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The package checks on real ZIP files, without HTTP: unsafe entry names, limits (entries, total size, ratio per entry
 * and per package, each exact at its value), manifests and manifest indexes whose paths, lengths and links must match
 * the package, deletions without bytes, ZipFile and the central directory walk agreeing, and the file released on
 * close and on refusal.
 */
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

    private DumpException refused(byte[] zip, DumpLimits limits) {
        DumpException e = assertThrows(DumpException.class, () -> open(zip, limits).close());
        assertEquals(PKG, e.getPackageUri());
        return e;
    }

    private static void assertMessage(Exception e, String expected) {
        assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
    }

    /** The central directory record of {@code name}. */
    private static int cen(byte[] zip, String name) {
        ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + 46 < zip.length; i++) {
            if (b.getInt(i) == 0x02014b50 && b.getShort(i + 28) == wanted.length
                && java.util.Arrays.equals(java.util.Arrays.copyOfRange(zip, i + 46, i + 46 + wanted.length), wanted)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** Declares other sizes for {@code name} in the central directory (ZipFile and the walk both read them there). */
    private static byte[] declare(byte[] zip, String name, long compressed, long size) {
        byte[] copy = zip.clone();
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        int at = cen(copy, name);
        b.putInt(at + 20, (int) compressed);
        b.putInt(at + 24, (int) size);
        return copy;
    }

    /** Sizes and compressed sizes of all entries, as ZipFile reads them: {total, totalCompressed}. */
    private long[] totals(byte[] zip) throws IOException {
        Path file = Files.createTempFile(tmp, "t", ".zip");
        Files.write(file, zip);
        long[] t = new long[2];
        try (ZipFile z = new ZipFile(file.toFile())) {
            for (Enumeration<? extends ZipEntry> en = z.entries(); en.hasMoreElements();) {
                ZipEntry e = en.nextElement();
                t[0] += e.getSize();
                t[1] += e.getCompressedSize();
            }
        }
        return t;
    }

    private static String changeManifest(String... entries) {
        return "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
               + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
               + "<rs:md capability=\"changedump-manifest\" from=\"2024-01-01T00:00:00Z\""
               + " until=\"2024-01-02T00:00:00Z\"/>" + String.join("", entries) + "</urlset>";
    }

    private static String deleted(String loc) {
        return "<url><loc>" + loc + "</loc><rs:md change=\"deleted\" datetime=\"2024-01-01T10:00:00Z\"/></url>";
    }

    private static String index(String... sitemaps) {
        return "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
               + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">"
               + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>"
               + String.join("", sitemaps) + "</sitemapindex>";
    }

    @Test
    void unsafeEntryNamesAreRefusedWithTheirReason() {
        Map<String, String> reasons = new java.util.LinkedHashMap<>();
        reasons.put("../x", "'..' segment");
        reasons.put("res/../../x", "'..' segment");
        reasons.put("/etc/passwd", "absolute path");
        reasons.put("res\\x", "backslash in name");
        reasons.put("C:x", "drive letter");
        reasons.put("res/./x", "'.' segment");
        reasons.put("res/x\0.txt", "NUL character in name");
        for (Map.Entry<String, String> r : reasons.entrySet()) {
            byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"), "a", "x",
                    r.getKey(), "bad"));
            assertMessage(refused(zip, DumpLimits.DEFAULTS),
                    "entry '" + r.getKey() + "' would escape the package: " + r.getValue());
        }
    }

    @Test
    void directoriesAreNoFilesAndCannotBeBitstreams() throws Exception {
        byte[] zip = Zips.zip(Zips.entries("res/", new byte[0], "res/a", "alpha", "manifest.xml",
                manifest("http://example.org/a", "/res/a")));
        try (DumpPackage p = open(zip)) {
            assertEquals(2, p.entryCount());
            assertEquals(Capability.RESOURCEDUMP_MANIFEST, p.manifestHeader().capability());
            assertFalse(p.manifestHeader().isIndex());
        }
        byte[] dir = Zips.zip(Zips.entries("res/", new byte[0], "res/a", "alpha", "manifest.xml",
                manifest("http://example.org/a", "/res/")));
        assertMessage(refused(dir, DumpLimits.DEFAULTS),
                "manifest entry http://example.org/a has path '/res/', which would escape the package: names a"
                + " directory");
    }

    @Test
    void anEmptyStoredBitstreamIsABitstream() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            ZipEntry e = new ZipEntry("empty");
            e.setMethod(ZipEntry.STORED);
            e.setSize(0);
            e.setCompressedSize(0);
            e.setCrc(new CRC32().getValue());
            z.putNextEntry(e);
            z.closeEntry();
            z.putNextEntry(new ZipEntry("manifest.xml"));
            z.write(manifest("http://example.org/e", "/empty").replace("path=", "length=\"0\" path=")
                    .getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        try (DumpPackage p = open(bytes.toByteArray())) {
            Bitstream b = p.bitstreams().get(0);
            assertTrue(b.hasBytes());
            assertEquals(0, p.size(b));
            try (InputStream in = p.open(b)) {
                assertEquals(0, in.readAllBytes().length);
            }
        }
    }

    @Test
    void theEntryRatioLimitHoldsAtItsValueAndAboveTheFloor() throws Exception {
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/z", "/z"), "z", "zzz"));
        DumpLimits ratio100 = new DumpLimits(10, 10_000_000, 100);
        // compressed 1000, inflating 100 times that: at the limit
        try (DumpPackage p = open(declare(zip, "z", 1000, 100_000), ratio100)) {
            assertEquals(100_000, p.size(p.bitstreams().get(0)));
        }
        assertMessage(refused(declare(zip, "z", 1000, 100_001), ratio100),
                "entry 'z' inflates 1000 bytes to 100001, more than the compression ratio limit of 100"
                + " (maxDumpCompressionRatio)");
        // at the floor an entry is not judged by its ratio, one byte over it is (the package as a whole, its
        // manifest's compressed bytes included, stays under the limit of 1000 both times)
        DumpLimits ratio1000 = new DumpLimits(10, 10_000_000, 1000);
        try (DumpPackage p = open(declare(zip, "z", 1, DumpLimits.RATIO_FLOOR), ratio1000)) {
            assertEquals(DumpLimits.RATIO_FLOOR, p.size(p.bitstreams().get(0)));
        }
        assertMessage(refused(declare(zip, "z", 1, DumpLimits.RATIO_FLOOR + 1), ratio1000),
                "entry 'z' inflates 1 bytes to " + (DumpLimits.RATIO_FLOOR + 1));
        // an entry declaring no compressed bytes at all is judged as if it had one
        assertMessage(refused(declare(zip, "z", 0, 200_000), ratio100), "entry 'z' inflates 0 bytes to 200000");
    }

    @Test
    void theTotalSizeLimitHoldsAtItsValue() throws Exception {
        byte[] zip = Zips.zip(Zips.entries("a", "alpha".repeat(100), "manifest.xml",
                manifest("http://example.org/a", "/a"), "b", "bravo".repeat(300)));
        long total = totals(zip)[0];
        try (DumpPackage p = open(zip, new DumpLimits(10, total, 100))) {
            assertEquals(3, p.entryCount());
        }
        assertMessage(refused(zip, new DumpLimits(10, total - 1, 100)),
                "entries inflate to more than the limit of " + (total - 1) + " bytes (maxDumpSize)");
    }

    @Test
    void thePackageRatioCountsEveryEntryEvenWhenEachIsUnderTheFloor() throws Exception {
        byte[] zeros = new byte[60_000];
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a",
                "http://example.org/b", "/b"), "a", zeros, "b", zeros));
        long[] t = totals(zip);
        assertMessage(refused(zip, DumpLimits.DEFAULTS), "inflates " + t[1] + " bytes to " + t[0]
                                                         + ", more than the compression ratio limit of 100"
                                                         + " (maxDumpCompressionRatio)");
        assertFalse(refused(zip, DumpLimits.DEFAULTS).getMessage().contains("entry '"));
    }

    @Test
    void thePackageRatioHoldsAtItsValueAndFromTheFloor() throws Exception {
        String m = manifest("http://example.org/a", "/a");
        int mLength = m.getBytes(StandardCharsets.UTF_8).length;
        // all entries together exactly at the floor: exempt, however well they compress
        byte[] atFloor = Zips.zip(Zips.entries("manifest.xml", m, "a", new byte[(int) DumpLimits.RATIO_FLOOR - mLength]));
        assertEquals(DumpLimits.RATIO_FLOOR, totals(atFloor)[0]);
        try (DumpPackage p = open(atFloor)) {
            assertEquals(1, p.bitstreams().size());
        }
        byte[] overFloor = Zips.zip(Zips.entries("manifest.xml", m, "a",
                new byte[(int) DumpLimits.RATIO_FLOOR - mLength + 1]));
        assertMessage(refused(overFloor, DumpLimits.DEFAULTS), "more than the compression ratio limit of 100");
        // a ratio of exactly 1 with a limit of 1 passes, one compressed byte less does not (each entry under the
        // floor, the package over it)
        int aSize = (int) DumpLimits.RATIO_FLOOR - 10;
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", m, "a", new byte[aSize]));
        long total = totals(zip)[0];
        assertTrue(total > DumpLimits.RATIO_FLOOR);
        long manifestCompressed = totals(zip)[1] - aCompressedOf(zip);
        DumpLimits ratio1 = new DumpLimits(10, 1L << 30, 1);
        try (DumpPackage p = open(declare(zip, "a", total - manifestCompressed, aSize), ratio1)) {
            assertEquals(2, p.entryCount());
        }
        assertMessage(refused(declare(zip, "a", total - manifestCompressed - 1, aSize), ratio1),
                "inflates " + (total - 1) + " bytes to " + total + ", more than the compression ratio limit of 1");
    }

    private long aCompressedOf(byte[] zip) {
        return ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).getInt(cen(zip, "a") + 20) & 0xFFFFFFFFL;
    }

    @Test
    void aManifestLengthMustBeTheEntrySize() throws Exception {
        String right = manifest("http://example.org/a", "/a").replace("path=", "length=\"5\" path=");
        try (DumpPackage p = open(Zips.zip(Zips.entries("manifest.xml", right, "a", "alpha")))) {
            assertEquals(5, p.size(p.bitstreams().get(0)));
        }
        String wrong = right.replace("length=\"5\"", "length=\"7\"");
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", wrong, "a", "alpha")), DumpLimits.DEFAULTS),
                "entry 'a' holds 5 bytes but the manifest gives length 7 for http://example.org/a");
    }

    @Test
    void deletionsNeedNoBytesOtherChangesDo() throws Exception {
        String m = changeManifest(deleted("http://example.org/gone"), "<url><loc>http://example.org/a</loc>"
                + "<rs:md change=\"updated\" path=\"/a\"/></url>");
        try (DumpPackage p = open(Zips.zip(Zips.entries("manifest.xml", m, "a", "alpha")))) {
            Bitstream gone = p.bitstreams().get(0);
            assertFalse(gone.hasBytes());
            assertNull(gone.entryName());
            assertEquals(0, p.size(gone));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.open(gone));
            assertMessage(e, "http://example.org/gone has no bytes in " + PKG);
            Bitstream a = p.bitstreams().get(1);
            assertTrue(a.hasBytes());
            assertEquals(5, p.size(a));
            assertEquals(PKG.resolve("manifest.xml"), a.manifest());
        }
        String updatedWithoutPath = changeManifest("<url><loc>http://example.org/a</loc><rs:md change=\"updated\"/>"
                                                   + "</url>");
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", updatedWithoutPath, "a", "alpha")),
                DumpLimits.DEFAULTS), "manifest entry http://example.org/a has no path: its bytes are not in the"
                                      + " package");
    }

    @Test
    void manifestsMayListAsManyEntriesAsTheLimitNotMore() throws Exception {
        // deletions take no ZIP entry: only the manifest count bounds them
        String three = changeManifest(deleted("http://example.org/1"), deleted("http://example.org/2"),
                deleted("http://example.org/3"));
        try (DumpPackage p = open(Zips.zip(Zips.entries("manifest.xml", three)), new DumpLimits(3, 1000, 10))) {
            assertEquals(3, p.bitstreams().size());
        }
        String four = three.replace("</urlset>", deleted("http://example.org/4") + "</urlset>");
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", four)), new DumpLimits(3, 1000, 10)),
                "manifests list more than 3 entries (maxDumpEntries)");
    }

    @Test
    void linkPathsMustBeSafeAndPresent() throws Exception {
        String withLink = manifest("http://example.org/a", "/a").replace("\"/></url>",
                "\"/><rs:ln rel=\"patch\" href=\"http://example.org/a.diff\" path=\"/diffs/a\"/></url>");
        try (DumpPackage p = open(Zips.zip(Zips.entries("manifest.xml", withLink, "a", "alpha", "diffs/a",
                "the patch")))) {
            try (InputStream in = p.open("/diffs/a")) {
                assertEquals("the patch", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            assertMessage(assertThrows(DumpException.class, () -> p.open("/diffs/b")),
                    "no entry at path '/diffs/b'");
            assertMessage(assertThrows(DumpException.class, () -> p.open("/../a")), "no entry at path '/../a'");
            assertMessage(assertThrows(DumpException.class, () -> p.open("a")), "no entry at path 'a'");
        }
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", withLink, "a", "alpha")), DumpLimits.DEFAULTS),
                "has path '/diffs/a' but the package has no such entry");
        String escaping = withLink.replace("/diffs/a", "/diffs/../../a");
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", escaping, "a", "alpha")), DumpLimits.DEFAULTS),
                "rs:ln rel=\"patch\" of http://example.org/a has path '/diffs/../../a', which would escape the"
                + " package: '..' segment");
    }

    @Test
    void aManifestIndexNamesItsManifestsByPathOrByLoc() throws Exception {
        String idx = index("<sitemap><loc>http://example.org/dump/manifests/one.xml</loc><rs:md path=\"/m/one.xml\"/>"
                           + "</sitemap>", "<sitemap><loc>http://example.org/dump/two.xml</loc></sitemap>");
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", idx, "m/one.xml", manifest("http://example.org/a", "/a"),
                "two.xml", manifest("http://example.org/b", "/b", "http://example.org/c", "/c"), "a", "A", "b", "B",
                "c", "C"));
        try (DumpPackage p = open(zip)) {
            assertTrue(p.manifestHeader().isIndex());
            List<String> order = new ArrayList<>();
            List<URI> manifests = new ArrayList<>();
            for (Bitstream b : p.bitstreams()) {
                order.add(b.entryName());
                manifests.add(b.manifest());
            }
            assertEquals(List.of("a", "b", "c"), order);
            assertEquals(List.of(PKG.resolve("one.xml"), PKG.resolve("two.xml"), PKG.resolve("two.xml")), manifests);
        }
        String missing = index("<sitemap><loc>http://example.org/dump/three.xml</loc></sitemap>");
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", missing)), DumpLimits.DEFAULTS),
                "manifest index lists http://example.org/dump/three.xml but the package has no entry 'three.xml'");
        String escaping = index("<sitemap><loc>http://example.org/dump/m.xml</loc><rs:md path=\"/../m.xml\"/>"
                                + "</sitemap>");
        assertMessage(refused(Zips.zip(Zips.entries("manifest.xml", escaping, "m.xml", manifest())),
                DumpLimits.DEFAULTS), "manifest index entry http://example.org/dump/m.xml has path '/../m.xml', which"
                                      + " would escape the package: '..' segment");
    }

    @Test
    void aSecondEndRecordInTheCommentIsCaughtByZipFilesReading() throws Exception {
        // the comment ends in a forged end record claiming one entry of the real directory: the walk takes the last
        // end record it finds, ZipFile (whose comment length check the forged record fails) the real one. They must
        // agree entry by entry, so the package is refused instead of checks and reads seeing different entries.
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"), "a", "alpha"));
        ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = zip.length - 22;
        byte[] forged = RawZip.eocd(1, b.getInt(eocd + 12), b.getInt(eocd + 16), 0);
        byte[] comment = RawZip.concat(forged, new byte[] {'!'});
        b.putShort(eocd + 20, (short) comment.length);
        DumpException e = refused(RawZip.concat(zip, comment), DumpLimits.DEFAULTS);
        assertMessage(e, "entry 'a' reads differently from the central directory than ZipFile reads it");
    }

    @Test
    void anArchiveZipFileCannotReadIsRefusedAsSuch() {
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"), "a", "alpha"));
        // compression method 99 (AES): the walk records it, ZipFile refuses the directory
        ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putShort(cen(zip, "a") + 10, (short) 99);
        DumpException e = refused(zip, DumpLimits.DEFAULTS);
        assertMessage(e, "not a readable ZIP file: ");
        assertTrue(e.getCause() instanceof java.util.zip.ZipException, String.valueOf(e.getCause()));
    }

    @Test
    void anEncryptedEntryIsRefusedByZipFilesReading() {
        byte[] zip = Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"), "a", "alpha"));
        ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int at = cen(zip, "a");
        b.putShort(at + 8, (short) (b.getShort(at + 8) | 1));
        DumpException e = refused(zip, DumpLimits.DEFAULTS);
        assertMessage(e, "not a readable ZIP file: ");
        assertTrue(e.getCause() instanceof java.util.zip.ZipException, String.valueOf(e.getCause()));
    }

    private long openHandlesOn(Path file) throws IOException {
        Path fds = Path.of("/proc/self/fd");
        long n = 0;
        try (var list = Files.list(fds)) {
            for (Path fd : (Iterable<Path>) list::iterator) {
                try {
                    if (Files.readSymbolicLink(fd).equals(file.toAbsolutePath())) {
                        n++;
                    }
                } catch (IOException gone) {
                    // the listing's own descriptor, closed by now
                }
            }
        }
        return n;
    }

    @Test
    void thePackageFileIsReleasedOnCloseAndOnRefusal() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc (Linux)");
        Path good = tmp.resolve("good.zip");
        Files.write(good, Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/a"), "a", "x")));
        DumpPackage p = DumpPackage.open(good, PKG, PKG, new SitemapReader(), DumpLimits.DEFAULTS);
        assertEquals(1, openHandlesOn(good));
        p.close();
        assertEquals(0, openHandlesOn(good));
        // refused while reading the manifest, after the package's reader was opened
        Path bad = tmp.resolve("bad.zip");
        Files.write(bad, Zips.zip(Zips.entries("manifest.xml", manifest("http://example.org/a", "/missing"), "a",
                "x")));
        assertThrows(DumpException.class,
                () -> DumpPackage.open(bad, PKG, PKG, new SitemapReader(), DumpLimits.DEFAULTS));
        assertEquals(0, openHandlesOn(bad));
    }

    @Test
    void aBitstreamReadsBackByteForByteFromAPackageWithManyEntries() throws Exception {
        java.util.Random random = new java.util.Random(42);
        Map<String, byte[]> entries = new java.util.LinkedHashMap<>();
        List<String> locAndPath = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            byte[] content = new byte[random.nextInt(3000)];
            random.nextBytes(content);
            entries.put("res/" + i, content);
            locAndPath.add("http://example.org/" + i);
            locAndPath.add("/res/" + i);
        }
        entries.put("manifest.xml", manifest(locAndPath.toArray(String[]::new)).getBytes(StandardCharsets.UTF_8));
        try (DumpPackage p = open(Zips.zip(entries))) {
            assertEquals(41, p.entryCount());
            for (Bitstream b : p.bitstreams()) {
                assertEquals(entries.get(b.entryName()).length, p.size(b));
                try (InputStream in = p.open(b)) {
                    assertArrayEquals(entries.get(b.entryName()), in.readAllBytes(), b.entryName());
                }
            }
        }
    }
}
