package io.github.camelresourcesync.state;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.model.Hashes;

/**
 * Compact binary encoding of {@link ResourceState} values and {@link SourceState} records, for stores that keep state
 * outside the heap (MVStore, a JDBC {@code BLOB}/{@code BYTEA} column). Not Java serialization: a versioned, documented
 * layout that a later release can still read.
 *
 * <p>
 * Primitives: {@code varint} is an unsigned LEB128 integer (7 bits per byte, low bits first); {@code zigzag} a signed
 * value mapped to unsigned first ({@code (n << 1) ^ (n >> 63)}) so small negative numbers stay short; {@code string}
 * a varint byte count followed by UTF-8; {@code instant} a zigzag of epoch seconds followed by a varint of the nanos.
 *
 * <pre>
 * resource value (the location is the key, not repeated):
 *   byte    format = 1
 *   byte    flags: 1 lastmod present, 2 length present, 4 hash present
 *   zigzag  generation
 *   instant lastmod             (if flag 1)
 *   zigzag  length              (if flag 2)
 *   varint  digest count        (if flag 4), then per digest:
 *     byte    algorithm: low 7 bits 1 md5, 2 sha-1, 3 sha-256, 4 sha-512, 5 sha-384, 6 sha-224, 0 named;
 *             bit 0x80: digest kept as UTF-8 text (odd length or not hex) instead of raw bytes
 *     string  algorithm name    (if code 0)
 *     varint  n, then n bytes   (raw digest bytes, or the text)
 *
 * source state:
 *   byte    format = 1
 *   byte    flags: 1 baselineComplete, 2 resumeTime present, 4 cursor present, 8 baselineSweeps
 *   zigzag  baselineGeneration
 *   instant resumeTime          (if flag 2)
 *   varint  resume event id count, then each id as string (sorted, so equal states encode equally)
 *   string  cursor              (if flag 4)
 * </pre>
 *
 * A resource with a sha-256, lastmod and length costs about 47 bytes plus its key; an md5 only about 22.
 */
public final class StateCodec {

    /** The only layout written so far; readers refuse anything newer with a clear message. */
    public static final int FORMAT = 1;

    private static final String[] ALGORITHMS = { null, "md5", "sha-1", "sha-256", "sha-512", "sha-384", "sha-224" };
    private static final int HEX_TEXT = 0x80;

    private StateCodec() {
    }

    public static byte[] encodeResource(ResourceState resource) {
        Writer w = new Writer(48);
        writeResource(w, resource);
        return w.toByteArray();
    }

    /**
     * Encodes resources through one scratch buffer, so each costs a single exact-size array. Not thread-safe: one per
     * writer (a store's apply runs under its write lock).
     */
    public static final class Encoder {
        private final Writer scratch = new Writer(256);

        public byte[] encodeResource(ResourceState resource) {
            scratch.pos = 0;
            writeResource(scratch, resource);
            return scratch.toByteArray();
        }
    }

    private static void writeResource(Writer w, ResourceState resource) {
        w.writeByte(FORMAT);
        int flags = (resource.lastmod() != null ? 1 : 0)
                | (resource.length() != null ? 2 : 0)
                | (!resource.hash().isEmpty() ? 4 : 0);
        w.writeByte(flags);
        w.writeZigZag(resource.generation());
        if (resource.lastmod() != null) {
            w.writeInstant(resource.lastmod());
        }
        if (resource.length() != null) {
            w.writeZigZag(resource.length());
        }
        if (!resource.hash().isEmpty()) {
            Map<String, String> digests = resource.hash().digests();
            w.writeVarLong(digests.size());
            digests.forEach(w::writeDigest);
        }
    }

    public static ResourceState decodeResource(String location, byte[] value) {
        Reader r = new Reader(value, "resource " + location);
        int flags = r.readByte();
        long generation = r.readZigZag();
        Instant lastmod = (flags & 1) != 0 ? r.readInstant() : null;
        Long length = (flags & 2) != 0 ? r.readZigZag() : null;
        Hashes hash = Hashes.EMPTY;
        if ((flags & 4) != 0) {
            int count = r.readCount();
            Map<String, String> digests = new LinkedHashMap<>(count * 2);
            for (int i = 0; i < count; i++) {
                r.readDigest(digests);
            }
            hash = Hashes.of(digests);
        }
        return new ResourceState(location, lastmod, hash, length, generation);
    }

    public static byte[] encodeSource(SourceState state) {
        Writer w = new Writer(64);
        w.writeByte(FORMAT);
        int flags = (state.baselineComplete() ? 1 : 0)
                | (state.resumeTime() != null ? 2 : 0)
                | (state.cursor() != null ? 4 : 0)
                | (state.baselineSweeps() ? 8 : 0);
        w.writeByte(flags);
        w.writeZigZag(state.baselineGeneration());
        if (state.resumeTime() != null) {
            w.writeInstant(state.resumeTime());
        }
        String[] ids = state.resumeEventIds().toArray(new String[0]);
        Arrays.sort(ids);
        w.writeVarLong(ids.length);
        for (String id : ids) {
            w.writeString(id);
        }
        if (state.cursor() != null) {
            w.writeString(state.cursor());
        }
        return w.toByteArray();
    }

    public static SourceState decodeSource(String sourceKey, byte[] value) {
        Reader r = new Reader(value, "source state of " + sourceKey);
        int flags = r.readByte();
        long generation = r.readZigZag();
        Instant resumeTime = (flags & 2) != 0 ? r.readInstant() : null;
        int count = r.readCount();
        Set<String> ids = new HashSet<>(count * 2);
        for (int i = 0; i < count; i++) {
            ids.add(r.readString());
        }
        String cursor = (flags & 4) != 0 ? r.readString() : null;
        return new SourceState((flags & 1) != 0, generation, resumeTime, ids, cursor, (flags & 8) != 0);
    }

