package io.github.camelresourcesync.dump;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads what {@link java.util.zip.ZipFile} does not tell: the Unix file type of each entry (symlinks are stored as
 * entries whose content is the link target, marked only by the mode bits in the external attributes) and duplicate
 * names (ZipFile silently shows one of them, so the manifest and the checks could see different bytes). It also
 * records where each entry's bytes are ({@link Located}), so {@link PackageData} can read them without ZipFile's
 * per-entry stream machinery.
 */
final class CentralDirectory {

    private static final int EOCD_SIG = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIG = 0x07064b50;
    private static final int ZIP64_EOCD_SIG = 0x06064b50;
    private static final int CEN_SIG = 0x02014b50;
    private static final int HOST_UNIX = 3;
    private static final int S_IFMT = 0170000;
    private static final int S_IFLNK = 0120000;
    private static final int MAX_COMMENT = 0xFFFF;
    private static final long MAX32 = 0xFFFFFFFFL;
    private static final int ZIP64_EXTRA = 0x0001;

    /**
     * Where an entry's bytes are, as the central directory says (ZIP64 values already applied).
     *
     * @param flags       the general purpose bit flags (bit 0: encrypted)
     * @param localOffset offset of the entry's local file header
     */
    record Located(int method, int flags, long compressedSize, long size, long localOffset) {
    }

    private CentralDirectory() {
    }

    /**
     * Refuses symlink entries and duplicate names; counts entries against the limit before ZipFile builds its own
     * table of them.
     *
     * @return every entry by name, with where its bytes are
     */
    static Map<String, Located> check(Path zip, URI packageUri, DumpLimits limits) throws IOException {
        try (FileChannel ch = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = ch.size();
            int tailLength = (int) Math.min(size, 22L + MAX_COMMENT);
            ByteBuffer tail = read(ch, size - tailLength, tailLength);
            int eocd = -1;
            for (int i = tailLength - 22; i >= 0; i--) {
                if (tail.getInt(i) == EOCD_SIG) {
                    eocd = i;
                    break;
                }
            }
            if (eocd < 0) {
                throw new DumpException(packageUri, "not a ZIP file (no end of central directory record)");
            }
            long entries = tail.getShort(eocd + 10) & 0xFFFF;
            long cenSize = tail.getInt(eocd + 12) & 0xFFFFFFFFL;
            long cenOffset = tail.getInt(eocd + 16) & 0xFFFFFFFFL;
            if ((entries == 0xFFFF || cenSize == 0xFFFFFFFFL || cenOffset == 0xFFFFFFFFL) && eocd >= 20
                && tail.getInt(eocd - 20) == ZIP64_LOCATOR_SIG) {
                long zip64Eocd = tail.getLong(eocd - 20 + 8);
                // a locator may point anywhere: outside the file the read gives fewer than 56 bytes (or fails)
                if (zip64Eocd < 0 || zip64Eocd > size - 56) {
                    throw new DumpException(packageUri, "broken ZIP64 end of central directory record");
                }
                ByteBuffer z = read(ch, zip64Eocd, 56);
                if (z.getInt(0) != ZIP64_EOCD_SIG) {
                    throw new DumpException(packageUri, "broken ZIP64 end of central directory record");
                }
                entries = z.getLong(32);
                cenSize = z.getLong(40);
                cenOffset = z.getLong(48);
            }
            if (entries > limits.maxEntries()) {
                throw new DumpException(packageUri, "has " + entries + " entries, more than the limit of "
                                                    + limits.maxEntries() + " (maxDumpEntries)");
            }
            if (cenOffset < 0 || cenSize < 0 || cenOffset + cenSize > size || cenSize > Integer.MAX_VALUE) {
                throw new DumpException(packageUri, "central directory lies outside the file");
            }
            return walk(read(ch, cenOffset, (int) cenSize), entries, packageUri);
        }
    }

