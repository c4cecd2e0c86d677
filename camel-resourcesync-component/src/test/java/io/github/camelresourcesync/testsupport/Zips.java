package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Real ZIP files for tests, including the hostile kinds (zip slip, symlinks, bombs, lying sizes). */
public final class Zips {

    /** Fixed entry time, so the same content gives the same bytes (and hash) every time. */
    private static final long TIME = 1_700_000_000_000L;

    private Zips() {
    }

    /** Entries in order; names are written exactly as given (ZipOutputStream does not check them). */
    public static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                entry.setTime(TIME);
                z.putNextEntry(entry);
                z.write(e.getValue());
                z.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static Map<String, byte[]> entries(Object... nameThenContent) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenContent.length; i += 2) {
            Object v = nameThenContent[i + 1];
            m.put((String) nameThenContent[i], v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8));
        }
        return m;
    }

    /** Marks the entry {@code name} as a Unix symbolic link (host 3, mode 0120777) in the central directory. */
    public static byte[] markSymlink(byte[] zip, String name) {
        byte[] copy = zip.clone();
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        int at = central(b, name);
        b.put(at + 5, (byte) 3);
        b.putInt(at + 38, 0120777 << 16);
        return copy;
    }

    /** Rewrites the uncompressed size the central directory declares for {@code name}. */
    public static byte[] declareSize(byte[] zip, String name, int size) {
        byte[] copy = zip.clone();
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(central(b, name) + 24, size);
        return copy;
    }

    /** Renames an entry in place (same name length), in the central directory and the local header. */
    public static byte[] rename(byte[] zip, String from, String to) {
        byte[] name = to.getBytes(StandardCharsets.UTF_8);
        if (name.length != from.getBytes(StandardCharsets.UTF_8).length) {
            throw new IllegalArgumentException("names must have the same length");
        }
        byte[] copy = zip.clone();
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        int cen = central(b, from);
        int loc = b.getInt(cen + 42);
        b.put(cen + 46, name);
        b.put(loc + 30, name);
        return copy;
    }

    private static int central(ByteBuffer b, String name) {
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + 46 < b.limit(); i++) {
            if (b.getInt(i) == 0x02014b50 && (b.getShort(i + 28) & 0xFFFF) == wanted.length) {
                byte[] actual = new byte[wanted.length];
                b.get(i + 46, actual);
                if (java.util.Arrays.equals(actual, wanted)) {
                    return i;
                }
            }
        }
        throw new IllegalArgumentException("no central directory entry " + name);
    }
}
