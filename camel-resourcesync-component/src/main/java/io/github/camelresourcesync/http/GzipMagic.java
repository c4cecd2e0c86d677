package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.zip.GZIPInputStream;

/**
 * Recognises gzip data by its first two bytes ({@code 1f 8b}). Sources publish {@code changelist.xml.gz} without a
 * {@code Content-Encoding}, and some servers even gzip such a file a second time; for capability documents the bytes
 * are what matters, not the labels.
 */
final class GzipMagic {

    private static final int MAGIC_0 = 0x1f;
    private static final int MAGIC_1 = 0x8b;

    private GzipMagic() {
    }

    /** The stream, gunzipped when it starts with the gzip magic; reads at most two bytes ahead. */
    static InputStream gunzipIfMagic(InputStream in) throws IOException {
        PushbackInputStream pushback = new PushbackInputStream(in, 2);
        byte[] head = new byte[2];
        int n = 0;
        while (n < 2) {
            int r = pushback.read(head, n, 2 - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        if (n > 0) {
            pushback.unread(head, 0, n);
        }
        if (n == 2 && (head[0] & 0xff) == MAGIC_0 && (head[1] & 0xff) == MAGIC_1) {
            return new GZIPInputStream(pushback, 8192);
        }
        return pushback;
    }
}
