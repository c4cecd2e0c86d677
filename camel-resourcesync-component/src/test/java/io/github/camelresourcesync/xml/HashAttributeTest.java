package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.camelresourcesync.model.Hashes;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fast path must give what {@link Hashes#parse(String, java.util.function.Consumer)} gives, warnings included. */
class HashAttributeTest {

    @ParameterizedTest
    @ValueSource(strings = { "md5:1584abdf8ebdc9802ac0c6a7402c03b6",
            "md5:1e0d5cb8ef6ba40c99b14c0237be735e \n   sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784",
            "MD5:ABCDEF SHA256:0123 sha-1:ff", "md5:aa md5:bb", "MD5:aa md5:bb",
            "sha-256:f4OxZX_x_DFGFDgghgdfb6rtSx-iosjf6735432nklj", "md5:aa sha-256:not-hex sha-1:bb", "md5:", ":aa",
            "md5", "md5:aa:bb", "\u0001md5:aa", "md5:aa\u0001", "md5:aa\u2028sha-1:bb", "md5:aa\tsha-1:bb" })
    void agreesWithHashesParse(String value) {
        List<String> expectedWarnings = new ArrayList<>();
        List<String> actualWarnings = new ArrayList<>();
        Hashes expected = Hashes.parse(value, expectedWarnings::add);
        Hashes actual = HashAttribute.parse(value, actualWarnings::add);
        assertEquals(expected, actual);
        assertEquals(List.copyOf(expected.digests().keySet()), List.copyOf(actual.digests().keySet()), "order");
        assertEquals(expectedWarnings, actualWarnings);
    }
}
