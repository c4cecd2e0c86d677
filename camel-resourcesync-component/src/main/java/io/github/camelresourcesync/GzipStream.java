package io.github.camelresourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterInputStream;

/**
 * The gzip form (RFC 1952) of a stream, compressed as it is read: a {@code Content-Encoding: gzip} body in constant
 * memory, where {@link java.util.zip.GZIPOutputStream} would need the whole result (or a thread) in between.
 */
final class GzipStream extends InputStream {

    private static final byte[] HEADER = { 0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff };

    private final CRC32 crc = new CRC32();
    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    private final DeflaterInputStream deflated;
    /** the header, then (once the data ends) the trailer: bytes sent before or after the compressed data */
    private byte[] frame = HEADER;
    private int framePos;
    private boolean dataDone;

    GzipStream(InputStream in) {
        this.deflated = new DeflaterInputStream(new CheckedInputStream(in, crc), deflater);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (framePos < frame.length) {
            int n = Math.min(len, frame.length - framePos);
            System.arraycopy(frame, framePos, b, off, n);
            framePos += n;
            return n;
        }
        if (dataDone) {
            return -1;
        }
        int n = deflated.read(b, off, len);
        if (n >= 0) {
            return n;
        }
        dataDone = true;
        frame = trailer(crc.getValue(), deflater.getBytesRead());
        framePos = 0;
        return read(b, off, len);
    }

    /** CRC-32 and the input's length modulo 2^32, little-endian. */
    private static byte[] trailer(long crc, long size) {
        byte[] t = new byte[8];
        for (int i = 0; i < 4; i++) {
            t[i] = (byte) (crc >>> (8 * i));
            t[4 + i] = (byte) (size >>> (8 * i));
        }
        return t;
    }

    @Override
    public void close() throws IOException {
        try {
            deflated.close();
        } finally {
            deflater.end();
        }
    }
}
