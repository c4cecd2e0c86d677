package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import io.github.camelresourcesync.model.Printable;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;

/**
 * What a publisher has published, in an embedded MVStore file ({@code publisher.mv.db} in the state directory): the
 * current resources (keyed by original location), the changes of the open Change List, the closed Change Lists, and a
 * few counters. MVStore keeps pages on disk and caches a bounded part, so neither the resources nor the open list need
 * to fit in heap; documents are written by iterating the maps in key order.
 *
 * <p>
 * Every update is also logged to the {@link Journal}: {@link #endEvent()} makes an event durable with one append, and
 * {@link #commit()} (an MVStore commit, milliseconds) runs once per batch and empties the journal.
 */
final class PublisherStore implements AutoCloseable {

    static final String FILE = "publisher.mv.db";

    private final MVStore store;
    private final MVMap<String, String> resources;
    private final MVMap<Long, String> changes;
    private final MVMap<Long, String> closedLists;
    private final MVMap<String, String> meta;
    private final Journal journal;
    private final boolean sync;

    PublisherStore(Path stateDirectory) throws IOException {
        this(stateDirectory, false);
    }

    /** {@code sync}: force the journal to the disk with every event (and the store with every commit). */
    PublisherStore(Path stateDirectory, boolean sync) throws IOException {
        Files.createDirectories(stateDirectory);
        Path file = stateDirectory.resolve(FILE);
        try {
            store = new MVStore.Builder().fileName(file.toString()).autoCommitDisabled().open();
        } catch (MVStoreException e) {
            throw new IOException("Cannot open the publisher state " + file + " (is another publisher using this"
                                  + " directory?): " + e.getMessage(), e);
        }
        resources = store.openMap("resources");
        changes = store.openMap("changes");
        closedLists = store.openMap("closedLists");
        meta = store.openMap("meta");
        this.sync = sync;
        try {
            journal = new Journal(stateDirectory, sync);
            if (!journal.isEmpty()) {
                replay();
                commit();
            }
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** Applies the journal to the store's state (after the last commit). */
    private int replay() throws IOException {
        return journal.replay((map, op, key, value) -> {
            switch (map) {
                case 'R' -> apply(resources, op, key, value);
                case 'C' -> apply(changes, op, key == null ? null : Long.valueOf(key), value);
                case 'L' -> apply(closedLists, op, key == null ? null : Long.valueOf(key), value);
                case 'M' -> apply(meta, op, key, value);
                default -> throw new IllegalStateException("Unknown map '" + map + "' in the publisher journal");
            }
        });
    }

    private static <K> void apply(MVMap<K, String> map, char op, K key, String value) {
        switch (op) {
            case 'P' -> map.put(key, value);
            case 'D' -> map.remove(key);
            case 'X' -> map.clear();
            default -> throw new IllegalStateException("Unknown update '" + op + "' in the publisher journal");
        }
    }

    Published resource(String originalLocation) {
        String s = resources.get(originalLocation);
        return s == null ? null : Published.decode(s);
    }

    void putResource(String originalLocation, Published p) {
        String v = p.encode();
        journal.log('R', 'P', originalLocation, v);
        resources.put(originalLocation, v);
    }

    void removeResource(String originalLocation) {
        journal.log('R', 'D', originalLocation, null);
        resources.remove(originalLocation);
    }

    long resourceCount() {
        return resources.sizeAsLong();
    }

    /** At most {@code limit} resources in key order, from the {@code skip}-th on, decoded lazily. */
    Iterable<Published> resources(long skip, long limit) {
        return () -> {
            if (skip >= resources.sizeAsLong()) {
                return Collections.emptyIterator();
            }
            Iterator<String> keys = resources.keyIterator(resources.getKey(skip));
            return new Iterator<>() {
                private long left = limit;

                @Override
                public boolean hasNext() {
                    return left > 0 && keys.hasNext();
                }

                @Override
                public Published next() {
                    left--;
                    return Published.decode(resources.get(keys.next()));
                }
            };
        };
    }

    /** A record {@link #dropUnwritable} removed, named by {@code what}. */
    record Dropped(String what, String record, String reason) {
    }

    /**
     * Removes the resources and open changes that no document can hold (an earlier version stored event values
     * unchecked), telling {@code dropped} each one with {@code problem}'s reason, so the documents can be written
     * again. The caller commits.
     */
    void dropUnwritable(Function<Published, String> problem, Consumer<Dropped> dropped) {
        for (Map.Entry<String, Dropped> d : unwritable(resources, "resource ", problem)) {
            removeResource(d.getKey());
            dropped.accept(d.getValue());
        }
        for (Map.Entry<Long, Dropped> d : unwritable(changes, "open change #", problem)) {
            journal.log('C', 'D', d.getKey().toString(), null);
            changes.remove(d.getKey());
            dropped.accept(d.getValue());
        }
    }

    private static <K> List<Map.Entry<K, Dropped>> unwritable(MVMap<K, String> map, String kind,
            Function<Published, String> problem) {
        List<Map.Entry<K, Dropped>> found = new ArrayList<>();
        for (Map.Entry<K, String> e : map.entrySet()) {
            String reason;
            try {
                reason = problem.apply(Published.decode(e.getValue()));
            } catch (RuntimeException ex) {
                reason = "it cannot be read (" + Printable.escaped(ex.getMessage()) + ")";
            }
            if (reason != null) {
                found.add(Map.entry(e.getKey(), new Dropped(kind + e.getKey(), e.getValue(), reason)));
            }
        }
        return found;
    }

    void addChange(Published p) {
        long seq = counter("changeSeq") + 1;
        setCounter("changeSeq", seq);
        String v = p.encode();
        journal.log('C', 'P', Long.toString(seq), v);
        changes.put(seq, v);
    }

    long openChangeCount() {
        return changes.sizeAsLong();
    }

    Iterable<Published> openChanges() {
        return () -> map(changes.values().iterator(), Published::decode);
    }

    /** Sequence numbers with their change, for dump paths that must differ per change. */
    Iterable<Map.Entry<Long, Published>> openChangesNumbered() {
        return () -> map(changes.entrySet().iterator(), e -> Map.entry(e.getKey(), Published.decode(e.getValue())));
    }

    void clearOpenChanges() {
        journal.log('C', 'X', null, null);
        changes.clear();
    }

    void addClosedList(long number, Instant from, Instant until) {
        String v = from + "\t" + until;
        journal.log('L', 'P', Long.toString(number), v);
        closedLists.put(number, v);
    }

    /** Closed lists in order: number to {from, until}. */
    Iterable<Map.Entry<Long, Instant[]>> closedLists() {
        return () -> map(closedLists.entrySet().iterator(), e -> {
            String[] f = e.getValue().split("\t");
            return Map.entry(e.getKey(), new Instant[] { Instant.parse(f[0]), Instant.parse(f[1]) });
        });
    }

    void removeClosedList(long number) {
        journal.log('L', 'D', Long.toString(number), null);
        closedLists.remove(number);
    }

    long closedListCount() {
        return closedLists.sizeAsLong();
    }

    /** The number of the oldest closed list still kept, or {@code fallback} when none is. */
    long firstClosedList(long fallback) {
        Long first = closedLists.firstKey();
        return first == null ? fallback : first;
    }

    boolean hasClosedLists() {
        return !closedLists.isEmpty();
    }

    Instant time(String key) {
        String v = meta.get(key);
        return v == null ? null : Instant.parse(v);
    }

    void setTime(String key, Instant value) {
        if (value == null) {
            journal.log('M', 'D', key, null);
            meta.remove(key);
        } else {
            journal.log('M', 'P', key, value.toString());
            meta.put(key, value.toString());
        }
    }

    long counter(String key) {
        String v = meta.get(key);
        return v == null ? 0 : Long.parseLong(v);
    }

    void setCounter(String key, long value) {
        journal.log('M', 'P', key, Long.toString(value));
        meta.put(key, Long.toString(value));
    }

    /** Makes the current event's updates durable (one journal append); they reach the store at the next commit. */
    void endEvent() throws IOException {
        journal.endEvent();
    }

    /** Writes everything since the last commit into the store file, all or nothing, and empties the journal. */
    void commit() throws IOException {
        store.commit();
        if (sync) {
            store.sync();
        }
        journal.truncate();
    }

    /**
     * Drops the current event's updates (it failed half way): back to the last commit, then the journal (the events
     * that completed since) applied again.
     */
    void rollback() throws IOException {
        if (!journal.eventPending()) {
            return;
        }
        journal.discardEvent();
        store.rollback();
        replay();
    }

    @Override
    public void close() {
        try {
            journal.close();
        } catch (IOException e) {
            // the journal is an append-only file; nothing is lost by failing to close its channel
        }
        store.close();
    }

    private static <A, B> Iterator<B> map(Iterator<A> it, Function<A, B> f) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public B next() {
                return f.apply(it.next());
            }
        };
    }
}
