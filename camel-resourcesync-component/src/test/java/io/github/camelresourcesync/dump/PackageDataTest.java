package io.github.camelresourcesync.dump;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import io.github.camelresourcesync.testsupport.Zips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Entry bytes read both ways: from a mapped package and with positional reads (Windows, packages over 2 GB). */
class PackageDataTest {

    private static final URI PKG = URI.create("http://example.org/dump/p.zip");

    @TempDir
    Path tmp;

    @Test
    void mappedAndPositionalReadsGiveTheSameBytesAndTheSameChecks() throws Exception {
        byte[] random = new byte[200_000];
        new Random(1).nextBytes(random);
        byte[] text = "abc".repeat(50_000).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Path file = tmp.resolve("p.zip");
        Files.write(file, Zips.declareSize(Zips.zip(Zips.entries("r", random, "t", text, "lies", text, "empty", new byte[0])), "lies", 100));
        Map<String, CentralDirectory.Located> located = CentralDirectory.check(file, PKG, DumpLimits.DEFAULTS);
        for (boolean map : new boolean[] {true, false}) {
            try (PackageData data = PackageData.open(file, PKG, map)) {
                for (int round = 0; round < 2; round++) {
                    try (InputStream in = data.open("r", located.get("r"))) {
                        assertArrayEquals(random, in.readAllBytes(), "mapped " + map);
                    }
                    try (InputStream in = data.open("t", located.get("t"))) {
                        assertTrue(Arrays.equals(text, in.readAllBytes()), "mapped " + map);
                    }
                    try (InputStream in = data.open("empty", located.get("empty"))) {
                        assertArrayEquals(new byte[0], in.readAllBytes(), "mapped " + map);
                    }
                    try (InputStream in = data.open("lies", located.get("lies"))) {
                        DumpException e = assertThrows(DumpException.class, in::readAllBytes);
                        assertTrue(e.getMessage().contains("more than the 100 bytes it declares"), e.getMessage());
                    }
                }
            }
        }
    }
}
