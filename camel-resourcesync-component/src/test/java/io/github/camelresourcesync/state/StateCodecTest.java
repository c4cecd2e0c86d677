package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Arrays;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Hashes;

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
}
