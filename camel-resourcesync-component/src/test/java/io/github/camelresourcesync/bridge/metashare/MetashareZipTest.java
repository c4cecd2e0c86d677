package io.github.camelresourcesync.bridge.metashare;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The size bound of a node's ZIP packages: the inflated total of all entries, to the byte. */
class MetashareZipTest {

    private static byte[] zip(String... namesAndTexts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndTexts.length; i += 2) {
                out.putNextEntry(new ZipEntry(namesAndTexts[i]));
                out.write(namesAndTexts[i + 1].getBytes(StandardCharsets.US_ASCII));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    @Test
    void theLimitBoundsTheInflatedTotalOfAllEntriesToTheByte() throws IOException {
        // 600 + 600 bytes that deflate to a few dozen: the limit is on what they inflate to, summed over entries
        byte[] zip = zip("metadata.xml", "x".repeat(600), "storage-global.json", "y".repeat(600));
        Map<String, byte[]> entries = MetashareZip.entries(zip, 1200);
        assertEquals(List.of("metadata.xml", "storage-global.json"), List.copyOf(entries.keySet()));
        assertEquals(600, entries.get("storage-global.json").length);
        IOException over = assertThrows(IOException.class, () -> MetashareZip.entries(zip, 1199));
        assertTrue(over.getMessage().contains("beyond the size limit"), over.getMessage());
        assertThrows(IOException.class, () -> MetashareZip.entries(zip, 599), "the first entry alone is over");
    }
}