    private static int algorithmCode(String algorithm) {
        for (int i = 1; i < ALGORITHMS.length; i++) {
            if (ALGORITHMS[i].equals(algorithm)) {
                return i;
            }
        }
        return 0;
    }

    /** Growable byte buffer; avoids ByteArrayOutputStream's synchronisation on this hot path. */
    private static final class Writer {
        private byte[] buf;
        private int pos;

        Writer(int capacity) {
            buf = new byte[capacity];
        }

        void writeByte(int b) {
            ensure(1);
            buf[pos++] = (byte) b;
        }

        void writeVarLong(long v) {
            ensure(10);
            while ((v & ~0x7FL) != 0) {
                buf[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[pos++] = (byte) v;
        }

        void writeZigZag(long v) {
            writeVarLong((v << 1) ^ (v >> 63));
        }

        void writeInstant(Instant t) {
            writeZigZag(t.getEpochSecond());
            writeVarLong(t.getNano());
        }

        void writeBytes(byte[] bytes) {
            writeVarLong(bytes.length);
            ensure(bytes.length);
            System.arraycopy(bytes, 0, buf, pos, bytes.length);
            pos += bytes.length;
        }

        void writeString(String s) {
            writeBytes(s.getBytes(StandardCharsets.UTF_8));
        }

        void writeDigest(String algorithm, String hex) {
            int code = algorithmCode(algorithm);
            int start = pos;
            writeByte(code);
            if (code == 0) {
                writeString(algorithm);
            }
            if (!writeHexAsBytes(hex)) {
                buf[start] = (byte) (code | HEX_TEXT);
                writeString(hex);
            }
        }

        /** Writes even-length hex as its bytes in one pass; leaves the buffer as it was and says no otherwise. */
        private boolean writeHexAsBytes(String hex) {
            int n = hex.length();
            if ((n & 1) != 0) {
                return false;
            }
            int start = pos;
            writeVarLong(n / 2);
            ensure(n / 2);
            for (int i = 0; i < n; i += 2) {
                char c1 = hex.charAt(i);
                char c2 = hex.charAt(i + 1);
                // HexFormat looks digits up in a table (ASCII 0-9 a-f A-F only; Character.digit would also take other
                // scripts' digits, which are kept as text): range tests were mispredicted on random digests, a
                // quarter of the state writer's time
                if (!HexFormat.isHexDigit(c1) || !HexFormat.isHexDigit(c2)) {
                    pos = start;
                    return false;
                }
                int hi = HexFormat.fromHexDigit(c1);
                int lo = HexFormat.fromHexDigit(c2);
                buf[pos++] = (byte) (hi << 4 | lo);
            }
            return true;
        }

        private void ensure(int n) {
            if (pos + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, pos);
        }
    }

    /** Bounds-checked reader: a truncated or foreign value fails with a message naming what it was. */
    private static final class Reader {
        private static final char[] HEX = "0123456789abcdef".toCharArray();
        private final byte[] buf;
        private final String what;
        private int pos;

        Reader(byte[] buf, String what) {
            this.buf = buf;
            this.what = what;
            int format = readByte();
            if (format != FORMAT) {
                throw new StateStoreException("Stored " + what + " has encoding format " + format
                        + ", this version reads format " + FORMAT
                        + "; it was written by a newer camel-resourcesync or is damaged");
            }
        }

        int readByte() {
            if (pos >= buf.length) {
                throw truncated();
            }
            return buf[pos++] & 0xFF;
        }

        long readVarLong() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int b = readByte();
                v |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return v;
                }
            }
            throw new StateStoreException("Stored " + what + " is damaged (overlong number)");
        }

        long readZigZag() {
            long v = readVarLong();
            return (v >>> 1) ^ -(v & 1);
        }

        int readCount() {
            long n = readVarLong();
            if (n < 0 || n > buf.length - pos) {
                throw truncated();
            }
            return (int) n;
        }

        Instant readInstant() {
            long seconds = readZigZag();
            return Instant.ofEpochSecond(seconds, readVarLong());
        }

        byte[] readBytes() {
            int n = readCount();
            byte[] bytes = Arrays.copyOfRange(buf, pos, pos + n);
            pos += n;
            return bytes;
        }

        String readString() {
            return new String(readBytes(), StandardCharsets.UTF_8);
        }

        void readDigest(Map<String, String> into) {
            int b = readByte();
            int code = b & ~HEX_TEXT;
            String algorithm = code == 0 ? readString()
                    : code < ALGORITHMS.length ? ALGORITHMS[code] : null;
            if (algorithm == null) {
                throw new StateStoreException(
                        "Stored " + what + " is damaged (unknown hash algorithm code " + code + ")");
            }
            byte[] digest = readBytes();
            String hex = (b & HEX_TEXT) != 0 ? new String(digest, StandardCharsets.UTF_8) : bytesToHex(digest);
            into.put(algorithm, hex);
        }

        private static String bytesToHex(byte[] bytes) {
            char[] chars = new char[bytes.length * 2];
            for (int i = 0; i < bytes.length; i++) {
                chars[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
                chars[2 * i + 1] = HEX[bytes[i] & 0xF];
            }
            return new String(chars);
        }

        private StateStoreException truncated() {
            return new StateStoreException("Stored " + what + " is damaged (truncated value)");
        }
    }
}
