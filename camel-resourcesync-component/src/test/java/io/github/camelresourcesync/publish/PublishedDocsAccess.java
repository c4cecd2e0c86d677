package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;

/** Lets Camel-level tests use {@link PublishedDocs}. */
public final class PublishedDocsAccess {

    private PublishedDocsAccess() {
    }

    public static int assertAllValid(Path dir) throws IOException {
        return PublishedDocs.assertAllValid(dir);
    }

    /** The names of the files in {@code directory}, sorted. */
    public static List<String> fileNames(Path directory) throws IOException {
        return PublisherTest.fileNames(directory);
    }

    /** Path in the package to content, for every package of the Resource Dump, each bitstream verified. */
    public static Map<String, String> readResourceDump(Path dir) throws Exception {
        Map<String, String> out = new TreeMap<>();
        PublishedDocs.Doc dump = PublishedDocs.read(dir.resolve("resourcedump.xml"));
        for (Entry pkg : dump.entries()) {
            String name = pkg.loc().getPath().substring(pkg.loc().getPath().indexOf("/dumps/") + 1);
            out.putAll(PublisherTest.readPackage(dir.resolve(name), Capability.RESOURCEDUMP_MANIFEST));
        }
        return out;
    }
}
