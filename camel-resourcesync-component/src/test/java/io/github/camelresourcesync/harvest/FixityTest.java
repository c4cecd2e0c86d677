package io.github.camelresourcesync.harvest;

import java.util.Map;

import io.github.camelresourcesync.model.Hashes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FixityTest {

    @Test
    void aPackageIsCheckedAgainstTheStrongestPublishedHash() {
        assertEquals(Map.of("sha-256", "bb"),
                Fixity.strongestForPackage(Hashes.parse("md5:aa sha-256:bb")).digests());
        assertEquals(Map.of("sha-1", "cc"), Fixity.strongestForPackage(Hashes.parse("md5:aa sha-1:cc")).digests());
        assertEquals(Map.of("md5", "aa"), Fixity.strongestForPackage(Hashes.parse("md5:aa")).digests());
        // nothing this JVM ranks: every published hash stays (each is then verified or warned about, as for resources)
        assertEquals(Map.of("x-unknown", "dd"), Fixity.strongestForPackage(Hashes.parse("x-unknown:dd")).digests());
        assertEquals(Hashes.EMPTY, Fixity.strongestForPackage(Hashes.EMPTY));
    }
}
