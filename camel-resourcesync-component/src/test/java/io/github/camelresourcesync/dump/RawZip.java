package io.github.camelresourcesync.dump;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Hand-written ZIP files, field by field, for the archives {@link java.util.zip.ZipOutputStream} will not write: ZIP64
 * records on small files, saturated fields, lying counts and offsets, symlink modes, encrypted flags, odd methods.
 * Local headers and data go out as entries are added; central directory records are whatever the test makes of the
 * {@link Cen} an entry returns, written when (and as often as) the test adds them.
 */
final class RawZip {

    static final int STORED = 0;
    static final int DEFLATED = 8;
    static final long SAT32 = 0xFFFFFFFFL;

    /** One central directory record, every field settable. */
    static final class Cen {
        int madeBy = 20;
        int flags;
        int method;
        long crc;
        long compressed;
        long size;
        long offset;
        byte[] name;
        byte[] extra = new byte[0];
        byte[] comment = new byte[0];
        int external;

        Cen name(String n) {
            name = n.getBytes(StandardCharsets.UTF_8);
            return this;
        }
    }

    private final ByteArrayOutputStream file = new ByteArrayOutputStream();
    private final ByteArrayOutputStream cen = new ByteArrayOutputStream();
    private int records;
    private long cenOffset = -1;

    /** Writes a local header and the entry's data (deflated when {@code method} is DEFLATED). */
    Cen entry(String name, int method, byte[] content) {
        byte[] data = method == DEFLATED ? deflate(content) : content;
        CRC32 crc = new CRC32();
        crc.update(content);
        Cen c = new Cen().name(name);
        c.method = method;
        c.crc = crc.getValue();
        c.compressed = data.length;
        c.size = content.length;
        c.offset = file.size();
        ByteBuffer h = le(30 + c.name.length);
        h.putInt(0x04034b50).putShort((short) 20).putShort((short) 0).putShort((short) method).putInt(0)
                .putInt((int) c.crc).putInt(data.length).putInt(content.length).putShort((short) c.name.length)
                .putShort((short) 0).put(c.name);
        file.writeBytes(h.array());
        file.writeBytes(data);
        return c;
    }

    /** Raw bytes at the current position (before the central directory, or inside it when it has begun). */
    RawZip raw(byte[] bytes) {
        (cenOffset < 0 ? file : cen).writeBytes(bytes);
        return this;
    }

    /** Appends a central directory record. */
    RawZip central(Cen c) {
        if (cenOffset < 0) {
            cenOffset = file.size();
        }
        ByteBuffer b = le(46 + c.name.length + c.extra.length + c.comment.length);
        b.putInt(0x02014b50).putShort((short) c.madeBy).putShort((short) 20).putShort((short) c.flags)
                .putShort((short) c.method).putInt(0).putInt((int) c.crc).putInt((int) c.compressed)
                .putInt((int) c.size).putShort((short) c.name.length).putShort((short) c.extra.length)
                .putShort((short) c.comment.length).putShort((short) 0).putShort((short) 0).putInt(c.external)
                .putInt((int) c.offset).put(c.name).put(c.extra).put(c.comment);
        cen.writeBytes(b.array());
        records++;
        return this;
    }

    long cenOffset() {
        return cenOffset < 0 ? file.size() : cenOffset;
    }

    long cenSize() {
        return cen.size();
    }

    /** The file with an end record that tells the truth. */
    byte[] end() {
        return end(records, cenSize(), cenOffset(), new byte[0]);
    }

    /** The file with an end record declaring whatever it is given. */
    byte[] end(long entries, long cenSize, long offset, byte[] comment) {
        ByteArrayOutputStream out = body();
        out.writeBytes(eocd(entries, cenSize, offset, comment.length));
        out.writeBytes(comment);
        return out.toByteArray();
    }

    /**
     * The file with a ZIP64 end record and locator holding {@code entries}, {@code cenSize} and {@code offset}, then an
     * end record with the 32-bit values given ({@code -1}: saturated).
     */
    byte[] endZip64(long entries, long cenSize, long offset, long eocdEntries, long eocdCenSize, long eocdOffset,
                    byte[] comment) {
        ByteArrayOutputStream out = body();
        long zip64At = out.size();
        out.writeBytes(zip64Eocd(entries, cenSize, offset));
        ByteBuffer locator = le(20);
        locator.putInt(0x07064b50).putInt(0).putLong(zip64At).putInt(1);
        out.writeBytes(locator.array());
        out.writeBytes(eocd(eocdEntries < 0 ? 0xFFFF : eocdEntries, eocdCenSize < 0 ? SAT32 : eocdCenSize,
                eocdOffset < 0 ? SAT32 : eocdOffset, comment.length));
        out.writeBytes(comment);
        return out.toByteArray();
    }

    static byte[] zip64Eocd(long entries, long cenSize, long offset) {
        ByteBuffer z = le(56);
        z.putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45).putInt(0).putInt(0)
                .putLong(entries).putLong(entries).putLong(cenSize).putLong(offset);
        return z.array();
    }

    static byte[] eocd(long entries, long cenSize, long offset, int commentLength) {
        ByteBuffer e = le(22);
        e.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries)
                .putShort((short) entries).putInt((int) cenSize).putInt((int) offset).putShort((short) commentLength);
        return e.array();
    }

    /** A ZIP64 extended information extra field holding {@code values} in the order given. */
    static byte[] zip64Extra(long... values) {
        ByteBuffer b = le(4 + 8 * values.length);
        b.putShort((short) 1).putShort((short) (8 * values.length));
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    /** An extra field of another kind (the extended timestamp, 0x5455), to stand before or after ZIP64's. */
    static byte[] timestampExtra() {
        return le(9).putShort((short) 0x5455).putShort((short) 5).put((byte) 1).putInt(1_700_000_000).array();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] deflate(byte[] content) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        d.setInput(content);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    private ByteArrayOutputStream body() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(file.toByteArray());
        out.writeBytes(cen.toByteArray());
        return out;
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
