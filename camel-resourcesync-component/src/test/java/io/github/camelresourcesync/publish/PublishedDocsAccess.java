package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;

/** Lets Camel-level tests use {@link PublishedDocs}. */
public final class PublishedDocsAccess {

    private PublishedDocsAccess() {
    }

    public static int assertAllValid(Path dir) throws IOException {
        return PublishedDocs.assertAllValid(dir);
    }

    /**
     * Stores a created resource and its change as a version before issue 24 did, without checking its values (a
     * media type with a control character poisoned the store that way).
     */
    public static void storeUnchecked(Path stateDirectory, URI location, String mediaType) throws IOException {
        try (PublisherStore store = new PublisherStore(stateDirectory)) {
            Published p = new Published(location, ChangeType.CREATED, Instant.parse("2025-01-01T00:00:00Z"), null,
                    null, null, mediaType, null, null, null);
            store.putResource(location.toString(), p);
            store.addChange(p);
            store.endEvent();
            store.commit();
        }
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
