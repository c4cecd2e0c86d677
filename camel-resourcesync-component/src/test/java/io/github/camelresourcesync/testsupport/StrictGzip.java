package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes a gzip body (RFC 1952) as a strict client would: exactly one member, nothing after its trailer.
 * {@link java.util.zip.GZIPInputStream} ignores bytes after a member, so a body with garbage (or a second trailer) at
 * its end passes it; this fails on it.
 */
public final class StrictGzip {

    private static final int HEADER = 10;
    private static final int TRAILER = 8;

    private StrictGzip() {
    }

    /** The decoded bytes; throws {@link AssertionError} for anything but one well-formed member with a plain header. */
    public static byte[] decode(byte[] body) {
        if (body.length < HEADER + TRAILER || (body[0] & 0xff) != 0x1f || (body[1] & 0xff) != 0x8b || body[2] != 8) {
            throw new AssertionError("not a gzip member: " + body.length + " bytes");
        }
        if (body[3] != 0) {
            throw new AssertionError("header flags " + body[3] + ": this decoder reads only the plain 10-byte header");
        }
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(body, HEADER, body.length - HEADER);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(buf);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new AssertionError("the deflate data ends before its last block");
                }
                out.write(buf, 0, n);
            }
            int left = inflater.getRemaining();
            if (left != TRAILER) {
                throw new AssertionError(left + " bytes after the deflate data, expected the 8-byte trailer alone");
            }
            byte[] data = out.toByteArray();
            ByteBuffer trailer = ByteBuffer.wrap(body, body.length - TRAILER, TRAILER).order(ByteOrder.LITTLE_ENDIAN);
            CRC32 crc = new CRC32();
            crc.update(data);
            long crcRead = trailer.getInt() & 0xffffffffL;
            long sizeRead = trailer.getInt() & 0xffffffffL;
            if (crcRead != crc.getValue() || sizeRead != (data.length & 0xffffffffL)) {
                throw new AssertionError("trailer CRC " + Long.toHexString(crcRead) + " size " + sizeRead
                                         + ", the data has CRC " + Long.toHexString(crc.getValue()) + " size "
                                         + data.length);
            }
            return data;
        } catch (DataFormatException e) {
            throw new AssertionError("bad deflate data: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }
}
