package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.xml.SitemapDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An incremental pass: the changes of the Change List (or of the lists of a Change List Index) after the resume
 * point, in chronological order. The resume point is the Source's own time of the last completed change plus the ids
 * of the events completed at exactly that time, so nothing repeats or goes missing at the boundary.
 *
 * <p>
 * Lists are read oldest first into a window of at most {@link #WINDOW} new changes, which are sorted by time before
 * delivery (a Source's list need not be in order) and collapsed to the newest change per resource.
 */
final class IncrementalSteps implements StepSource {

    private static final Logger LOG = LoggerFactory.getLogger(IncrementalSteps.class);
    /** New changes collected before delivery starts: bounds memory during a long catch-up. */
    static final int WINDOW = 100_000;
    private static final Comparator<Entry> CHRONOLOGICAL = Comparator.comparing(Entry::changeTime,
            Comparator.nullsLast(Comparator.naturalOrder()));

    private final DiscoveredSource source;
    private final HarvestContext ctx;
    private final Instant resumeTime;
    private final Set<String> resumeIds;
    private final long generation;
    /** lists still to read, oldest first; the first may already be open */
    private final Deque<Entry> lists = new ArrayDeque<>();
    private final Deque<Step> ready = new ArrayDeque<>();
    /** the list each collected change came from, for the event's source document header */
    private final Map<Entry, URI> documents = new IdentityHashMap<>();
    private SitemapDocument openRoot;
    private Validators rootValidators;
    private final URI changeList;
    private final Instant coverageStart;

    private IncrementalSteps(DiscoveredSource source, URI changeList, HarvestContext ctx, SourceState state,
                             SitemapDocument openRoot, Validators rootValidators, List<Entry> children,
                             Instant coverageStart) {
        this.source = source;
        this.changeList = changeList;
        this.ctx = ctx;
        this.resumeTime = state.resumeTime();
        this.resumeIds = state.resumeEventIds();
        this.generation = state.baselineGeneration();
        this.openRoot = openRoot;
        this.rootValidators = rootValidators;
        this.coverageStart = coverageStart;
        for (Entry child : children) {
            if (child.md().until() != null && resumeTime != null && child.md().until().isBefore(resumeTime)) {
                continue; // closed before the resume point: nothing new in it
            }
            lists.add(child);
        }
    }

    /**
     * Reads the Change List (or index) and plans the pass. Nothing is delivered yet.
     *
     * @return the pass, with {@link #gap()} telling whether the lists start after the resume point
     */
    static IncrementalSteps plan(DiscoveredSource source, URI changeList, HarvestContext ctx) throws IOException {
        SourceState state = ctx.buffer().source(source.key());
        DocumentLoader.Opened root = ctx.loader().openIfChanged(changeList, true);
        List<Entry> children = new ArrayList<>();
        SitemapDocument openRoot = null;
        Validators validators = null;
        Instant start = null;
        if (root == null) {
            List<Entry> cached = ctx.loader().cachedIndex(changeList);
            if (cached != null) {
                children.addAll(cached);
            }
        } else if (root.document().header().isIndex()) {
            try (SitemapDocument index = root.document()) {
                start = index.header().md().from();
                for (Entry e = index.next(); e != null; e = index.next()) {
                    ctx.progress().entryRead();
                    children.add(e);
                }
            }
            children.sort(Comparator.comparing((Entry e) -> e.md().from(),
                    Comparator.nullsFirst(Comparator.naturalOrder())));
            ctx.loader().cacheIndex(changeList, root.validators(), children);
        } else {
            openRoot = root.document();
            validators = root.validators();
            start = openRoot.header().md().from();
        }
        if (!children.isEmpty() && children.get(0).md().from() != null) {
            start = children.get(0).md().from();
        }
        return new IncrementalSteps(source, changeList, ctx, state, openRoot, validators, children, start);
    }

    /** {@code true} when the listed changes start after the resume point: some changes are not listed any more. */
    boolean gap() {
        return resumeTime != null && coverageStart != null && coverageStart.isAfter(resumeTime);
    }

    Instant coverageStart() {
        return coverageStart;
    }

    Instant resumeTime() {
        return resumeTime;
    }

    URI changeList() {
        return changeList;
    }

    @Override
    public Step next() throws IOException {
        while (ready.isEmpty()) {
            if (openRoot == null && lists.isEmpty()) {
                return null;
            }
            readWindow();
        }
        return ready.poll();
    }

    /**
     * Reads lists, oldest first, until {@link #WINDOW} new changes are collected or none are left; then queues the
     * newest change of each resource in time order, followed by markers for the lists read completely. A change
     * superseded by a later one of the same resource is dropped: the Source serves only the newest bytes, which would
     * fail the older change's fixity, and the newer change moves the resume point past it anyway.
     */
    private void readWindow() throws IOException {
        List<Entry> fresh = new ArrayList<>();
        List<Step> listsRead = new ArrayList<>();
        while (fresh.size() < WINDOW && (openRoot != null || !lists.isEmpty())) {
            SitemapDocument doc;
            Validators validators;
            if (openRoot != null) {
                doc = openRoot;
                validators = rootValidators;
                openRoot = null;
            } else {
                DocumentLoader.Opened opened = ctx.loader().openIfChanged(lists.poll().loc(), true);
                if (opened == null) {
                    continue;
                }
                doc = opened.document();
                validators = opened.validators();
            }
            URI uri = read(doc, fresh);
            listsRead.add(Step.marker((buffer, ev) -> ctx.loader().markProcessed(uri, validators)));
        }
        Map<URI, Entry> newest = new HashMap<>();
        for (Entry e : fresh) {
            newest.merge(e.loc(), e, (a, b) -> CHRONOLOGICAL.compare(b, a) >= 0 ? b : a);
        }
        List<Entry> kept = new ArrayList<>(newest.size());
        for (Entry e : fresh) {
            if (newest.get(e.loc()) == e) {
                kept.add(e);
            }
        }
        if (kept.size() < fresh.size()) {
            LOG.debug("{}: {} changes superseded by later changes of the same resources", source.key(),
                    fresh.size() - kept.size());
        }
        kept.sort(CHRONOLOGICAL);
        for (Entry e : kept) {
            ready.add(changeStep(e, documents.get(e)));
        }
        documents.clear();
        ready.addAll(listsRead);
    }

    /** Adds the new changes of one list to {@code fresh}; nested lists are queued. */
    private URI read(SitemapDocument doc, List<Entry> fresh) throws IOException {
        URI uri = doc.header().uri();
        Instant previous = doc.header().md().from();
        try (doc) {
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                ctx.progress().entryRead();
                if (e.isDocumentReference()) {
                    lists.add(e); // a list inside a list: read it after this one
                    continue;
                }
                if (e.changeTime() == null && previous != null) {
                    e = withTime(e, previous, uri);
                }
                previous = e.changeTime() != null ? e.changeTime() : previous;
                if (isNew(e)) {
                    fresh.add(e);
                    documents.put(e, uri);
                }
            }
        }
        return uri;
    }

    /**
     * A change without {@code datetime} or {@code lastmod} could never be passed by the resume point and would come
     * again with every new version of its list. Changes are listed in order, so it takes the time of the change
     * before it (or the list's {@code from}).
     */
    private static Entry withTime(Entry e, Instant time, URI document) {
        LOG.warn("{}: change of {} has neither datetime nor lastmod; taking {} from the change before it", document,
                e.loc(), time);
        Metadata md = e.md();
        Metadata timed = new Metadata(md.capability(), md.at(), md.completed(), md.from(), md.until(), time,
                md.modified(), md.change(), md.hash(), md.length(), md.type(), md.encoding(), md.path());
        return new Entry(e.loc(), e.lastmod(), timed, e.links(), e.sitemap());
    }

    private boolean isNew(Entry e) {
        Instant t = e.changeTime();
        if (resumeTime == null || t == null) {
            return true;
        }
        int c = t.compareTo(resumeTime);
        return c > 0 || c == 0 && !resumeIds.contains(SyncEvents.eventId(e.loc(), t, e.md().hash()));
    }

    private Step changeStep(Entry e, URI document) {
        ChangeType change = e.md().changeType();
        if (change == null) {
            LOG.warn("{}: entry {} has change=\"{}\", not created/updated/deleted; treated as updated", document,
                    e.loc(), e.md().change());
            change = ChangeType.UPDATED;
        }
        String key = source.key();
        long gen = generation;
        SyncEvent event = ctx.events().event(key, e, change, Capability.CHANGELIST.value(), document);
        Step.Effect delivered = change == ChangeType.DELETED
                ? (buffer, ev) -> buffer.remove(key, ev.location().toString())
                : (buffer, ev) -> buffer.upsert(key, EventFactory.stateAfter(ev, gen));
        return Step.event(event, delivered, (buffer, ev) -> advanceResume(buffer, key, ev));
    }

    /** Moves the resume point to this event's time, or adds its id when it is at the same time. */
    static void advanceResume(StateBuffer buffer, String key, SyncEvent ev) {
        Instant t = ev.datetime();
        if (t == null) {
            return;
        }
        SourceState s = buffer.source(key);
        if (s.resumeTime() == null || t.isAfter(s.resumeTime())) {
            buffer.source(key, s.withResume(t, Set.of(ev.eventId())));
        } else if (t.equals(s.resumeTime()) && !s.resumeEventIds().contains(ev.eventId())) {
            Set<String> ids = new HashSet<>(s.resumeEventIds());
            ids.add(ev.eventId());
            buffer.source(key, s.withResume(t, ids));
        }
    }

    @Override
    public void close() {
        if (openRoot != null) {
            openRoot.close();
        }
    }
}
