package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Hashes;

/** The documented binary layout of {@link StateCodec}: exact bytes, round trips at the edges, damaged values. */
class StateCodecTest {

    private static final ResourceState TYPICAL = new ResourceState("https://ex.org/a", Instant.parse("2024-05-01T10:00:00Z"),
            Hashes.parse("sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784"), 8876L, 3);

    @Test
    void typicalResourceIsCompact() {
        byte[] encoded = StateCodec.encodeResource(TYPICAL);
        assertTrue(encoded.length <= 48, "encoded in " + encoded.length + " bytes");
        assertEquals(TYPICAL, StateCodec.decodeResource(TYPICAL.location(), encoded));
    }

    /** Even-length ASCII hex is stored as bytes; anything else (odd, not hex, other scripts' digits) as text. */
    @Test
    void digestsThatAreNotPlainHexRoundTripAsText() {
        java.util.Map<String, String> digests = new java.util.LinkedHashMap<>();
        digests.put("md5", "abc");
        digests.put("sha-1", "zz12");
        digests.put("sha-256", "\u0663\u0663");
        digests.put("sha-512", "00ff7f80");
        digests.put("sha-384", "0g");
        ResourceState odd = new ResourceState("https://ex.org/b", null, Hashes.of(digests), null, 1);
        assertEquals(odd, StateCodec.decodeResource(odd.location(), StateCodec.encodeResource(odd)));
    }

    @Test
    void sourceEncodingIsDeterministic() {
        SourceState a = new SourceState(true, 2, Instant.EPOCH, Set.of("x", "y", "z"), "c");
        SourceState b = new SourceState(true, 2, Instant.EPOCH, Set.of("z", "y", "x"), "c");
        assertTrue(Arrays.equals(StateCodec.encodeSource(a), StateCodec.encodeSource(b)));
        assertEquals(a, StateCodec.decodeSource("k", StateCodec.encodeSource(a)));
    }

