package io.github.camelresourcesync.examples.demo;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A static copy of the demo Source: documents and resources at the paths of their URLs, fixity intact. */
class StaticSourceWriterTest {

    private static final URI BASE = URI.create("http://127.0.0.1:8000/");

    @TempDir
    Path dir;

    @Test
    void writesDocumentsAndResourcesAtTheirUrlPaths() throws Exception {
        List<Path> written = StaticSourceWriter.write(dir, BASE, DemoSource.Settings.defaults());
        assertTrue(Files.isRegularFile(dir.resolve(".well-known/resourcesync")));
        assertTrue(Files.isRegularFile(dir.resolve("changelist-2.xml")), "the open Change List after 25 changes");

        assertEquals(Capability.CAPABILITYLIST, read(".well-known/resourcesync").get(0).md().capabilityType());
        int resources = 0;
        for (Entry list : read("resourcelist-index.xml")) {
            for (Entry e : read(BASE.relativize(list.loc()).toString())) {
                Path file = dir.resolve(BASE.relativize(e.loc()).toString());
                byte[] bytes = Files.readAllBytes(file);
                assertEquals(e.md().length(), (long) bytes.length, file.toString());
                assertEquals(e.md().hash().get("sha-256"), SourceModel.hex("SHA-256", bytes), file.toString());
                assertEquals(e.md().hash().get("md5"), SourceModel.hex("MD5", bytes), file.toString());
                resources++;
            }
        }
        // documents: description, capability list, 2 indexes, 3 resource lists, 3 change lists
        assertEquals(10 + resources, written.size());
    }

    private List<Entry> read(String path) throws Exception {
        List<Entry> entries = new ArrayList<>();
        try (InputStream in = Files.newInputStream(dir.resolve(path));
             SitemapDocument doc = new SitemapReader().open(in, BASE.resolve(path))) {
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                entries.add(e);
            }
        }
        return entries;
    }
}
