package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.testsupport.SitemapStructure;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

/** Reads what a publisher wrote, with the project's own reader. */
final class PublishedDocs {

    record Doc(DocumentHeader header, List<Entry> entries) {
    }

    private PublishedDocs() {
    }

    static Doc read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toUri());
        }
    }

    static Doc read(InputStream in, URI uri) throws IOException {
        try (SitemapDocument d = new SitemapReader().open(in, uri)) {
            List<Entry> entries = new ArrayList<>();
            for (Entry e = d.next(); e != null; e = d.next()) {
                entries.add(e);
            }
            return new Doc(d.header(), entries);
        }
    }

    /** Every XML document under the directory (not the state directory) passes the structural check. */
    static int assertAllValid(Path dir) throws IOException {
        int n = 0;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                String rel = dir.relativize(p).toString().replace('\\', '/');
                if (rel.startsWith(".publisher") || rel.startsWith("resources/")) {
                    continue;
                }
                if (rel.endsWith(".xml") || rel.equals(".well-known/resourcesync")) {
                    SitemapStructure.assertValid(p);
                    n++;
                }
            }
        }
        return n;
    }
}
