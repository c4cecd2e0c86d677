package io.github.camelresourcesync.bridge.metashare;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Reads the small ZIP packages a node answers with (the inventory, one record): every entry's raw bytes, in package
 * order, with the inflated total bounded so a hostile package cannot exhaust memory.
 */
final class MetashareZip {

    private MetashareZip() {
    }

    /**
     * @param maxBytes largest total of inflated entry bytes accepted
     * @return entry name to raw bytes, in package order; empty when the bytes are no ZIP
     * @throws IOException when the package is corrupt or over the limit (the caller names node and record)
     */
    static Map<String, byte[]> entries(byte[] zip, long maxBytes) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        long total = 0;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                if (e.isDirectory()) {
                    continue;
                }
                byte[] bytes = read(in, maxBytes - total);
                total += bytes.length;
                if (out.put(e.getName(), bytes) != null) {
                    throw new IOException("entry " + e.getName() + " appears twice");
                }
            }
        }
        return out;
    }

    private static byte[] read(InputStream in, long budget) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            if (out.size() + (long) n > budget) {
                throw new IOException("package inflates beyond the size limit");
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }
}
