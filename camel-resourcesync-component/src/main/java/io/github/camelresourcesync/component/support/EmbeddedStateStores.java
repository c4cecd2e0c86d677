package io.github.camelresourcesync.component.support;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.camelresourcesync.state.MVStoreStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded state files a component opened for its endpoints: one {@link MVStoreStateStore} per file, so endpoints
 * naming the same directory share it (MVStore locks its file; a second opener would fail), closed when the component
 * stops. Each component has its own file name, so the `resourcesync`, `resourcesync-atompmh` and
 * `resourcesync-metashare` components can keep their state in the same directory.
 */
public final class EmbeddedStateStores {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStateStores.class);

    private final String fileName;
    private final String what;
    private final Map<Path, MVStoreStateStore> open = new LinkedHashMap<>();

    /**
     * @param fileName the store's file name inside a state directory
     * @param what     whose state it is, for the log line naming the file
     */
    public EmbeddedStateStores(String fileName, String what) {
        this.fileName = fileName;
        this.what = what;
    }

    /** The default state directory: {@code ${user.home}/.camel-resourcesync}. */
    public static String defaultDirectory() {
        return Path.of(System.getProperty("user.home"), ".camel-resourcesync").toString();
    }

    /** The store in {@code directory} (the default directory when {@code null}), opened on first use. */
    public synchronized SyncStateStore open(String directory) throws Exception {
        Path file = Path.of(directory != null ? directory : defaultDirectory(), fileName).toAbsolutePath().normalize();
        MVStoreStateStore store = open.get(file);
        if (store == null) {
            LOG.info("Keeping {} state in {}", what, file);
            store = new MVStoreStateStore(file);
            store.start();
            open.put(file, store);
        }
        return store;
    }

    /** Closes every store opened here; a later {@link #open} opens its file again. */
    public synchronized void closeAll() {
        open.values().forEach(MVStoreStateStore::close);
        open.clear();
    }
}
