package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.List;

import org.h2.mvstore.WriteBuffer;
import org.junit.jupiter.api.Test;

/** Front coding of a page of location keys: UTF-8 length boundaries, long keys, and damaged pages. */
class LocationKeyTypeTest {

    private static String[] roundTrip(String... keys) {
        WriteBuffer buff = new WriteBuffer();
        LocationKeyType.INSTANCE.write(buff, keys, keys.length);
        ByteBuffer written = buff.getBuffer().flip();
        String[] read = new String[keys.length];
        LocationKeyType.INSTANCE.read(written, read, keys.length);
        assertEquals(0, written.remaining(), "bytes left over");
        return read;
    }

    private static int encodedSize(String... keys) {
        WriteBuffer buff = new WriteBuffer();
        LocationKeyType.INSTANCE.write(buff, keys, keys.length);
        return buff.position();
    }

    /** 1 byte below U+0080, 2 below U+0800, 3 up to U+FFFF, per char; the boundaries on both sides. */
    @Test
    void charsAtTheUtf8LengthBoundariesRoundTrip() {
        String[] keys = { "\u007f", "\u007f\u0080", "\u007f\u0080\u07ff", "\u007f\u0080\u07ff\u0800",
                "\u007f\u0080\u07ff\u0800\uffff", "\u0001" };
        assertEquals(List.of(keys), List.of(roundTrip(keys)));
        // shared + count + the new chars: 1, 2, 2, 3, 3 bytes, then 1 for the last (no shared prefix)
        assertEquals(2 + 1, encodedSize("\u007f"));
        assertEquals(2 + 2, encodedSize("\u0080"));
        assertEquals(2 + 2, encodedSize("\u07ff"));
        assertEquals(2 + 3, encodedSize("\u0800"));
        // "ab": counts and both chars; "abc": shared 2, count 1, only the "c"
        assertEquals(2 + 2 + 2 + 1, encodedSize("ab", "abc"));
    }

    /** Keys far longer than the coder's scratch buffers, growing and shrinking, in one page. */
    @Test
    void longKeysRoundTrip() {
        String euro = "\u20ac".repeat(300);
        String[] keys = { "a", "a" + "b".repeat(130), "a" + "b".repeat(200), "a" + "b".repeat(1_000), "c" + euro,
                "c" + euro + "\u00e9".repeat(50), "d" };
        assertEquals(List.of(keys), List.of(roundTrip(keys)));
    }

    private static void assertDamaged(int... bytes) {
        ByteBuffer page = ByteBuffer.allocate(bytes.length);
        for (int b : bytes) {
            page.put((byte) b);
        }
        page.flip();
        assertThrows(StateStoreException.class, () -> LocationKeyType.INSTANCE.read(page, new String[2], 2));
    }

    @Test
    void damagedFrontCodingIsRefused() {
        assertDamaged(1, 1, 'a', 0, 1, 'b'); // the first key of a page shares nothing
        assertDamaged(0, 1, 'a', 2, 1, 'b'); // shares more chars than the previous key has
        assertDamaged(0, 1, 'a', 0, 3, 'b'); // more chars announced than bytes follow
        assertDamaged(0, 0xff, 0xff, 0xff, 0xff, 0x0f, 'a'); // a negative count
        assertDamaged(0, 1, 'a', 0xff, 0xff, 0xff, 0xff, 0x0f, 1, 'b'); // a negative shared count
        // the same pages undamaged
        String[] read = new String[2];
        ByteBuffer page = ByteBuffer.wrap(new byte[] { 0, 1, 'a', 1, 1, 'b' });
        LocationKeyType.INSTANCE.read(page, read, 2);
        assertEquals(List.of("a", "ab"), List.of(read));
    }
}
