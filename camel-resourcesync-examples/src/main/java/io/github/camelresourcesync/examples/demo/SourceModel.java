package io.github.camelresourcesync.examples.demo;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;

/**
 * What the demo Source holds: its resources now, and the changes that led there, grouped into Change Lists. The open
 * list is closed (given an {@code until}) every {@code changesPerList} changes and a new open list starts where it
 * ended; only the newest {@code keptLists} closed lists are kept, as a real Source would prune its history.
 * Thread-safe: the HTTP server renders documents while the timer changes the model.
 */
public final class SourceModel {

    /** A resource as served: its bytes and what the lists say about it. */
    public record Resource(byte[] content, Instant lastmod, Hashes hashes, String mediaType) {
    }

    /** One Change List entry. {@code hashes}, {@code length} and {@code mediaType} are null for a deletion. */
    public record Change(String path, ChangeType type, Instant datetime, Hashes hashes, Long length,
                         String mediaType) {
    }

    /** A Change List: closed when {@code until} is set. {@code number} makes its URL, stable across rotations. */
    public record ChangeList(int number, Instant from, Instant until, List<Change> changes) {
    }

    private final Clock clock;
    private final int changesPerList;
    private final int keptLists;
    private final Map<String, Resource> resources = new TreeMap<>();
    private final List<ChangeList> closed = new ArrayList<>();
    private List<Change> open = new ArrayList<>();
    private int openNumber;
    private Instant openFrom;
    private Instant latest;

    /**
     * @param initial        the resources at {@code start}, path to content; they are listed but have no changes
     * @param start          time of the initial state: their {@code lastmod}, and {@code from} of the first list
     * @param changesPerList changes after which the open Change List is closed and a new one opened
     * @param keptLists      closed Change Lists kept; older ones are dropped from the index
     */
    public SourceModel(Map<String, byte[]> initial, Instant start, Clock clock, int changesPerList, int keptLists) {
        if (changesPerList < 1 || keptLists < 1) {
            throw new IllegalArgumentException("changesPerList and keptLists must be at least 1");
        }
        this.clock = clock;
        this.changesPerList = changesPerList;
        this.keptLists = keptLists;
        Instant t = start.truncatedTo(ChronoUnit.MILLIS);
        initial.forEach((path, content) -> resources.put(path, resource(path, content, t)));
        openFrom = t;
        latest = t;
    }

    /**
     * A model as {@link DemoState} saved it: the resources with their {@code lastmod}, the closed Change Lists (oldest
     * first) and the open one last, and the time of the latest change.
     */
    static SourceModel restore(Map<String, Resource> resources, List<ChangeList> lists, Instant latest, Clock clock,
                               int changesPerList, int keptLists) {
        SourceModel m = new SourceModel(Map.of(), latest, clock, changesPerList, keptLists);
        resources.forEach((path, r) -> m.resources.put(path, resource(path, r.content(), r.lastmod())));
        ChangeList open = lists.get(lists.size() - 1);
        m.closed.addAll(lists.subList(0, lists.size() - 1));
        m.open = new ArrayList<>(open.changes());
        m.openNumber = open.number();
        m.openFrom = open.from();
        m.latest = latest;
        return m;
    }

    /** The time of the latest change (or of the initial state). */
    public synchronized Instant latest() {
        return latest;
    }

    /** Creates or updates a resource now. */
    public synchronized Change put(String path, byte[] content) {
        return put(path, content, now());
    }

    /** Creates or updates a resource at {@code at} (moved just past the latest change if not after it). */
    public synchronized Change put(String path, byte[] content, Instant at) {
        Instant t = after(at);
        ChangeType type = resources.containsKey(path) ? ChangeType.UPDATED : ChangeType.CREATED;
        Resource r = resource(path, content, t);
        resources.put(path, r);
        return record(new Change(path, type, t, r.hashes(), (long) content.length, r.mediaType()));
    }

    /** Deletes a resource now. */
    public synchronized Change delete(String path) {
        return delete(path, now());
    }

    public synchronized Change delete(String path, Instant at) {
        if (resources.remove(path) == null) {
            throw new IllegalArgumentException("No resource " + path + " to delete");
        }
        return record(new Change(path, ChangeType.DELETED, after(at), null, null, null));
    }

    private Change record(Change c) {
        latest = c.datetime();
        open.add(c);
        if (open.size() >= changesPerList) {
            closed.add(new ChangeList(openNumber, openFrom, latest, List.copyOf(open)));
            if (closed.size() > keptLists) {
                closed.remove(0);
            }
            open = new ArrayList<>();
            openNumber++;
            openFrom = latest;
        }
        return c;
    }

    private Instant now() {
        return after(clock.instant());
    }

    /** Times strictly increase, so every change has its own {@code datetime} and the lists stay ordered. */
    private Instant after(Instant at) {
        Instant t = at.truncatedTo(ChronoUnit.MILLIS);
        return t.isAfter(latest) ? t : latest.plusMillis(1);
    }

    public synchronized Resource resource(String path) {
        return resources.get(path);
    }

    /** The resources now, path to resource, sorted by path. */
    public synchronized Map<String, Resource> resources() {
        return new LinkedHashMap<>(resources);
    }

    /** Closed lists, oldest first, then the open one (without {@code until}). */
    public synchronized List<ChangeList> changeLists() {
        List<ChangeList> lists = new ArrayList<>(closed);
        lists.add(new ChangeList(openNumber, openFrom, null, List.copyOf(open)));
        return lists;
    }

    /**
     * When a Resource List rendered now is taken ({@code rs:md at}): now, but never before the latest change, so a
     * destination resuming from it neither misses a change nor is handed the latest one again.
     */
    public synchronized Instant snapshotTime() {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        return now.isAfter(latest) ? now : latest;
    }

    private static Resource resource(String path, byte[] content, Instant lastmod) {
        Map<String, String> digests = new LinkedHashMap<>();
        digests.put("md5", hex("MD5", content));
        digests.put("sha-256", hex("SHA-256", content));
        return new Resource(content.clone(), lastmod, Hashes.of(digests), DemoData.mediaType(path));
    }

    static String hex(String algorithm, byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JDK lacks " + algorithm, e);
        }
    }
}
