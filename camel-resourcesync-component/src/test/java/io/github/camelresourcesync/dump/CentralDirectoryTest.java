package io.github.camelresourcesync.dump;

import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.github.camelresourcesync.dump.CentralDirectory.Located;
import io.github.camelresourcesync.dump.RawZip.Cen;
import io.github.camelresourcesync.testsupport.Zips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The central directory as {@link CentralDirectory} walks it: where every entry's bytes are (ZIP64 values applied),
 * the end record found behind any comment, and the refusals of hostile directories (symlinks, duplicate names, entry
 * counts over the limit, directories or records running outside the file, broken ZIP64 records) as
 * {@link DumpException}s naming the package, never as a runtime exception or an allocation of what a header claims.
 */
class CentralDirectoryTest {

    private static final URI PKG = URI.create("http://example.org/dump/cd.zip");
    private static final byte[] HELLO = "hello, central directory".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path tmp;

    private Map<String, Located> check(byte[] zip) throws Exception {
        return check(zip, DumpLimits.DEFAULTS);
    }

    private Map<String, Located> check(byte[] zip, DumpLimits limits) throws Exception {
        Path file = Files.createTempFile(tmp, "cd", ".zip");
        Files.write(file, zip);
        return CentralDirectory.check(file, PKG, limits);
    }

    private DumpException refused(byte[] zip) {
        DumpException e = assertThrows(DumpException.class, () -> check(zip));
        assertTrue(e.getMessage().startsWith("Dump package " + PKG + ": "), e.getMessage());
        return e;
    }

    private static void assertMessage(DumpException e, String expected) {
        assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
    }

    /** A one-entry archive whose single record is made by {@code edit}. */
    private static byte[] single(java.util.function.Consumer<Cen> edit) {
        RawZip z = new RawZip();
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        edit.accept(c);
        return z.central(c).end();
    }

    @Test
    void locatesEveryEntryWhereZipFileAndTheLocalHeadersPutIt() throws Exception {
        byte[] random = new byte[5000];
        new Random(3).nextBytes(random);
        byte[] zip = Zips.zip(Zips.entries("first.txt", "one", "dir/second.bin", random, "third", "3".repeat(900),
                "empty", new byte[0]));
        Path file = tmp.resolve("real.zip");
        Files.write(file, zip);
        Map<String, Located> located = CentralDirectory.check(file, PKG, DumpLimits.DEFAULTS);
        assertEquals(4, located.size());
        ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        try (ZipFile zf = new ZipFile(file.toFile())) {
            for (Enumeration<? extends ZipEntry> en = zf.entries(); en.hasMoreElements();) {
                ZipEntry e = en.nextElement();
                Located z = located.get(e.getName());
                assertEquals(e.getSize(), z.size(), e.getName());
                assertEquals(e.getCompressedSize(), z.compressedSize(), e.getName());
                assertEquals(e.getMethod(), z.method(), e.getName());
                int at = (int) z.localOffset();
                assertEquals(0x04034b50, b.getInt(at), e.getName());
                byte[] name = new byte[b.getShort(at + 26)];
                b.get(at + 30, name);
                assertEquals(e.getName(), new String(name, StandardCharsets.UTF_8));
            }
        }
        assertEquals(0, located.get("first.txt").localOffset());
    }

    @Test
    void methodAndFlagsAreThoseOfTheRecord() throws Exception {
        Located a = check(single(c -> {
            c.flags = 0x0809;
            c.method = 12;
        })).get("a");
        assertEquals(0x0809, a.flags());
        assertEquals(12, a.method());
        assertEquals(HELLO.length, a.size());
    }

    @Test
    void anEmptyArchiveIsOnlyItsEndRecord() throws Exception {
        byte[] empty = new RawZip().end();
        assertEquals(22, empty.length);
        assertTrue(check(empty).isEmpty());
    }

    @Test
    void theEndRecordIsFoundBehindTheLongestComment() throws Exception {
        RawZip z = new RawZip();
        byte[] comment = new byte[0xFFFF];
        java.util.Arrays.fill(comment, (byte) 'c');
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        byte[] zip = z.central(c).end(1, z.cenSize(), z.cenOffset(), comment);
        assertEquals(HELLO.length, check(zip).get("a").size());
    }

