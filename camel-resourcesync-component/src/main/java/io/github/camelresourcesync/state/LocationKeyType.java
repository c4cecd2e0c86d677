package io.github.camelresourcesync.state;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.h2.mvstore.DataUtils;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.StringDataType;

/**
 * Key type of the resources maps of layout 2: resource locations, front-coded per B-tree page. The keys of a page are
 * sorted and neighbours share most of their URI ({@code http://host/dataset/records/0042/record-000420}...), so each
 * key is written as the number of leading chars it shares with the previous key and the rest:
 *
 * <pre>
 * per key, in page order:
 *   varint  shared     chars in common with the previous key of the page (0 for the first)
 *   varint  n          chars that follow
 *   n chars            each as 1 byte (below 0x80), 2 bytes (below 0x800) or 3 bytes, as MVStore's own strings
 * </pre>
 *
 * About 8 bytes per key instead of 60-100, without page compression: writing the pages takes a fraction of the CPU
 * of LZF, and the file stays as small as a compressed one. Comparison, memory estimate and the in-heap form are
 * those of {@link StringDataType}: only the page encoding differs.
 */
final class LocationKeyType extends StringDataType {

    static final LocationKeyType INSTANCE = new LocationKeyType();

    private LocationKeyType() {
    }

    @Override
    public void write(WriteBuffer buff, Object storage, int len) {
        String[] keys = (String[]) storage;
        byte[] scratch = new byte[64];
        String previous = "";
        for (int i = 0; i < len; i++) {
            String key = keys[i];
            int shared = sharedPrefix(previous, key);
            int n = key.length() - shared;
            if (scratch.length < 3 * n) {
                scratch = new byte[3 * n];
            }
            int pos = 0;
            for (int j = shared; j < key.length(); j++) {
                char c = key.charAt(j);
                if (c < 0x80) {
                    scratch[pos++] = (byte) c;
                } else if (c < 0x800) {
                    scratch[pos++] = (byte) (0xc0 | c >> 6);
                    scratch[pos++] = (byte) (0x80 | c & 0x3f);
                } else {
                    scratch[pos++] = (byte) (0xe0 | c >> 12);
                    scratch[pos++] = (byte) (0x80 | c >> 6 & 0x3f);
                    scratch[pos++] = (byte) (0x80 | c & 0x3f);
                }
            }
            buff.putVarInt(shared).putVarInt(n).put(scratch, 0, pos);
            previous = key;
        }
    }

    @Override
    public void read(ByteBuffer buff, Object storage, int len) {
        String[] keys = (String[]) storage;
        char[] chars = new char[128];
        for (int i = 0; i < len; i++) {
            int shared = DataUtils.readVarInt(buff);
            int n = DataUtils.readVarInt(buff);
            int length = shared + n;
            // every char takes a byte at least, so a damaged count fails here instead of allocating gigabytes
            if (shared < 0 || n < 0 || n > buff.remaining() || length < 0 || i == 0 && shared != 0
                    || i > 0 && shared > keys[i - 1].length()) {
                throw new StateStoreException("Stored resource location is damaged (bad front coding " + shared + "+"
                                              + n + " in a page of the state file)");
            }
            if (chars.length < length) {
                chars = Arrays.copyOf(chars, Math.max(length, 2 * chars.length));
            }
            // chars [0, shared) still hold the previous key
            for (int j = shared; j < length; j++) {
                int x = buff.get() & 0xff;
                if (x < 0x80) {
                    chars[j] = (char) x;
                } else if (x >= 0xe0) {
                    chars[j] = (char) (((x & 0xf) << 12) + ((buff.get() & 0x3f) << 6) + (buff.get() & 0x3f));
                } else {
                    chars[j] = (char) (((x & 0x1f) << 6) + (buff.get() & 0x3f));
                }
            }
            keys[i] = new String(chars, 0, length);
        }
    }

    private static int sharedPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }
}
