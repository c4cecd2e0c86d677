package io.github.camelresourcesync.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * The locations a Resource List (with its index) has listed, to find one listed twice: a disk-backed set in a
 * temporary MVStore file with a 4 MB page cache (the approach of the audit's scratch store), so a list of millions
 * holds a few megabytes of heap. About 100 bytes of disk per location; deleted on {@link #close()}.
 */
final class ListedLocations implements AutoCloseable {

    private static final int CACHE_MB = 4;

    private final Path file;
    private final MVStore store;
    private MVMap<String, String> listed;
    private int generation;

    ListedLocations(Path directory) throws IOException {
        Path dir = directory != null ? directory : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(dir);
        file = Files.createTempFile(dir, "resourcesync-validate-", ".mv");
        Files.delete(file); // MVStore creates it
        store = new MVStore.Builder().fileName(file.toString()).cacheSize(CACHE_MB).open();
        listed = store.openMap("listed-0");
    }

    /** Forgets every location: a new Resource List starts. */
    void reset() {
        if (listed.isEmpty()) {
            return;
        }
        store.removeMap(listed);
        listed = store.openMap("listed-" + (++generation));
    }

    /**
     * @return {@code null} when {@code loc} was not listed yet, else the document that listed it first
     */
    String add(String loc, String document) {
        return listed.putIfAbsent(loc, document); // MVStore's auto-commit writes pages out: heap stays bounded
    }

    @Override
    public void close() {
        try {
            store.closeImmediately();
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                file.toFile().deleteOnExit();
            }
        }
    }
}
