package io.github.camelresourcesync.state;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps a streaming pass must remember (the keys listed so far, what it found) in a temporary MVStore file with a 4 MB
 * page cache, so a pass over millions of resources holds a few megabytes of heap; the price is about 100 bytes of
 * disk per entry. Auto-commit writes pages out as they fill. The file is deleted on {@link #close()}.
 */
public final class ScratchStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScratchStore.class);
    private static final int CACHE_MB = 4;

    private final Path file;
    private final MVStore store;

    /**
     * @param directory where the temporary file goes; {@code null} for the JVM's temporary directory
     * @param purpose   names the file ({@code resourcesync-<purpose>-*.mv})
     */
    public ScratchStore(Path directory, String purpose) throws IOException {
        Path dir = directory != null ? directory : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(dir);
        file = Files.createTempFile(dir, "resourcesync-" + purpose + "-", ".mv");
        Files.delete(file); // MVStore creates it
        store = new MVStore.Builder().fileName(file.toString()).cacheSize(CACHE_MB).open();
    }

    public <K, V> MVMap<K, V> map(String name) {
        return store.openMap(name);
    }

    public void remove(MVMap<?, ?> map) {
        store.removeMap(map);
    }

    @Override
    public void close() {
        try {
            store.closeImmediately();
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.warn("Cannot delete the temporary file {}: {}", file, e.getMessage());
                file.toFile().deleteOnExit();
            }
        }
    }
}