    @Test
    void anEndRecordOneByteOutsideTheSearchWindowIsNotFound() {
        RawZip z = new RawZip();
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        // a comment longer than a ZIP comment can be: the end record lies before the last 22 + 65535 bytes
        byte[] zip = z.central(c).end(1, z.cenSize(), z.cenOffset(), new byte[0x10000]);
        assertMessage(refused(zip), "not a ZIP file (no end of central directory record)");
    }

    @Test
    void filesWithoutAnEndRecordAreNotZipFiles() {
        byte[] eocd = new RawZip().end();
        for (byte[] notZip : new byte[][] {new byte[0], java.util.Arrays.copyOf(eocd, 21),
                "PK but no end record, just text".getBytes(StandardCharsets.UTF_8)}) {
            assertMessage(refused(notZip), "not a ZIP file (no end of central directory record)");
        }
    }

    @Test
    void theEntryLimitHoldsAtItsValue() throws Exception {
        byte[] three = Zips.zip(Zips.entries("a", "1", "b", "2", "c", "3"));
        assertEquals(3, check(three, new DumpLimits(3, 100, 10)).size());
        DumpException e = assertThrows(DumpException.class, () -> check(three, new DumpLimits(2, 100, 10)));
        assertMessage(e, "has 3 entries, more than the limit of 2 (maxDumpEntries)");
    }

    @Test
    void aDeclaredEntryCountIsRefusedBeforeTheDirectoryIsWalked() {
        // a tiny file whose ZIP64 end record claims 2^40 entries: refused by count, nothing sized by it
        RawZip z = new RawZip();
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        byte[] zip = z.central(c).endZip64(1L << 40, z.cenSize(), z.cenOffset(), -1, -1, -1, new byte[0]);
        assertMessage(refused(zip), "has 1099511627776 entries, more than the limit of 100000 (maxDumpEntries)");
    }

    @Test
    void aDirectoryReachingExactlyToTheEndOfTheFileIsInside() throws Exception {
        RawZip z = new RawZip();
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        z.central(c);
        // the declared size also covers the end record itself: the walk reads only the one record it is told of
        byte[] exact = z.end(1, z.cenSize() + 22, z.cenOffset(), new byte[0]);
        assertEquals(HELLO.length, check(exact).get("a").size());
        byte[] over = z.end(1, z.cenSize() + 23, z.cenOffset(), new byte[0]);
        assertMessage(refused(over), "central directory lies outside the file");
    }

    @Test
    void aDirectoryOffsetPastTheFileIsRefused() {
        RawZip z = new RawZip();
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        z.central(c);
        assertMessage(refused(z.end(1, z.cenSize(), 1_000_000, new byte[0])),
                "central directory lies outside the file");
    }

    @Test
    void negativeZip64DirectoryValuesAreRefused() {
        RawZip z = new RawZip();
        Cen c = z.entry("a", RawZip.STORED, HELLO);
        z.central(c);
        assertMessage(refused(z.endZip64(1, z.cenSize(), -5, -1, -1, -1, new byte[0])),
                "central directory lies outside the file");
        assertMessage(refused(z.endZip64(1, Long.MIN_VALUE, z.cenOffset(), -1, -1, -1, new byte[0])),
                "central directory lies outside the file");
    }

