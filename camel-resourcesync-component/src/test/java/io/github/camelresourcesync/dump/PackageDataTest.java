package io.github.camelresourcesync.dump;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.Deflater;

import io.github.camelresourcesync.dump.CentralDirectory.Located;
import io.github.camelresourcesync.dump.RawZip.Cen;
import io.github.camelresourcesync.testsupport.Zips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Entry bytes read both ways: from a mapped package and with positional reads (Windows, packages over 2 GB). Each
 * stream gives exactly the declared bytes or fails naming the entry; entries that cannot be read (encrypted, other
 * methods, stored sizes that disagree) and records pointing outside the file or at no local header are refused
 * before a byte is read.
 */
class PackageDataTest {

    private static final URI PKG = URI.create("http://example.org/dump/p.zip");

    @TempDir
    Path tmp;

    @Test
    void mappedAndPositionalReadsGiveTheSameBytesAndTheSameChecks() throws Exception {
        byte[] random = new byte[200_000];
        new Random(1).nextBytes(random);
        byte[] text = "abc".repeat(50_000).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Path file = tmp.resolve("p.zip");
        Files.write(file, Zips.declareSize(Zips.zip(Zips.entries("r", random, "t", text, "lies", text, "empty", new byte[0])), "lies", 100));
        Map<String, CentralDirectory.Located> located = CentralDirectory.check(file, PKG, DumpLimits.DEFAULTS);
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(file, PKG, map)) {
                for (int round = 0; round < 2; round++) {
                    try (InputStream in = data.open("r", located.get("r"))) {
                        assertArrayEquals(random, in.readAllBytes(), "mapped " + map);
                    }
                    try (InputStream in = data.open("t", located.get("t"))) {
                        assertTrue(Arrays.equals(text, in.readAllBytes()), "mapped " + map);
                    }
                    try (InputStream in = data.open("empty", located.get("empty"))) {
                        assertArrayEquals(new byte[0], in.readAllBytes(), "mapped " + map);
                    }
                    try (InputStream in = data.open("lies", located.get("lies"))) {
                        DumpException e = assertThrows(DumpException.class, in::readAllBytes);
                        assertTrue(e.getMessage().contains("more than the 100 bytes it declares"), e.getMessage());
                    }
                }
            }
        }
    }

    private static final byte[] TEXT = "the quick brown fox jumps over the lazy dog; ".repeat(40)
            .getBytes(StandardCharsets.UTF_8);

    private Path write(byte[] bytes) throws IOException {
        Path file = Files.createTempFile(tmp, "p", ".zip");
        Files.write(file, bytes);
        return file;
    }

    private static void assertMessage(Exception e, String expected) {
        assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
    }

    /** Opening {@code z} in {@code file} is refused, mapped and not. */
    private void refusedBothWays(Path file, Located z, String expected) throws IOException {
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(file, PKG, map)) {
                DumpException e = assertThrows(DumpException.class, () -> data.open("e", z), "mapped " + map);
                assertMessage(e, expected);
                assertTrue(e.getMessage().startsWith("Dump package " + PKG), e.getMessage());
            }
        }
    }

    /** A file of 10 junk bytes, then one entry's local header and data; returns the file and its record. */
    private Path oneEntry(int method, byte[] content, Cen[] record) throws IOException {
        RawZip z = new RawZip();
        z.raw(new byte[10]);
        Cen c = z.entry("e", method, content);
        record[0] = c;
        return write(z.central(c).end());
    }

    private static Located located(Cen c) {
        return new Located(c.method, c.flags, c.compressed, c.size, c.offset);
    }

    @Test
    void unreadableEntriesAreRefusedByName() throws IOException {
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.STORED, TEXT, c);
        refusedBothWays(file, new Located(RawZip.STORED, 1, TEXT.length, TEXT.length, c[0].offset),
                "entry 'e' is encrypted");
        refusedBothWays(file, new Located(12, 0, TEXT.length, TEXT.length, c[0].offset),
                "entry 'e' uses compression method 12 (only stored and deflated entries are read)");
        refusedBothWays(file, new Located(RawZip.STORED, 0, TEXT.length - 1, TEXT.length, c[0].offset),
                "entry 'e' is corrupt: stored entry declares " + (TEXT.length - 1) + " bytes stored but "
                + TEXT.length + " bytes of content");
        // other flag bits (data descriptor, UTF-8 names) are no reason to refuse
        try (PackageData data = PackageData.open(file, PKG);
             InputStream in = data.open("e", new Located(RawZip.STORED, 0x0808, TEXT.length, TEXT.length,
                     c[0].offset))) {
            assertArrayEquals(TEXT, in.readAllBytes());
        }
    }

    @Test
    void aLocalHeaderMustLieInsideTheFileAndBeOne() throws IOException {
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.STORED, TEXT, c);
        long size = Files.size(file);
        String outside = "entry 'e' is corrupt: local header lies outside the file";
        refusedBothWays(file, new Located(RawZip.STORED, 0, 5, 5, -1), outside);
        refusedBothWays(file, new Located(RawZip.STORED, 0, 5, 5, size - 29), outside);
        refusedBothWays(file, new Located(RawZip.STORED, 0, 5, 5, size), outside);
        // inside the file, but at the junk before the header, or one byte into it
        refusedBothWays(file, new Located(RawZip.STORED, 0, 5, 5, 0),
                "entry 'e' is corrupt: no local header where the central directory points");
        refusedBothWays(file, new Located(RawZip.STORED, 0, 5, 5, c[0].offset + 1),
                "entry 'e' is corrupt: no local header where the central directory points");
    }

    @Test
    void anEmptyEntryWhoseHeaderEndsTheFileIsRead() throws IOException {
        // junk, then a 30-byte local header of an empty stored entry with no name: the header's last byte is the
        // file's last byte and the data (none) starts exactly at the end
        RawZip z = new RawZip();
        z.raw(new byte[7]);
        Cen c = z.entry("", RawZip.STORED, new byte[0]);
        Path file = write(z.end(0, 0, 0, new byte[0]));
        byte[] bytes = Files.readAllBytes(file);
        Path headerLast = write(Arrays.copyOf(bytes, 7 + 30));
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(headerLast, PKG, map); InputStream in = data.open("", located(c))) {
                assertEquals(-1, in.read(), "mapped " + map);
            }
        }
    }

    @Test
    void dataMustLieInsideTheFile() throws IOException {
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.STORED, TEXT, c);
        long size = Files.size(file);
        long data = c[0].offset + 30 + 1;
        // compressed bytes reaching exactly to the end of the file are inside it
        Located toEnd = new Located(RawZip.STORED, 0, size - data, size - data, c[0].offset);
        try (PackageData d = PackageData.open(file, PKG); InputStream in = d.open("e", toEnd)) {
            byte[] read = in.readAllBytes();
            assertEquals(size - data, read.length);
            assertArrayEquals(TEXT, Arrays.copyOf(read, TEXT.length));
        }
        refusedBothWays(file, new Located(RawZip.STORED, 0, size - data + 1, size - data + 1, c[0].offset),
                "entry 'e' is corrupt: data lies outside the file");
        refusedBothWays(file, new Located(RawZip.DEFLATED, 0, -1, 10, c[0].offset),
                "entry 'e' is corrupt: data lies outside the file");
        // a local header whose name and extra lengths put the data past the end of the file
        byte[] bytes = Files.readAllBytes(file);
        bytes[(int) c[0].offset + 28] = (byte) 0xFF;
        bytes[(int) c[0].offset + 29] = (byte) 0xFF;
        refusedBothWays(write(bytes), new Located(RawZip.STORED, 0, 0, 0, c[0].offset),
                "entry 'e' is corrupt: data lies outside the file");
    }

    @Test
    void storedBytesReadByteByByteInChunksAndSkippedAreTheSame() throws IOException {
        byte[] all = new byte[256 * 3];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.STORED, all, c);
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(file, PKG, map)) {
                try (InputStream in = data.open("e", located(c[0]))) {
                    for (int i = 0; i < all.length; i++) {
                        assertEquals(i & 0xFF, in.read(), "byte " + i + ", mapped " + map);
                    }
                    assertEquals(-1, in.read());
                    assertEquals(-1, in.read(new byte[4], 0, 4));
                }
                try (InputStream in = data.open("e", located(c[0]))) {
                    byte[] buf = new byte[10];
                    assertEquals(0, in.read(buf, 3, 0));
                    assertEquals(4, in.read(buf, 3, 4));
                    assertArrayEquals(new byte[] {0, 0, 0, 0, 1, 2, 3, 0, 0, 0}, buf);
                    assertThrows(IndexOutOfBoundsException.class, () -> in.read(buf, 8, 3));
                    assertEquals(0, in.skip(0));
                    assertEquals(500, in.skip(500));
                    assertEquals((504 & 0xFF), in.read());
                    assertEquals(all.length - 505, in.skip(10_000));
                    assertEquals(-1, in.read());
                }
            }
        }
    }

    @Test
    void aClosedStreamRefusesToRead() throws IOException {
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.DEFLATED, TEXT, c);
        try (PackageData data = PackageData.open(file, PKG)) {
            InputStream in = data.open("e", located(c[0]));
            assertEquals(TEXT[0], in.read());
            in.close();
            IOException e = assertThrows(IOException.class, () -> in.read(new byte[3], 0, 3));
            assertMessage(e, "stream of entry 'e' in " + PKG + " is closed");
            // closing twice gives the inflater back once: the next readers still read correctly
            in.close();
            for (int i = 0; i < 2; i++) {
                try (InputStream again = data.open("e", located(c[0]))) {
                    assertArrayEquals(TEXT, again.readAllBytes());
                }
            }
        }
    }

    @Test
    void aDeflatedEntryWithFewerCompressedBytesThanItNeedsEndsShort() throws IOException {
        byte[] random = new byte[20_000];
        new Random(11).nextBytes(random);
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.DEFLATED, random, c);
        // the record declares half the compressed bytes: the inflater runs dry before the declared size
        Located half = new Located(RawZip.DEFLATED, 0, c[0].compressed / 2, c[0].size, c[0].offset);
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(file, PKG, map); InputStream in = data.open("e", half)) {
                DumpException e = assertThrows(DumpException.class, in::readAllBytes);
                assertMessage(e, "entry 'e' ended ");
                assertMessage(e, " bytes before the 20000 it declares");
            }
        }
    }

    @Test
    void aDeflateStreamWithAllItsBytesButNoEndIsCutShort() throws IOException {
        // sync-flushed but never finished: every byte inflates, the final block never comes
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        d.setInput(TEXT);
        byte[] buf = new byte[TEXT.length + 100];
        int n = d.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH);
        d.end();
        byte[] unfinished = Arrays.copyOf(buf, n);
        RawZip z = new RawZip();
        Cen c = z.entry("e", RawZip.STORED, unfinished);
        Path file = write(z.central(c).end());
        Located asDeflated = new Located(RawZip.DEFLATED, 0, unfinished.length, TEXT.length, c.offset);
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(file, PKG, map); InputStream in = data.open("e", asDeflated)) {
                DumpException e = assertThrows(DumpException.class, in::readAllBytes);
                assertMessage(e, "entry 'e' is corrupt: the deflate stream is cut short");
            }
        }
    }

    @Test
    void aDeflateStreamLongerThanItsDeclaredSizeIsABomb() throws IOException {
        // 64 KB of zeros deflate to a few hundred bytes; declared as 1000 bytes, the rest must never be handed out
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.DEFLATED, new byte[65_536], c);
        Located lying = new Located(RawZip.DEFLATED, 0, c[0].compressed, 1000, c[0].offset);
        try (PackageData data = PackageData.open(file, PKG); InputStream in = data.open("e", lying)) {
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[256];
            DumpException e = assertThrows(DumpException.class, () -> {
                for (int r = in.read(buf, 0, buf.length); r >= 0; r = in.read(buf, 0, buf.length)) {
                    got.write(buf, 0, r);
                }
            });
            assertEquals(1000, got.size());
            assertMessage(e, "entry 'e' inflates to more than the 1000 bytes it declares (refused as a zip bomb)");
        }
    }

    @Test
    void aPackageShrinkingUnderAPositionalReaderFailsNamingTheOffset() throws IOException {
        byte[] random = new byte[50_000];
        new Random(5).nextBytes(random);
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.STORED, random, c);
        try (PackageData data = PackageData.open(file, PKG, false); InputStream in = data.open("e", located(c[0]))) {
            assertEquals(random[0], (byte) in.read());
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(c[0].offset + 30 + 1 + 100);
            }
            byte[] buf = new byte[1000];
            assertEquals(99, in.read(buf, 0, 99));
            DumpException e = assertThrows(DumpException.class, () -> in.read(buf, 0, 1000));
            assertMessage(e, "ended while reading at offset " + (c[0].offset + 30 + 1 + 100));
        }
    }

    @Test
    void moreConcurrentReadersThanPooledInflatersEachReadTheirOwnEntry() throws IOException {
        RawZip z = new RawZip();
        List<Cen> records = new ArrayList<>();
        List<byte[]> contents = new ArrayList<>();
        Random random = new Random(9);
        for (int i = 0; i < 12; i++) {
            byte[] content = (i + ": " + random.nextLong() + " ").repeat(200 + i).getBytes(StandardCharsets.UTF_8);
            contents.add(content);
            records.add(z.entry("e" + i, RawZip.DEFLATED, content));
        }
        Path file = write(z.end(0, 0, 0, new byte[0]));
        try (PackageData data = PackageData.open(file, PKG)) {
            for (int round = 0; round < 2; round++) {
                List<InputStream> open = new ArrayList<>();
                for (Cen c : records) {
                    open.add(data.open("e", located(c)));
                }
                // interleaved: every stream holds its own inflater while the others read
                List<ByteArrayOutputStream> got = new ArrayList<>();
                for (int i = 0; i < open.size(); i++) {
                    got.add(new ByteArrayOutputStream());
                }
                boolean more = true;
                byte[] buf = new byte[100];
                while (more) {
                    more = false;
                    for (int i = 0; i < open.size(); i++) {
                        int n = open.get(i).read(buf, 0, buf.length);
                        if (n > 0) {
                            got.get(i).write(buf, 0, n);
                            more = true;
                        }
                    }
                }
                for (int i = 0; i < open.size(); i++) {
                    open.get(i).close();
                    assertArrayEquals(contents.get(i), got.get(i).toByteArray(), "entry " + i + ", round " + round);
                }
            }
        }
    }

    @Test
    void aStreamOfAMappedPackageKeepsReadingAfterThePackageIsClosed() throws IOException {
        // stored: every read goes to the file, none is served from an inflater's input
        byte[] random = new byte[100_000];
        new Random(21).nextBytes(random);
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.STORED, random, c);
        PackageData data = PackageData.open(file, PKG, true);
        InputStream in = data.open("e", located(c[0]));
        byte[] first = new byte[10];
        assertEquals(10, in.read(first, 0, 10));
        data.close();
        byte[] rest = in.readAllBytes();
        in.close();
        assertArrayEquals(random, RawZip.concat(first, rest));
    }

    @Test
    void skippingMoreThanOneBufferSkipsExactly() throws IOException {
        byte[] all = new byte[30_000];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) (i * 7 + i / 256);
        }
        for (int method : new int[] {RawZip.STORED, RawZip.DEFLATED}) {
            Cen[] c = new Cen[1];
            Path file = oneEntry(method, all, c);
            try (PackageData data = PackageData.open(file, PKG); InputStream in = data.open("e", located(c[0]))) {
                assertEquals(10_000, in.skip(10_000), "method " + method);
                assertEquals(all[10_000] & 0xFF, in.read(), "method " + method);
                assertEquals(17_000, in.skip(17_000), "method " + method);
                assertEquals(all[27_001] & 0xFF, in.read(), "method " + method);
            }
        }
    }

    @Test
    void aPackageOver2GbIsReadWithPositionalReads() throws IOException {
        // a sparse file: one entry at the start, then holes past 2 GB (no single mapping can hold it)
        Cen[] c = new Cen[1];
        Path file = oneEntry(RawZip.DEFLATED, TEXT, c);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {1}), 3L << 30);
        }
        try (PackageData data = PackageData.open(file, PKG, true); InputStream in = data.open("e", located(c[0]))) {
            assertArrayEquals(TEXT, in.readAllBytes());
        }
    }
}