    @Test
    void damagedOrNewerValuesFailClearly() {
        byte[] encoded = StateCodec.encodeResource(TYPICAL);
        byte[] truncated = Arrays.copyOf(encoded, encoded.length - 5);
        StateStoreException e = assertThrows(StateStoreException.class,
                () -> StateCodec.decodeResource(TYPICAL.location(), truncated));
        assertTrue(e.getMessage().contains(TYPICAL.location()) && e.getMessage().contains("damaged"), e.getMessage());

        byte[] newer = encoded.clone();
        newer[0] = 2;
        e = assertThrows(StateStoreException.class, () -> StateCodec.decodeResource(TYPICAL.location(), newer));
        assertTrue(e.getMessage().contains("format 2"), e.getMessage());

        assertThrows(StateStoreException.class, () -> StateCodec.decodeSource("k", new byte[0]));
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] all = new byte[n];
        int pos = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, pos, p.length);
            pos += p.length;
        }
        return all;
    }

    /** Bytes as the class javadoc lays them out, written by hand: a later release must read exactly these. */
    @Test
    void resourceBytesFollowTheDocumentedLayout() {
        String md5 = "1e0d5cb8ef6ba40c99b14c0237be735e";
        ResourceState r = new ResourceState("k", Instant.ofEpochSecond(-1, 5), Hashes.parse("md5:" + md5), 64L, -1);
        byte[] expected = concat(
                bytes(1, 1 | 2 | 4), // format, flags: lastmod, length, hash
                bytes(1), // generation -1 as zigzag
                bytes(1, 5), // lastmod: seconds -1 as zigzag, nanos 5
                bytes(0x80, 0x01), // length 64 as zigzag 128: two varint bytes
                bytes(1, 1, 16), HexFormat.of().parseHex(md5)); // one digest: md5 code, 16 raw bytes
        assertArrayEquals(expected, StateCodec.encodeResource(r));
        assertArrayEquals(expected, new StateCodec.Encoder().encodeResource(r));
        assertEquals(r, StateCodec.decodeResource("k", expected));

        ResourceState bare = new ResourceState("k", null, null, null, 63);
        assertArrayEquals(bytes(1, 0, 126), StateCodec.encodeResource(bare));
        assertEquals(bare, StateCodec.decodeResource("k", bytes(1, 0, 126)));
    }

    @Test
    void digestCodesNamedAlgorithmsAndTextDigests() {
        Map<String, String> digests = new LinkedHashMap<>();
        digests.put("sha-1", "ab");
        digests.put("sha-256", "cd");
        digests.put("sha-512", "ef");
        digests.put("sha-384", "01");
        digests.put("sha-224", "23");
        digests.put("xxh3", "4567");
        digests.put("md5", "abc");
        ResourceState r = new ResourceState("k", null, Hashes.of(digests), null, 0);
        byte[] expected = concat(bytes(1, 4, 0, 7),
                bytes(2, 1, 0xab), bytes(3, 1, 0xcd), bytes(4, 1, 0xef), bytes(5, 1, 0x01), bytes(6, 1, 0x23),
                bytes(0, 4), "xxh3".getBytes(StandardCharsets.UTF_8), bytes(2, 0x45, 0x67),
                bytes(0x80 | 1, 3), "abc".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(expected, StateCodec.encodeResource(r));
        assertEquals(r, StateCodec.decodeResource("k", expected));
        assertEquals(digests, StateCodec.decodeResource("k", expected).hash().digests());
    }

    @Test
    void sourceBytesFollowTheDocumentedLayout() {
        assertArrayEquals(bytes(1, 0, 0, 0), StateCodec.encodeSource(SourceState.INITIAL));
        SourceState full = new SourceState(true, -2, Instant.ofEpochSecond(1, 999_999_999), Set.of("b", "a"), "c",
                true);
        byte[] expected = concat(bytes(1, 1 | 2 | 4 | 8, 3), bytes(2, 0xff, 0x93, 0xeb, 0xdc, 0x03),
                bytes(2, 1, 'a', 1, 'b'), bytes(1, 'c'));
        assertArrayEquals(expected, StateCodec.encodeSource(full));
        assertEquals(full, StateCodec.decodeSource("k", expected));
        SourceState onlyFlags = new SourceState(false, 0, null, Set.of(), null, true);
        assertEquals(onlyFlags, StateCodec.decodeSource("k", StateCodec.encodeSource(onlyFlags)));
        SourceState complete = new SourceState(true, 0, null, Set.of(), null, false);
        assertEquals(complete, StateCodec.decodeSource("k", StateCodec.encodeSource(complete)));
    }

    @Test
    void extremeNumbersRoundTrip() {
        long[] values = { 0, 1, -1, 63, 64, -64, -65, 127, 128, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE,
                Long.MIN_VALUE };
        for (long v : values) {
            ResourceState r = new ResourceState("k", Instant.ofEpochSecond(v / 1_000_000_000L, Math.abs(v % 1_000)),
                    Hashes.EMPTY, v, v);
            assertEquals(r, StateCodec.decodeResource("k", StateCodec.encodeResource(r)), Long.toString(v));
        }
    }

    /** One encoder reused for values of any size: each result is exactly that value's encoding. */
    @Test
    void encoderIsReusableAcrossSizes() {
        StateCodec.Encoder encoder = new StateCodec.Encoder();
        Map<String, String> many = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            many.put("algo" + i, "00112233445566778899aabbccddeeff");
        }
        ResourceState big = new ResourceState("k", Instant.EPOCH, Hashes.of(many), 1L, 1);
        ResourceState small = new ResourceState("k", null, null, null, 2);
        assertArrayEquals(StateCodec.encodeResource(big), encoder.encodeResource(big));
        assertArrayEquals(bytes(1, 0, 4), encoder.encodeResource(small));
        assertEquals(big, StateCodec.decodeResource("k", encoder.encodeResource(big)));
        SourceState longIds = new SourceState(false, 1, Instant.EPOCH, Set.of("x".repeat(300), "y".repeat(70)), "z");
        assertEquals(longIds, StateCodec.decodeSource("k", StateCodec.encodeSource(longIds)));
    }

    @Test
    void damagedValuesFailNamingTheDamage() {
        byte[] overlong = bytes(1, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01);
        StateStoreException e = assertThrows(StateStoreException.class, () -> StateCodec.decodeResource("k", overlong));
        assertTrue(e.getMessage().contains("overlong"), e.getMessage());
        // ten bytes is the longest a 64-bit varint may be: zigzag 0xff..fe is Long.MAX_VALUE
        assertEquals(Long.MAX_VALUE, StateCodec.decodeResource("k",
                bytes(1, 0, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)).generation());

        byte[] unknownCode = bytes(1, 4, 0, 1, 7, 1, 0xab);
        e = assertThrows(StateStoreException.class, () -> StateCodec.decodeResource("k", unknownCode));
        assertTrue(e.getMessage().contains("unknown hash algorithm code 7"), e.getMessage());

        byte[] countPastEnd = bytes(1, 0, 0, 3, 1, 'a');
        e = assertThrows(StateStoreException.class, () -> StateCodec.decodeSource("src", countPastEnd));
        assertTrue(e.getMessage().contains("source state of src") && e.getMessage().contains("truncated"),
                e.getMessage());
        byte[] countExact = bytes(1, 0, 0, 1, 1, 'a');
        assertEquals(Set.of("a"), StateCodec.decodeSource("src", countExact).resumeEventIds());
        byte[] negativeCount = bytes(1, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01);
        assertThrows(StateStoreException.class, () -> StateCodec.decodeSource("src", negativeCount));
    }
}