    @Test
    void aDirectoryLargerThanOneBufferIsRefusedNotAllocated() throws Exception {
        // a sparse 3 GB file whose ZIP64 end record declares a 2 GB central directory from offset 0: inside the file,
        // but more than one read can hold
        Path file = tmp.resolve("sparse.zip");
        long eocdAt = 3L << 30;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(eocdAt - 56 - 20);
            ByteBuffer tail = ByteBuffer.allocate(56 + 20 + 22).order(ByteOrder.LITTLE_ENDIAN);
            tail.put(RawZip.zip64Eocd(1, 1L << 31, 0));
            tail.putInt(0x07064b50).putInt(0).putLong(eocdAt - 56 - 20).putInt(1);
            tail.put(RawZip.eocd(0xFFFF, RawZip.SAT32, RawZip.SAT32, 0));
            raf.write(tail.array());
        }
        DumpException e = assertThrows(DumpException.class,
                () -> CentralDirectory.check(file, PKG, DumpLimits.DEFAULTS));
        assertMessage(e, "central directory lies outside the file");
    }

    @Test
    void eachSaturatedEndRecordFieldSendsTheReaderToTheZip64Record() throws Exception {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        Cen b = z.entry("b", RawZip.DEFLATED, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb".getBytes(StandardCharsets.UTF_8));
        z.central(a).central(b);
        long size = z.cenSize();
        long offset = z.cenOffset();
        // only one field saturated each time, the others true: the ZIP64 record must supply the saturated one
        for (long[] eocd : new long[][] {{-1, size, offset}, {2, -1, offset}, {2, size, -1}, {-1, -1, -1}}) {
            Map<String, Located> located = check(z.endZip64(2, size, offset, eocd[0], eocd[1], eocd[2], new byte[0]));
            assertEquals(java.util.Set.of("a", "b"), located.keySet(), java.util.Arrays.toString(eocd));
            assertEquals(b.offset, located.get("b").localOffset());
        }
    }

    @Test
    void aZip64RecordIsIgnoredWhenNoEndRecordFieldIsSaturated() throws Exception {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        z.central(a);
        // the ZIP64 record would say 7 entries at offset 1: the end record's own, unsaturated values win
        byte[] zip = z.endZip64(7, z.cenSize(), 1, 1, z.cenSize(), z.cenOffset(), new byte[0]);
        assertEquals(java.util.Set.of("a"), check(zip).keySet());
    }

    @Test
    void theZip64LocatorIsReadAtTheVeryStartOfTheSearchWindow() throws Exception {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        z.central(a);
        // with a comment of 65535 - 20 bytes the end record sits 20 bytes into the searched tail, the locator at 0
        byte[] zip = z.endZip64(1, z.cenSize(), z.cenOffset(), -1, -1, -1, new byte[0xFFFF - 20]);
        assertEquals(HELLO.length, check(zip).get("a").size());
    }

    @Test
    void aSaturatedEndRecordWithNoRoomForALocatorIsABrokenDirectoryNotACrash() {
        // the end record alone, claiming 65535 entries: there are no 20 bytes before it to hold a ZIP64 locator
        byte[] zip = RawZip.eocd(0xFFFF, 0, 0, 0);
        assertMessage(refused(zip), "broken central directory at entry 1");
    }

    @Test
    void aLocatorPointingAtSomethingElseIsABrokenZip64Record() {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        z.central(a);
        byte[] zip = z.endZip64(1, z.cenSize(), z.cenOffset(), -1, -1, -1, new byte[0]);
        ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putInt(zip.length - 22 - 20 - 56, 0x12345678);
        assertMessage(refused(zip), "broken ZIP64 end of central directory record");
    }

    @Test
    void aLocatorPointingOutsideTheFileIsABrokenZip64RecordNotACrash() {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        z.central(a);
        byte[] zip = z.endZip64(1, z.cenSize(), z.cenOffset(), -1, -1, -1, new byte[0]);
        int locatorOffset = zip.length - 22 - 20 + 8;
        // past the end, before the start, and so near the end that the 56-byte record cannot fit
        for (long at : new long[] {zip.length + 1000L, -56, zip.length - 40L}) {
            byte[] lying = zip.clone();
            ByteBuffer.wrap(lying).order(ByteOrder.LITTLE_ENDIAN).putLong(locatorOffset, at);
            assertMessage(refused(lying), "broken ZIP64 end of central directory record");
        }
    }

    @Test
    void aZip64RecordCutOffByTheEndOfTheFileIsBroken() {
        // the comment starts with the ZIP64 record's signature and the locator points there: 14 bytes before the end
        // of the file, where no 56-byte record fits
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        z.central(a);
        byte[] comment = RawZip.concat(new byte[] {0x50, 0x4b, 0x06, 0x06}, new byte[10]);
        byte[] zip = z.endZip64(1, z.cenSize(), z.cenOffset(), -1, -1, -1, comment);
        ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putLong(zip.length - 14 - 22 - 20 + 8, zip.length - 14);
        assertMessage(refused(zip), "broken ZIP64 end of central directory record");
    }

    @Test
    void anEmptyZip64ArchiveHasItsRecordAtOffsetZero() throws Exception {
        byte[] zip = new RawZip().endZip64(0, 0, 0, -1, -1, -1, new byte[0]);
        assertEquals(0x06064b50, ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).getInt(0));
        assertTrue(check(zip).isEmpty());
    }

    @Test
    void fewerRecordsThanDeclaredIsABrokenDirectory() {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        Cen b = z.entry("b", RawZip.STORED, HELLO);
        z.central(a).central(b);
        assertMessage(refused(z.end(3, z.cenSize(), z.cenOffset(), new byte[0])),
                "broken central directory at entry 3");
    }

    @Test
    void aDirectoryOffsetMissingTheRecordIsABrokenDirectory() {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        z.central(a);
        // one byte early: the walk finds data, not a record signature
        assertMessage(refused(z.end(1, z.cenSize(), z.cenOffset() - 1, new byte[0])),
                "broken central directory at entry 1");
    }

    @Test
    void aNameOrExtraFieldRunningPastTheDirectoryIsABrokenDirectory() {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        Cen b = z.entry("bb", RawZip.STORED, HELLO);
        b.extra = RawZip.timestampExtra();
        z.central(a).central(b);
        // the declared directory ends one byte before the second record's extra field does
        assertMessage(refused(z.end(2, z.cenSize() - 1, z.cenOffset(), new byte[0])),
                "broken central directory at entry 2");
        // and one byte before its name ends (no extra field)
        RawZip y = new RawZip();
        Cen c = y.entry("abc", RawZip.STORED, HELLO);
        y.central(c);
        assertMessage(refused(y.end(1, y.cenSize() - 1, y.cenOffset(), new byte[0])),
                "broken central directory at entry 1");
    }

    @Test
    void aRecordOfJustItsFixedFieldsEndingTheDirectoryIsRead() throws Exception {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        Cen nameless = z.entry("", RawZip.STORED, new byte[0]);
        // 46 bytes exactly, ending where the directory ends
        Map<String, Located> located = check(z.central(a).central(nameless).end());
        assertEquals(java.util.Set.of("a", ""), located.keySet());
        assertEquals(nameless.offset, located.get("").localOffset());
    }

    @Test
    void commentsAndExtraFieldsBetweenRecordsAreSkipped() throws Exception {
        RawZip z = new RawZip();
        Cen a = z.entry("a", RawZip.STORED, HELLO);
        a.comment = "a comment on a".getBytes(StandardCharsets.UTF_8);
        a.extra = RawZip.timestampExtra();
        Cen b = z.entry("ünïcode/b", RawZip.DEFLATED, HELLO);
        b.comment = new byte[300];
        Cen c = z.entry("c", RawZip.STORED, new byte[7]);
        Map<String, Located> located = check(z.central(a).central(b).central(c).end());
        assertEquals(java.util.Set.of("a", "ünïcode/b", "c"), located.keySet());
        assertEquals(b.offset, located.get("ünïcode/b").localOffset());
        assertEquals(b.compressed, located.get("ünïcode/b").compressedSize());
        assertEquals(7, located.get("c").size());
        assertEquals(c.offset, located.get("c").localOffset());
    }

    @Test
    void aUnixSymlinkIsRefusedByName() {
        byte[] zip = single(c -> {
            c.madeBy = (3 << 8) | 63;
            c.external = 0120777 << 16;
        });
        assertMessage(refused(zip), "entry 'a' is a symbolic link");
        assertMessage(refused(Zips.markSymlink(Zips.zip(Zips.entries("x", "1", "link", "/etc/passwd")), "link")),
                "entry 'link' is a symbolic link");
    }

    @Test
    void modeBitsCountOnlyForUnixAndOnlyAsAWholeFileType() throws Exception {
        // the same high bits from an MS-DOS host mean nothing
        assertEquals(1, check(single(c -> c.external = 0120777 << 16)).size());
        // Unix regular file, directory, and socket (whose type bits include the symlink's): not links
        for (int mode : new int[] {0100644, 040755, 0140755}) {
            assertEquals(1, check(single(c -> {
                c.madeBy = (3 << 8) | 30;
                c.external = mode << 16;
            })).size(), Integer.toOctalString(mode));
        }
    }

    @Test
    void aDuplicateNameIsRefused() {
        RawZip z = new RawZip();
        Cen a = z.entry("res/a", RawZip.STORED, HELLO);
        Cen other = z.entry("res/a", RawZip.STORED, "other bytes".getBytes(StandardCharsets.UTF_8));
        assertMessage(refused(z.central(a).central(other).end()), "entry name 'res/a' occurs twice");
    }

    @Test
    void zip64ExtraValuesReplaceExactlyTheSaturatedFieldsInTheirOrder() throws Exception {
        long big = 5_000_000_000L;
        // size only
        Located s = check(single(c -> {
            c.size = RawZip.SAT32;
            c.extra = RawZip.zip64Extra(big);
        })).get("a");
        assertEquals(big, s.size());
        assertEquals(HELLO.length, s.compressedSize());
        assertEquals(0, s.localOffset());
        // compressed only
        Located k = check(single(c -> {
            c.compressed = RawZip.SAT32;
            c.extra = RawZip.zip64Extra(big + 1);
        })).get("a");
        assertEquals(HELLO.length, k.size());
        assertEquals(big + 1, k.compressedSize());
        // offset only (0 is a valid offset: the first entry)
        Located o = check(single(c -> {
            c.offset = RawZip.SAT32;
            c.extra = RawZip.zip64Extra(0);
        })).get("a");
        assertEquals(0, o.localOffset());
        assertEquals(HELLO.length, o.size());
        // size and offset: the field holds them in that order, no compressed size between
        Located so = check(single(c -> {
            c.size = RawZip.SAT32;
            c.offset = RawZip.SAT32;
            c.extra = RawZip.concat(RawZip.timestampExtra(), RawZip.zip64Extra(big, 77));
        })).get("a");
        assertEquals(big, so.size());
        assertEquals(HELLO.length, so.compressedSize());
        assertEquals(77, so.localOffset());
        // all three, with another field after it
        Located all = check(single(c -> {
            c.size = RawZip.SAT32;
            c.compressed = RawZip.SAT32;
            c.offset = RawZip.SAT32;
            c.extra = RawZip.concat(RawZip.zip64Extra(big, big - 1, 12), RawZip.timestampExtra());
        })).get("a");
        assertEquals(big, all.size());
        assertEquals(big - 1, all.compressedSize());
        assertEquals(12, all.localOffset());
    }

    @Test
    void aSaturatedFieldWithoutAUsableZip64ExtraIsRefusedByName() {
        String broken = "entry 'a' has a broken ZIP64 extra field";
        // no ZIP64 field at all
        assertMessage(refused(single(c -> {
            c.size = RawZip.SAT32;
            c.extra = RawZip.timestampExtra();
        })), broken);
        // a ZIP64 field holding one value where two are saturated
        assertMessage(refused(single(c -> {
            c.size = RawZip.SAT32;
            c.compressed = RawZip.SAT32;
            c.extra = RawZip.zip64Extra(100);
        })), broken);
        // a ZIP64 value that does not fit a signed long
        assertMessage(refused(single(c -> {
            c.offset = RawZip.SAT32;
            c.extra = RawZip.zip64Extra(-1);
        })), broken);
        // a field whose declared length runs past the extra area
        assertMessage(refused(single(c -> {
            c.size = RawZip.SAT32;
            byte[] extra = RawZip.zip64Extra(100);
            extra[2] = 16;
            c.extra = extra;
        })), broken);
        // an earlier field whose declared length runs past the extra area, hiding a ZIP64 field inside it
        assertMessage(refused(single(c -> {
            c.size = RawZip.SAT32;
            byte[] ts = RawZip.timestampExtra();
            ts[2] = 20;
            c.extra = RawZip.concat(ts, RawZip.zip64Extra(100));
        })), broken);
    }
}
