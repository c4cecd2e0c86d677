package io.github.camelresourcesync.state;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.h2.mvstore.Cursor;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.RootReference;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded persistent state store, the default: one H2 MVStore file per process (for example
 * {@code ~/.camel-resourcesync/state.mv.db}). Resources live in MVStore's B-tree pages on disk; only a bounded page
 * cache ({@link #setCacheSizeMb}) is kept in heap.
 *
 * <h2>Layout</h2> Map {@code rs.sources}: sourceKey to the encoded {@link SourceState}; map {@code rs.registry}:
 * sourceKey to the name of its resources map, {@code rs.locations.<sha-256 of sourceKey>}, so keys of different
 * sources never collide however they are spelled; map {@code rs.info}: the layout version (2). Values are encoded with
 * {@link StateCodec}; the keys of resources maps with {@link LocationKeyType} (front-coded per page, so pages are
 * written uncompressed by default). Resources maps of layout 1, {@code rs.resources.<sha-256>} with plain string
 * keys, are still read and written; a source gets a new-style map when it is cleared.
 *
 * <h2>Atomicity and durability</h2> MVStore's automatic commits are switched off (no background writer, no commit
 * when unsaved changes pile up); applies write under one store-wide lock and the store commits only between two
 * applies, so a commit always holds a whole number of applies. MVStore is append-only: a commit writes a new chunk
 * (header, pages, footer with checksum) and never overwrites live data, and on open it takes the newest complete
 * chunk. After a kill during or between applies, the store therefore reopens at a completed apply.
 * <p>
 * By default every apply ends with its own commit. {@code commit()} hands the chunk to the operating system without
 * {@code fsync}: the OS cache survives a crash or kill of the process, only a power loss or kernel crash can lose the
 * last commits (never leaving a half-applied one). The harvester's at-least-once delivery covers that loss: its
 * resume point goes back with the lost commits, so the events are delivered again. Set
 * {@link #setSyncOnCommit syncOnCommit} to also {@code fsync} every commit, at a large cost in applies per second, or
 * {@link #setCommitDelayMillis commitDelayMillis} to group the commits of many small applies (a process crash may then
 * lose the applies of the last interval, which are re-delivered as well).
 * <p>
 * Cost model: each commit writes at least one 4 KB block (typically 8-12 KB: the changed B-tree pages plus MVStore's
 * chunk metadata), and superseded chunks stay in the file for MVStore's retention time (45 s) before their space is
 * reused. Many tiny applies per second therefore make a large file; batch them, or set a commit delay.
 *
 * <h2>Readers</h2> Readers never block and never see an apply in progress: after each apply the store publishes, per
 * source, the new {@link SourceState} and the new root of the resources B-tree (an immutable copy-on-write snapshot).
 * {@link #forEachResource} walks such a snapshot page by page, registered with MVStore so the chunks it reads are not
 * reused meanwhile, and its action may itself call {@link #apply}.
 *
 * <p>
 * MVStore locks the file: a second process opening it fails with a {@link StateStoreException} that says so. Several
 * nodes that must share state use the JDBC state store on a shared database.
 */
public class MVStoreStateStore implements SyncStateStore {

    public static final int DEFAULT_CACHE_SIZE_MB = 16;

    private static final Logger LOG = LoggerFactory.getLogger(MVStoreStateStore.class);

    private static final String SOURCES_MAP = "rs.sources";
    private static final String REGISTRY_MAP = "rs.registry";
    private static final String INFO_MAP = "rs.info";
    /** Layout 1: resources maps with plain string keys; still read, no longer created. */
    private static final String RESOURCES_MAP_PREFIX_1 = "rs.resources.";
    /** Layout 2: resources maps with front-coded location keys ({@link LocationKeyType}). */
    private static final String RESOURCES_MAP_PREFIX = "rs.locations.";
    private static final String LAYOUT_KEY = "layout";
    /**
     * 2 since resources maps are front-coded. A layout-1 file is marked 2 when opened: its maps keep their encoding
     * (the map name says which), new ones use the new one, and an older release refuses the file instead of misreading
     * the new maps.
     */
    private static final String LAYOUT_VERSION = "2";
    private static final String LAYOUT_VERSION_1 = "1";

    /** Check the chunks' fill rate after this many commits or seconds; MVStore's own background compaction is off. */
    private static final int MAINTENANCE_INTERVAL_COMMITS = 1024;
    private static final long MAINTENANCE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final int COMPACT_BELOW_FILL_RATE = 50;
    private static final int COMPACT_TARGET_FILL_RATE = 80;
    private static final int COMPACT_WRITE_BYTES = 16 * 1024 * 1024;
    /**
     * With a commit delay, commit early once MVStore counts this much unsaved page memory (or the cache size, if
     * larger). Its count adds up every page copy, so it overstates the heap really held: a safe bound.
     */
    private static final long MIN_UNSAVED_BYTES = 16 * 1024 * 1024;

    private final Path file;
    private int cacheSizeMb = DEFAULT_CACHE_SIZE_MB;
    private boolean syncOnCommit;
    private boolean compress;
    private long commitDelayMillis;

    /** Serialises all writes; MVStore commits the whole store, so one apply at a time keeps commits whole. */
    private final ReentrantLock writeLock = new ReentrantLock();
    /** Reused by every apply (under the write lock): one exact-size array per resource, no growing buffers. */
    private final StateCodec.Encoder encoder = new StateCodec.Encoder();
    private final ConcurrentHashMap<String, SourceView> views = new ConcurrentHashMap<>();
    private volatile MVStore store;
    private volatile boolean closed;
    private MVMap<String, byte[]> sources;
    private MVMap<String, String> registry;
    private int commitsSinceMaintenance;
    private long lastMaintenanceNanos = System.nanoTime();
    /** Applies written but not yet committed (only with a commit delay); guarded by the write lock. */
    private int pendingApplies;
    private long lastCommitNanos;
    private boolean commitScheduled;
    private ScheduledExecutorService committer;

    public MVStoreStateStore(Path file) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath();
    }

    public MVStoreStateStore(Path file, int cacheSizeMb, boolean syncOnCommit) {
        this(file);
        setCacheSizeMb(cacheSizeMb);
        setSyncOnCommit(syncOnCommit);
    }

    /** Creates and opens a store with the defaults. */
    public static MVStoreStateStore open(Path file) {
        MVStoreStateStore s = new MVStoreStateStore(file);
        s.start();
        return s;
    }

    public Path getFile() {
        return file;
    }

    public int getCacheSizeMb() {
        return cacheSizeMb;
    }

    /** Page cache in MB (default 16); the heap the store needs beyond the changes of one apply. Set before start. */
    public void setCacheSizeMb(int cacheSizeMb) {
        if (cacheSizeMb < 1) {
            throw new IllegalArgumentException("cacheSizeMb must be at least 1, was " + cacheSizeMb);
        }
        this.cacheSizeMb = cacheSizeMb;
    }

    public boolean isSyncOnCommit() {
        return syncOnCommit;
    }

    /**
     * Whether each apply also forces the file to the device ({@code fsync}). Default {@code false}: a process crash
     * loses nothing either way; only a power loss can lose the last applies, which the harvester then re-delivers.
     */
    public void setSyncOnCommit(boolean syncOnCommit) {
        this.syncOnCommit = syncOnCommit;
    }

    public long getCommitDelayMillis() {
        return commitDelayMillis;
    }

    /**
     * Group commit. {@code 0} (the default): every apply ends with its own commit, so a returned apply survives a
     * process crash. {@code > 0}: applies are committed together at most this many milliseconds later (or sooner when
     * their unsaved pages pass the cache size, at least 16 MB); a commit still never splits an apply, so after a crash
     * the store holds a whole number of applies, but the applies of the last interval may be lost and are then
     * re-delivered by the harvester. Much cheaper for small applies: MVStore writes at least one 4 KB block per
     * commit and keeps superseded chunks for 45 s. Set before start.
     */
    public void setCommitDelayMillis(long commitDelayMillis) {
        if (commitDelayMillis < 0) {
            throw new IllegalArgumentException("commitDelayMillis must not be negative, was " + commitDelayMillis);
        }
        this.commitDelayMillis = commitDelayMillis;
    }

    public boolean isCompress() {
        return compress;
    }

    /**
     * LZF page compression (default {@code false}). The keys are front-coded already and digests do not compress, so
     * it saves little: 1M resources with md5 and sha-256 made a 78 MB file compressed against 89 MB without, for
     * about 0.7 us more CPU per resource written. Pages written either way are read either way. Set before start.
     */
    public void setCompress(boolean compress) {
        this.compress = compress;
    }

    @Override
    public void start() {
        opened();
    }

    @Override
    public SourceState source(String sourceKey) {
        return view(sourceKey).state();
    }

    @Override
    public Optional<ResourceState> resource(String sourceKey, String location) {
        Objects.requireNonNull(location, "location");
        MVStore s = opened();
        MVStore.TxCounter usage = s.registerVersionUsage();
        try {
            SourceView view = view(sourceKey);
            if (view.root() == null) {
                return Optional.empty();
            }
            byte[] value = view.map().get(view.root().root, location);
            return value == null ? Optional.empty() : Optional.of(StateCodec.decodeResource(location, value));
        } finally {
            s.deregisterVersionUsage(usage);
        }
    }

    @Override
    public void apply(String sourceKey, StateChange change) {
        Objects.requireNonNull(sourceKey, "sourceKey");
        StateChanges.validate(change);
        if (StateChanges.isEmpty(change)) {
            return;
        }
        writeLock.lock();
        try {
            MVStore s = opened();
            SourceView view = view(sourceKey);
            MVMap<String, byte[]> map = view.map();
            try {
                if (map == null && !change.upserts().isEmpty()) {
                    map = createResourcesMap(sourceKey);
                }
                for (ResourceState r : change.upserts()) {
                    map.put(r.location(), encoder.encodeResource(r));
                }
                if (map != null) {
                    for (String location : change.removed()) {
                        map.remove(location);
                    }
                }
                if (change.source() != null) {
                    sources.put(sourceKey, StateCodec.encodeSource(change.source()));
                }
            } catch (RuntimeException e) {
                throw revert(s, "apply a change of source " + sourceKey, e);
            }
            SourceState state = change.source() != null ? change.source() : view.state();
            views.put(sourceKey, new SourceView(state, map, map == null ? null : map.flushAndGetRoot()));
            pendingApplies++;
            commitIfDue(s);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void forEachResource(String sourceKey, Consumer<ResourceState> action) {
        Objects.requireNonNull(action, "action");
        MVStore s = opened();
        // registered before taking the snapshot, MVStore keeps the chunks it reads even when a commit supersedes them
        MVStore.TxCounter usage = s.registerVersionUsage();
        try {
            SourceView view = view(sourceKey);
            if (view.root() == null) {
                return;
            }
            Cursor<String, byte[]> cursor = new Cursor<>(view.root(), null, null);
            while (cursor.hasNext()) {
                String location = cursor.next();
                action.accept(StateCodec.decodeResource(location, cursor.getValue()));
            }
        } finally {
            s.deregisterVersionUsage(usage);
        }
    }

    @Override
    public long resourceCount(String sourceKey) {
        RootReference<String, byte[]> root = view(sourceKey).root();
        return root == null ? 0 : root.getTotalCount();
    }

    @Override
    public void clear(String sourceKey) {
        Objects.requireNonNull(sourceKey, "sourceKey");
        writeLock.lock();
        try {
            MVStore s = opened();
            SourceView view = view(sourceKey);
            try {
                if (view.map() != null) {
                    s.removeMap(view.map());
                }
                registry.remove(sourceKey);
                sources.remove(sourceKey);
            } catch (RuntimeException e) {
                throw revert(s, "clear source " + sourceKey, e);
            }
            views.put(sourceKey, SourceView.EMPTY);
            pendingApplies++;
            commitPending(s);
            LOG.info("Cleared the state of source {} in {}", sourceKey, file);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void close() {
        writeLock.lock();
        try {
            closed = true;
            if (committer != null) {
                committer.shutdownNow();
                committer = null;
            }
            MVStore s = store;
            store = null;
            views.clear();
            if (s != null && !s.isClosed()) {
                if (pendingApplies > 0) {
                    commit(s);
                    pendingApplies = 0;
                }
                s.close();
                LOG.info("Closed state file {}", file);
            }
        } catch (RuntimeException e) {
            throw new StateStoreException("Cannot close state file " + file + " cleanly: " + e.getMessage()
                    + ". The last completed apply is kept; the file will be recovered on the next open", e);
        } finally {
            writeLock.unlock();
        }
    }

    /** The MVStore version, which grows by exactly one per commit; for tests. */
    long currentVersion() {
        return opened().getCurrentVersion();
    }

    @Override
    public String toString() {
        return "MVStoreStateStore[" + file + "]";
    }

    private MVStore opened() {
        MVStore s = store;
        if (s != null) {
            if (s.isClosed()) {
                throw new StateStoreException("State file " + file + " was closed after a write error ("
                        + s.getPanicException() + "); fix the cause (disk full, permissions) and restart",
                        s.getPanicException());
            }
            return s;
        }
        writeLock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("State store " + file + " is closed");
            }
            if (store == null) {
                store = openStore();
            }
            return store;
        } finally {
            writeLock.unlock();
        }
    }

    private MVStore openStore() {
        try {
            Path parent = file.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new StateStoreException("Cannot create the directory of state file " + file + ": " + e
                    + ". Choose a writable location for the state file", e);
        }
        MVStore.Builder builder = new MVStore.Builder()
                .fileName(file.toString())
                .cacheSize(cacheSizeMb)
                // no background writer and no commit when unsaved changes grow: only apply() commits
                .autoCommitDisabled()
                .autoCommitBufferSize(0);
        if (compress) {
            builder.compress();
        }
        MVStore s;
        try {
            s = builder.open();
        } catch (MVStoreException e) {
            throw openFailure(e);
        } catch (RuntimeException e) {
            throw new StateStoreException("Cannot open state file " + file + ": " + e + damagedHint(), e);
        }
        try {
            initLayout(s);
        } catch (RuntimeException e) {
            s.closeImmediately();
            throw e;
        }
        lastCommitNanos = System.nanoTime();
        if (commitDelayMillis > 0) {
            committer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "resourcesync-state-commit " + file.getFileName());
                t.setDaemon(true);
                return t;
            });
        }
        LOG.info("Opened state file {} ({} sources, cache {} MB, syncOnCommit {}, commitDelayMillis {})", file,
                sources.size(), cacheSizeMb, syncOnCommit, commitDelayMillis);
        return s;
    }

    private void initLayout(MVStore s) {
        boolean fresh = !s.hasMap(INFO_MAP);
        if (fresh && s.getMapNames().stream().anyMatch(n -> !n.startsWith("rs."))) {
            throw new StateStoreException("File " + file + " is an MVStore file but not a camel-resourcesync state file"
                    + "; choose another path for the state file");
        }
        MVMap<String, String> info = s.openMap(INFO_MAP, stringMap());
        sources = s.openMap(SOURCES_MAP, bytesMap());
        registry = s.openMap(REGISTRY_MAP, stringMap());
        String layout = info.get(LAYOUT_KEY);
        if (layout == null || LAYOUT_VERSION_1.equals(layout)) {
            if (layout != null) {
                LOG.info("State file {} has layout version 1; marking it 2 (its resources stay as they are, an older"
                        + " camel-resourcesync will no longer open it)", file);
            }
            info.put(LAYOUT_KEY, LAYOUT_VERSION);
            s.commit();
        } else if (!LAYOUT_VERSION.equals(layout)) {
            throw new StateStoreException("State file " + file + " has layout version " + layout
                    + ", this version reads " + LAYOUT_VERSION + "; use the camel-resourcesync version that wrote it,"
                    + " or move the file away (the next sync will be a fresh baseline)");
        }
    }

    private StateStoreException openFailure(MVStoreException e) {
        if (e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) {
            return new StateStoreException("State file " + file + " is in use by another process"
                    + " (or by another store in this JVM): it is locked. Each process needs its own state file;"
                    + " to share state between nodes, use the JDBC state store on a shared database", e);
        }
        return new StateStoreException("Cannot open state file " + file + ": " + e.getMessage() + damagedHint(), e);
    }

    private static String damagedHint() {
        return ". If the file is damaged, move it away and restart: the state starts empty and the next sync is a"
                + " fresh baseline";
    }

    private MVMap<String, byte[]> createResourcesMap(String sourceKey) {
        String name = resourcesMapName(sourceKey);
        registry.put(sourceKey, name);
        return openResourcesMap(name);
    }

    private MVMap<String, byte[]> openResourcesMap(String name) {
        return store.openMap(name, resourcesMap(name.startsWith(RESOURCES_MAP_PREFIX_1) ? StringDataType.INSTANCE
                : LocationKeyType.INSTANCE));
    }

    private static MVMap.Builder<String, String> stringMap() {
        return new MVMap.Builder<String, String>().keyType(StringDataType.INSTANCE).valueType(StringDataType.INSTANCE);
    }

    /** Explicit types: MVStore's default ObjectDataType would add a type tag to every key and value. */
    private static MVMap.Builder<String, byte[]> bytesMap() {
        return new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE);
    }

    /** A resources map, with the key type its layout uses. */
    private static MVMap.Builder<String, byte[]> resourcesMap(StringDataType keyType) {
        return new MVMap.Builder<String, byte[]>().keyType(keyType).valueType(ByteArrayDataType.INSTANCE);
    }

    static String resourcesMapName(String sourceKey) {
        return RESOURCES_MAP_PREFIX + HexFormat.of().formatHex(StateChanges.sha256(sourceKey));
    }

    /** The published view of a source, loaded once under the write lock so it never shows an apply in progress. */
    private SourceView view(String sourceKey) {
        Objects.requireNonNull(sourceKey, "sourceKey");
        SourceView view = views.get(sourceKey);
        if (view != null) {
            return view;
        }
        opened();
        writeLock.lock();
        try {
            view = views.get(sourceKey);
            if (view == null) {
                view = loadView(sourceKey);
                views.put(sourceKey, view);
            }
            return view;
        } finally {
            writeLock.unlock();
        }
    }

    private SourceView loadView(String sourceKey) {
        byte[] encoded = sources.get(sourceKey);
        SourceState state = encoded == null ? SourceState.INITIAL : StateCodec.decodeSource(sourceKey, encoded);
        String mapName = registry.get(sourceKey);
        if (mapName == null) {
            return new SourceView(state, null, null);
        }
        MVMap<String, byte[]> map = openResourcesMap(mapName);
        return new SourceView(state, map, map.flushAndGetRoot());
    }

    private void commitIfDue(MVStore s) {
        if (commitDelayMillis == 0
                || System.nanoTime() - lastCommitNanos >= TimeUnit.MILLISECONDS.toNanos(commitDelayMillis)
                || s.getUnsavedMemory() > Math.max(MIN_UNSAVED_BYTES, cacheSizeMb * 1024L * 1024L)) {
            commitPending(s);
        } else if (!commitScheduled) {
            commitScheduled = true;
            committer.schedule(this::deferredCommit, commitDelayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void deferredCommit() {
        writeLock.lock();
        try {
            commitScheduled = false;
            MVStore s = store;
            if (s != null && !s.isClosed() && pendingApplies > 0) {
                commitPending(s);
            }
        } catch (RuntimeException e) {
            LOG.error("Deferred commit of state file {} failed", file, e);
        } finally {
            writeLock.unlock();
        }
    }

    /** Commits the applies written so far; called under the write lock, so never in the middle of one. */
    private void commitPending(MVStore s) {
        try {
            commit(s);
        } catch (RuntimeException e) {
            views.clear();
            throw new StateStoreException("Cannot write state file " + file + ": " + e + ". The last " + pendingApplies
                    + " applies are not stored; fix the cause (disk full, permissions) and restart", e);
        }
        pendingApplies = 0;
        lastCommitNanos = System.nanoTime();
        maintain(s);
    }

    private void commit(MVStore s) {
        s.commit();
        if (syncOnCommit) {
            s.sync();
        }
    }

    /**
     * Reverts a failed apply: back to the last commit, which also drops the applies written since then when a commit
     * delay is set (as a crash would), so every cached view is reloaded.
     */
    private StateStoreException revert(MVStore s, String what, RuntimeException cause) {
        views.clear();
        if (pendingApplies > 0) {
            LOG.warn("Reverting state file {} to its last commit drops {} applies not yet committed", file,
                    pendingApplies);
            pendingApplies = 0;
        }
        try {
            if (!s.isClosed()) {
                s.rollback();
            }
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
        return new StateStoreException("Cannot " + what + " in state file " + file + ": " + cause
                + ". Nothing of this change was stored", cause);
    }

    /**
     * Compacts now and then: with automatic commits off, MVStore's background compaction is off too, and old chunks
     * that keep a few live pages would never become free. Compaction rewrites those pages into the next commit, so
     * the old chunks can be reused. Runs under the write lock between applies, so its commit holds no half change.
     */
    private void maintain(MVStore s) {
        long now = System.nanoTime();
        if (++commitsSinceMaintenance < MAINTENANCE_INTERVAL_COMMITS
                && now - lastMaintenanceNanos < MAINTENANCE_INTERVAL_NANOS) {
            return;
        }
        commitsSinceMaintenance = 0;
        lastMaintenanceNanos = now;
        try {
            if (s.getFileStore().getChunksFillRate() < COMPACT_BELOW_FILL_RATE) {
                compact(s);
            }
        } catch (RuntimeException e) {
            // the applies are committed; a failed compaction only leaves the file larger
            LOG.warn("Compacting state file {} failed: {}", file, e.toString());
        }
    }

    private void compact(MVStore s) {
        int fillRate = s.getFileStore().getChunksFillRate();
        long before = s.getFileStore().size();
        s.compact(COMPACT_TARGET_FILL_RATE, COMPACT_WRITE_BYTES);
        if (s.hasUnsavedChanges()) {
            commit(s);
        }
        // compaction moved pages: publish the new roots so snapshots do not keep pointing at chunks about to be freed
        for (Map.Entry<String, SourceView> e : views.entrySet()) {
            SourceView v = e.getValue();
            if (v.map() != null) {
                e.setValue(new SourceView(v.state(), v.map(), v.map().flushAndGetRoot()));
            }
        }
        LOG.debug("Compacted state file {}: chunk fill rate was {}%, size {} -> {} bytes", file, fillRate, before,
                s.getFileStore().size());
    }

    /** Compacts now, with no retention of superseded chunks; for tests. Returns the chunk fill rate afterwards. */
    int compactNowForTest() {
        writeLock.lock();
        try {
            MVStore s = opened();
            s.setRetentionTime(0);
            compact(s);
            return s.getFileStore().getChunksFillRate();
        } finally {
            writeLock.unlock();
        }
    }

    int chunksFillRateForTest() {
        return opened().getFileStore().getChunksFillRate();
    }

    /** What readers see of a source: its committed state and the committed root of its resources map (or none). */
    private record SourceView(SourceState state, MVMap<String, byte[]> map, RootReference<String, byte[]> root) {
        static final SourceView EMPTY = new SourceView(SourceState.INITIAL, null, null);
    }
}
