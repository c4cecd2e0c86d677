package io.github.camelresourcesync.component.publish;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Enumeration;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterInputStream;

/**
 * The gzip form (RFC 1952) of a stream, compressed as it is read: a {@code Content-Encoding: gzip} body in constant
 * memory, where {@link java.util.zip.GZIPOutputStream} would need the whole result (or a thread) in between.
 */
final class GzipStream {

    private static final byte[] HEADER = { 0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff };

    private GzipStream() {
    }

    /** Header, deflated data, and the trailer, made once the data has ended; closing closes {@code in}. */
    static InputStream of(InputStream in) {
        CRC32 crc = new CRC32();
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        InputStream deflated = new DeflaterInputStream(new CheckedInputStream(in, crc), deflater);
        Enumeration<InputStream> parts = new Enumeration<>() {
            private int next;

            @Override
            public boolean hasMoreElements() {
                return next < 3;
            }

            @Override
            public InputStream nextElement() {
                return switch (next++) {
                    case 0 -> new ByteArrayInputStream(HEADER);
                    case 1 -> deflated;
                    default -> new ByteArrayInputStream(trailer(crc.getValue(), deflater.getBytesRead()));
                };
            }
        };
        return new SequenceInputStream(parts) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    deflater.end();
                }
            }
        };
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
}
