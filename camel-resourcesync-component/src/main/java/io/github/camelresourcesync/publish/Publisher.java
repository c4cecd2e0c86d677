package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Printable;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maintains a ResourceSync Source in a directory from a stream of sync events: each event that changes what is
 * published becomes one entry of the open Change List and updates the Resource List; re-sending an event already
 * published changes nothing. What was published lives in {@link PublisherStore} (an MVStore file in the state
 * directory), so a restarted publisher continues where it stopped and rewrites its documents from it on start (which
 * also repairs documents a crash left behind).
 *
 * <p>
 * Times: each change gets a {@code datetime} from the event ({@code datetime}, else {@code lastmod}, else the wall
 * clock), raised where needed so it is never before anything published earlier: a harvester that resumes at the last
 * time it saw never misses a change that arrives late with an older time.
 *
 * <p>
 * Batches: {@link #accept} makes an event durable with one append to the store's journal and returns; the documents
 * (the open Change List, the Resource Lists when due) are written for many events at once by {@link #writePending()},
 * which the caller runs after {@code flushSize} changes, at the end of its batch or on a timer
 * ({@link #flushIfDue()}). Documents only ever show what is durable, and a stored body is in place before its change
 * is. {@link #publish} is both in one call.
 *
 * <p>
 * Thread-safe: events are published one at a time.
 */
public final class Publisher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Publisher.class);

    private static final String CLOCK = "clock";
    private static final String OPEN_NUMBER = "openNumber";
    private static final String OPEN_FROM = "openFrom";
    private static final String OPENED_AT = "openedAt";
    private static final String RESOURCE_LIST_WRITTEN = "resourceListWritten";
    private static final String RESOURCE_LIST_DIRTY = "resourceListDirty";
    private static final String RESOURCES = "resources/";
    /**
     * Where the Source's history begins: the {@code at} of its Resource List while nothing was ever published and the
     * {@code from} of its first Change List. A harvester whose baseline found the Source empty resumes there, so it
     * skips no change whatever its time, and still sees a gap once retention has dropped the first lists.
     */
    static final Instant SOURCE_BEGINNING = Instant.EPOCH;

    private final PublisherOptions options;
    private final PublisherStore store;
    private final Listeners listeners;
    private final Documents docs;
    private final Path dir;
    /** Changes durable in the store but not yet in the documents, for the listener once they are. */
    private final List<Published> unwritten = new ArrayList<>();
    /** Changes of the event under way: they join {@link #unwritten} once the event is durable, and go if it fails. */
    private final List<Published> eventChanges = new ArrayList<>();
    /** rotations not yet announced: told after the next write, so a reader woken by them sees the change behind them */
    private final List<Runnable> unannouncedRotations = new ArrayList<>();
    private long firstUnwrittenNanos;
    /** a rotation packaged the open list's stored versions: prune them once no event is half published */
    private boolean blobsToPrune;

    private Publisher(PublisherOptions options, PublisherStore store) {
        this.options = options;
        this.store = store;
        this.listeners = new Listeners(options.listener());
        this.docs = new Documents(options, store, listeners);
        this.dir = options.directory();
    }

    /** Opens (or creates) the Source in {@code options.directory()} and (re)writes all its documents. */
    public static Publisher open(PublisherOptions options) throws IOException {
        options.validated();
        Files.createDirectories(options.directory());
        PublisherStore store = new PublisherStore(options.stateDirectory(), options.sync());
        Publisher p = new Publisher(options, store);
        try {
            p.dropUnwritable();
            p.writeAll();
            p.pruneBlobs();
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
        return p;
    }

    /**
     * Records an earlier version accepted unchecked (a control character in a media type) would fail every write of
     * the documents: they leave the store with an ERROR that shows them, so the publisher starts and writes again. A
     * stored copy stays in place for the event sent again.
     */
    private void dropUnwritable() throws IOException {
        store.dropUnwritable(EventValues::problem, d -> LOG.error("Dropped {} from the publisher state of {}: {}."
                                                                  + " Send its event again with valid values to"
                                                                  + " publish it. The stored record: {}",
                d.what(), dir, d.reason(), Printable.escaped(d.record())));
        store.commit();
    }

    private void writeAll() throws IOException {
        dropExpiredLists();
        docs.writeSourceDescription();
        docs.writeCapabilityList();
        writeChangeLists(true);
        writeResourceLists();
        if (options.changeDump()) {
            docs.writeChangeDump(openFrom());
        }
        store.commit();
        deleteDroppedLists();
    }

    /** The Source Description's URI, for harvesters: {@code <baseUrl>.well-known/resourcesync}. */
    public URI sourceDescription() {
        return docs.uri(Documents.SOURCE_DESCRIPTION);
    }

    public URI capabilityList() {
        return docs.uri(Documents.CAPABILITY_LIST);
    }

    public PublisherOptions options() {
        return options;
    }

    /** Number of resources the Source lists now. */
    public synchronized long resourceCount() {
        return store.resourceCount();
    }

    /**
     * Publishes one event and writes the documents: {@link #accept} then {@link #writePending()}.
     *
     * @param  body            the resource's bytes, or null (see {@link #accept})
     * @return                 {@code true} when the Source changed, {@code false} when the event told it nothing new
     * @throws PublishException when the body contradicts the event's hash or length
     */
    public synchronized boolean publish(SyncEvent ev, InputStream body) throws IOException {
        boolean changed = accept(ev, body);
        writePending();
        return changed;
    }

    /**
     * Publishes one event into the store: when this returns, the change survives a restart (a crash of the JVM; with
     * {@code sync} also of the machine) and re-sending the event changes nothing. Harvesters see it once the
     * documents are next written: here when {@code flushSize} changes are waiting, else by {@link #writePending()} or
     * {@link #flushIfDue()}.
     *
     * @param  body            the resource's bytes, or null (metadata-only events, deletions): hashed, checked
     *                         against the event's own hash and length, and stored when {@code storeContent} is on
     * @return                 {@code true} when the Source changed, {@code false} when the event told it nothing new
     * @throws PublishException when the body contradicts the event's hash or length, or a value of the event cannot
     *                         go into a document ({@link EventValues})
     */
    public synchronized boolean accept(SyncEvent ev, InputStream body) throws IOException {
        EventValues.check(ev);
        boolean changed;
        try {
            changed = ev.change() == ChangeType.DELETED ? delete(ev) : put(ev, body);
            store.endEvent();
        } catch (IOException | RuntimeException e) {
            eventChanges.clear();
            store.rollback();
            throw e;
        }
        if (!eventChanges.isEmpty()) {
            if (unwritten.isEmpty()) {
                firstUnwrittenNanos = System.nanoTime();
            }
            unwritten.addAll(eventChanges);
            eventChanges.clear();
        }
        if (unwritten.size() >= options.flushSize()) {
            writePending();
        }
        return changed;
    }

    /** Changes durable in the store that the documents do not show yet. */
    public synchronized int pendingChanges() {
        return unwritten.size();
    }

    private boolean delete(SyncEvent ev) throws IOException {
        String key = ev.location().toString();
        Published existing = store.resource(key);
        if (existing == null) {
            return false;
        }
        maybeRotate(options.clock().instant(), 1);
        Instant t = nextTime(ev, existing);
        store.removeResource(key);
        record(new Published(existing.loc(), ChangeType.DELETED, t, null, Hashes.EMPTY, null, null, existing.via(),
                null, ev.datetime()));
        if (existing.path() != null) {
            Files.deleteIfExists(dir.resolve(existing.path()));
        }
        return true;
    }

    private boolean put(SyncEvent ev, InputStream body) throws IOException {
        String key = ev.location().toString();
        Published existing = store.resource(key);
        Staged staged = body == null ? null
                : Staged.copy(body, dir.resolve(RESOURCES), HashAlgorithms.digestsFor(options.hashAlgorithms(),
                        ev.hash()));
        try {
            Hashes hash = ev.hash();
            Long length = ev.length();
            String type = ev.mediaType();
            URI loc = ev.location();
            URI via = null;
            String path = null;
            if (staged != null) {
                verify(ev, staged);
                hash = staged.digests();
                length = staged.length();
                if (options.storeContent()) {
                    path = RESOURCES + storedName(ev.location());
                    loc = options.baseUrl().resolve(encoded(path));
                    via = ev.location();
                    if (type == null) {
                        type = guessType(path);
                    }
                }
            }
            Published next = new Published(loc, existing == null ? ChangeType.CREATED : ChangeType.UPDATED, null,
                    ev.lastModified(), hash, length, type, via, path, ev.datetime());
            if (existing != null && existing.sameState(next)) {
                return false;
            }
            // the resource moved (stored copy to original or back): harvesters must drop the old URI too
            boolean moved = existing != null && !existing.loc().equals(loc);
            maybeRotate(options.clock().instant(), moved ? 2 : 1);
            next = new Published(loc, next.change(), nextTime(ev, existing), next.lastmod(), hash, length, type, via,
                    path, ev.datetime());
            if (path != null) {
                if (options.changeDump()) {
                    Path blob = Blobs.path(options, hash);
                    Files.createDirectories(blob.getParent());
                    Files.copy(staged.file(), blob, StandardCopyOption.REPLACE_EXISTING);
                }
                AtomicFiles.move(staged.file(), dir.resolve(path));
            }
            if (existing != null && existing.path() != null && !existing.path().equals(path)) {
                Files.deleteIfExists(dir.resolve(existing.path()));
            }
            if (moved) {
                record(new Published(existing.loc(), ChangeType.DELETED, next.datetime(), null, Hashes.EMPTY, null,
                        null, existing.via(), null, ev.datetime()));
            }
            store.putResource(key, next);
            record(next);
            return true;
        } finally {
            if (staged != null) {
                staged.close();
            }
        }
    }

    private static void verify(SyncEvent ev, Staged staged) throws PublishException {
        if (Boolean.FALSE.equals(ev.hash().sameAs(staged.digests()))) {
            throw new PublishException("The body of " + ev.location() + " does not match its hash: the event says "
                                       + ev.hash() + ", the body has " + staged.digests());
        }
        if (ev.length() != null && ev.length() != staged.length()) {
            throw new PublishException("The body of " + ev.location() + " has " + staged.length()
                                       + " bytes, the event says " + ev.length());
        }
    }

    /**
     * The change's time: the event's, never before the last published change (harvesters resume there) and strictly
     * after this resource's previous change (its event id, {@code location@datetime}, stays unique).
     */
    private Instant nextTime(SyncEvent ev, Published existing) {
        Instant t = ev.datetime() != null ? ev.datetime()
                : ev.lastModified() != null ? ev.lastModified() : options.clock().instant();
        Instant clock = store.time(CLOCK);
        if (clock != null && t.isBefore(clock)) {
            t = clock;
        }
        if (existing != null && existing.datetime() != null && !t.isAfter(existing.datetime())) {
            t = existing.datetime().plusMillis(1);
        }
        return t;
    }

    /** Lists one change in the store (the event rotated first if needed); documents come later. */
    private void record(Published change) {
        if (store.time(OPEN_FROM) == null) {
            store.setTime(OPEN_FROM, SOURCE_BEGINNING);
        }
        if (store.time(OPENED_AT) == null) {
            store.setTime(OPENED_AT, options.clock().instant());
        }
        store.addChange(change);
        store.setTime(CLOCK, change.datetime());
        store.setCounter(RESOURCE_LIST_DIRTY, 1);
        eventChanges.add(change);
    }

    /**
     * Commits the store and writes the open Change List (and the Resource Lists when {@code resourceListInterval}
     * has passed) with every change accepted since the last write, then tells the listener of those changes. One
     * rewrite of the open list per batch, not per event.
     */
    public synchronized void writePending() throws IOException {
        writeDocuments(false);
    }

    private void writeDocuments(boolean resourceListsNow) throws IOException {
        try {
            if (!unwritten.isEmpty()) {
                store.commit();
                writeChangeLists(options.stampUntil());
            }
            if (store.counter(RESOURCE_LIST_DIRTY) != 0) {
                Instant written = store.time(RESOURCE_LIST_WRITTEN);
                if (resourceListsNow || written == null
                    || !options.clock().instant().isBefore(written.plus(options.resourceListInterval()))) {
                    writeResourceLists();
                }
            }
            store.commit();
        } catch (IOException | RuntimeException e) {
            // the changes stay durable in the store (and its journal); the next write tries again
            store.rollback();
            throw e;
        }
        if (blobsToPrune) {
            pruneBlobs();
        }
        announce();
        unannouncedRotations.forEach(Runnable::run);
        unannouncedRotations.clear();
    }

    /** Stored versions only the closed lists' packages needed (or a failed event left) go; a failure only waits. */
    private void pruneBlobs() {
        try {
            int deleted = Blobs.prune(options, store.openChanges());
            blobsToPrune = false;
            LOG.debug("Deleted {} stored versions of {} that no open change needs", deleted, dir);
        } catch (IOException e) {
            LOG.warn("Could not delete stored versions no longer needed in {}: {}", options.stateDirectory(),
                    e.toString());
        }
    }

    private void announce() {
        if (unwritten.isEmpty()) {
            return;
        }
        URI list = docs.uri(openPath());
        for (Published change : unwritten) {
            listeners.changePublished(list, change.loc(), change.change());
            listeners.changeListed(list, change.entry(true, options.hashAlgorithms()));
        }
        unwritten.clear();
    }

    /**
     * For a timer: writes pending changes once the oldest has waited {@code flushInterval}, Resource Lists once
     * {@code resourceListInterval} has passed, and closes the open Change List when older than
     * {@code changeListMaxAge}.
     */
    public synchronized void flushIfDue() throws IOException {
        try {
            maybeRotate(options.clock().instant(), 1);
        } catch (IOException | RuntimeException e) {
            store.rollback();
            throw e;
        }
        boolean due = !unwritten.isEmpty()
                      && System.nanoTime() - firstUnwrittenNanos >= options.flushInterval().toNanos();
        if (due || unwritten.isEmpty()) {
            writePending();
        }
    }

    /**
     * Closes the open list when it has no room for {@code changes} more or is old. An event calls this before its
     * first update, never between two: a rotation commits the store and writes the closed list, so one between the
     * updates of an event would keep half of it when the event then fails or the JVM dies (sent again, it would look
     * like a repeat and never be listed). A moved resource's deletion and creation so stay in one list.
     */
    private void maybeRotate(Instant now, int changes) throws IOException {
        long count = store.openChangeCount();
        if (count == 0) {
            return;
        }
        Instant openedAt = store.time(OPENED_AT);
        boolean full = count + changes > options.changeListSize();
        boolean old = !options.changeListMaxAge().isZero() && openedAt != null
                      && !now.isBefore(openedAt.plus(options.changeListMaxAge()));
        if (full || old) {
            rotate();
        }
    }

    /** Closes the open Change List ({@code until} = its last change) and opens an empty one behind the index. */
    private void rotate() throws IOException {
        // the changes waiting for the open list go into the closed one: durable first, then announced with it
        store.commit();
        long number = openNumber();
        Instant from = store.time(OPEN_FROM);
        Instant until = store.time(CLOCK);
        String closed = String.format(Documents.CHANGE_LIST_PART, number);
        docs.writeClosedChangeList(closed, number, from, until);
        store.addClosedList(number, from, until);
        dropExpiredLists();
        store.clearOpenChanges();
        store.setCounter(OPEN_NUMBER, number + 1);
        store.setTime(OPEN_FROM, until);
        store.setTime(OPENED_AT, null);
        store.commit();
        writeChangeLists(true);
        if (options.changeDump()) {
            docs.writeChangeDump(openFrom());
            blobsToPrune = true;
        }
        if (options.changeListRetention() > 0) {
            deleteDroppedLists();
        }
        announceClosed(docs.uri(closed));
        LOG.info("Closed Change List {} ({} to {}); {} is open", docs.uri(closed), from, until,
                docs.uri(openPath()));
        URI closedUri = docs.uri(closed);
        URI opened = docs.uri(openPath());
        URI index = docs.uri(Documents.CHANGE_LIST);
        unannouncedRotations.add(() -> listeners.changeListRotated(closedUri, opened, index));
    }

    /** Beyond {@code changeListRetention}, the oldest closed lists leave the store (their files go once unlisted). */
    private void dropExpiredLists() {
        int keep = options.changeListRetention();
        while (keep > 0 && store.closedListCount() > keep) {
            long oldest = store.firstClosedList(-1);
            store.removeClosedList(oldest);
            LOG.info("Dropped closed Change List {} (changeListRetention={})",
                    docs.uri(String.format(Documents.CHANGE_LIST_PART, oldest)), keep);
        }
    }

    /**
     * Deletes the files of lists the retention dropped, once no document points at them any more. A failure only
     * leaves files behind for the next rotation or start: it must not fail the event that caused the rotation.
     */
    private void deleteDroppedLists() {
        try {
            docs.deleteChangeListsBefore(store.firstClosedList(openNumber()));
        } catch (IOException e) {
            LOG.warn("Could not delete dropped Change Lists in {}: {}", dir, e.toString());
        }
    }

    private void announceClosed(URI closed) {
        for (Published change : unwritten) {
            listeners.changePublished(closed, change.loc(), change.change());
            listeners.changeListed(closed, change.entry(true, options.hashAlgorithms()));
        }
        unwritten.clear();
    }

    /** Where the open Change List begins (the Source's beginning before the first change). */
    private Instant openFrom() {
        Instant from = store.time(OPEN_FROM);
        return from != null ? from : SOURCE_BEGINNING;
    }

    private long openNumber() {
        return Math.max(1, store.counter(OPEN_NUMBER));
    }

    /** {@code changelist.xml} until the first rotation; then the open list is a part behind the index there. */
    private String openPath() {
        return store.hasClosedLists() ? String.format(Documents.CHANGE_LIST_PART, openNumber()) : Documents.CHANGE_LIST;
    }

    /** The open list, and the index when asked (it changes on rotation, or on every change with stampUntil). */
    private void writeChangeLists(boolean indexToo) throws IOException {
        Instant from = store.time(OPEN_FROM);
        Instant until = options.stampUntil() && store.openChangeCount() > 0 ? store.time(CLOCK) : null;
        docs.writeOpenChangeList(openPath(), from, until);
        if (store.hasClosedLists() && indexToo) {
            docs.writeChangeListIndex(openPath(), from, until);
        }
    }

    private void writeResourceLists() throws IOException {
        Instant last = store.time(CLOCK);
        docs.writeResourceLists(last != null ? last : SOURCE_BEGINNING);
        store.setTime(RESOURCE_LIST_WRITTEN, options.clock().instant());
        store.setCounter(RESOURCE_LIST_DIRTY, 0);
    }

    /**
     * Writes everything now: pending changes into the open Change List, the Resource Lists (and Resource Dump) if
     * changes were published since they were last written; closes the open Change List first if it is older than
     * {@code changeListMaxAge}.
     */
    public synchronized void flush() throws IOException {
        try {
            maybeRotate(options.clock().instant(), 1);
        } catch (IOException | RuntimeException e) {
            store.rollback();
            throw e;
        }
        writeDocuments(true);
    }

    /** Writes pending changes and Resource Lists and closes the state file. */
    @Override
    public synchronized void close() {
        try {
            writeDocuments(true);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not write the Resource Lists of {} on close: {}", dir, e.toString());
        } finally {
            store.close();
        }
    }

    /** {@code host[_port]/path} of the original location, made file-safe (see {@link SyncEvents#fileName}). */
    static String storedName(URI location) {
        return SyncEvents.fileName(location, null).replace('%', '_');
    }

    private static String guessType(String path) {
        String t = URLConnection.guessContentTypeFromName(path);
        return t != null ? t : "application/octet-stream";
    }

    static URI encoded(String path) {
        try {
            return new URI(null, null, path, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("Cannot make a URI path of " + path, e);
        }
    }
}
