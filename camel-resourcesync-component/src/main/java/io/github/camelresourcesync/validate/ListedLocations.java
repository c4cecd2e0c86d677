package io.github.camelresourcesync.validate;

import java.io.IOException;
import java.nio.file.Path;

import io.github.camelresourcesync.state.ScratchStore;
import org.h2.mvstore.MVMap;

/**
 * The locations a Resource List (with its index) has listed, to find one listed twice: a disk-backed set in a
 * {@link ScratchStore}, so a list of millions holds a few megabytes of heap.
 */
final class ListedLocations implements AutoCloseable {

    private final ScratchStore store;
    private MVMap<String, String> listed;
    private int generation;

    ListedLocations(Path directory) throws IOException {
        store = new ScratchStore(directory, "validate");
        listed = store.map("listed-0");
    }

    /** Forgets every location: a new Resource List starts. */
    void reset() {
        if (listed.isEmpty()) {
            return;
        }
        store.remove(listed);
        listed = store.map("listed-" + (++generation));
    }

    /**
     * @return {@code null} when {@code loc} was not listed yet, else the document that listed it first
     */
    String add(String loc, String document) {
        return listed.putIfAbsent(loc, document);
    }

    @Override
    public void close() {
        store.close();
    }
}