    private static Map<String, Located> walk(ByteBuffer cen, long entries, URI packageUri) throws DumpException {
        Map<String, Located> names = new HashMap<>((int) Math.min(entries * 2, 1 << 20));
        int pos = 0;
        for (long n = 0; n < entries; n++) {
            if (pos + 46 > cen.limit() || cen.getInt(pos) != CEN_SIG) {
                throw new DumpException(packageUri, "broken central directory at entry " + (n + 1));
            }
            int host = (cen.getShort(pos + 4) >> 8) & 0xFF;
            int flags = cen.getShort(pos + 8) & 0xFFFF;
            int method = cen.getShort(pos + 10) & 0xFFFF;
            long compressed = cen.getInt(pos + 20) & MAX32;
            long size = cen.getInt(pos + 24) & MAX32;
            long offset = cen.getInt(pos + 42) & MAX32;
            int nameLength = cen.getShort(pos + 28) & 0xFFFF;
            int extraLength = cen.getShort(pos + 30) & 0xFFFF;
            int commentLength = cen.getShort(pos + 32) & 0xFFFF;
            int external = cen.getInt(pos + 38);
            if (pos + 46 + nameLength + extraLength > cen.limit()) {
                throw new DumpException(packageUri, "broken central directory at entry " + (n + 1));
            }
            byte[] raw = new byte[nameLength];
            cen.get(pos + 46, raw);
            String name = new String(raw, StandardCharsets.UTF_8);
            if (host == HOST_UNIX && ((external >>> 16) & S_IFMT) == S_IFLNK) {
                throw new DumpException(packageUri, "entry '" + name + "' is a symbolic link");
            }
            if (size == MAX32 || compressed == MAX32 || offset == MAX32) {
                long[] values = zip64(cen, pos + 46 + nameLength, extraLength, size == MAX32, compressed == MAX32,
                        offset == MAX32);
                if (values == null) {
                    throw new DumpException(packageUri, "entry '" + name + "' has a broken ZIP64 extra field");
                }
                size = size == MAX32 ? values[0] : size;
                compressed = compressed == MAX32 ? values[1] : compressed;
                offset = offset == MAX32 ? values[2] : offset;
            }
            if (names.put(name, new Located(method, flags, compressed, size, offset)) != null) {
                throw new DumpException(packageUri, "entry name '" + name + "' occurs twice");
            }
            pos += 46 + nameLength + extraLength + commentLength;
        }
        return names;
    }

    /**
     * The 64-bit values of the ZIP64 extended information field: those whose 32-bit field is saturated appear, in the
     * order size, compressed size, offset.
     *
     * @return {size, compressed, offset} (only the wanted ones set), or {@code null} when the field is missing or short
     */
    private static long[] zip64(ByteBuffer cen, int start, int length, boolean wantSize, boolean wantCompressed,
                                boolean wantOffset) {
        int pos = start;
        int end = start + length;
        while (pos + 4 <= end) {
            int id = cen.getShort(pos) & 0xFFFF;
            int size = cen.getShort(pos + 2) & 0xFFFF;
            if (pos + 4 + size > end) {
                return null;
            }
            if (id == ZIP64_EXTRA) {
                long[] values = new long[3];
                int p = pos + 4;
                int fieldEnd = pos + 4 + size;
                boolean[] wanted = {wantSize, wantCompressed, wantOffset};
                for (int i = 0; i < 3; i++) {
                    if (wanted[i]) {
                        if (p + 8 > fieldEnd) {
                            return null;
                        }
                        values[i] = cen.getLong(p);
                        if (values[i] < 0) {
                            return null;
                        }
                        p += 8;
                    }
                }
                return values;
            }
            pos += 4 + size;
        }
        return null;
    }

    private static ByteBuffer read(FileChannel ch, long position, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buf.hasRemaining()) {
            if (ch.read(buf, position + buf.position()) < 0) {
                break;
            }
        }
        buf.flip();
        return buf;
    }
}
