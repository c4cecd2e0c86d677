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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.SyncEvent;
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
final class IncrementalSteps extends IncrementalPass {

    private static final Logger LOG = LoggerFactory.getLogger(IncrementalSteps.class);
    /** New changes collected before delivery starts: bounds memory during a long catch-up. */
    static final int WINDOW = 100_000;
    static final Comparator<Entry> CHRONOLOGICAL = Comparator.comparing(Entry::changeTime,
            Comparator.nullsLast(Comparator.naturalOrder()));

    /** lists still to read, oldest first; the first may already be open */
    private final Deque<Entry> lists = new ArrayDeque<>();
    /** archived lists covering the time before the current lists, oldest first: read before everything else */
    private final Deque<Entry> archived = new ArrayDeque<>();
    private final Deque<Step> ready = new ArrayDeque<>();
    /** the list each collected change came from, for the event's source document header */
    private final Map<Entry, URI> documents = new IdentityHashMap<>();
    private SitemapDocument openRoot;
    private Validators rootValidators;
    /** the next lists to read, fetched ahead while the one before them is read */
    private final Map<URI, ListFetchAhead> ahead = new HashMap<>();

    private IncrementalSteps(DiscoveredSource source, URI changeList, HarvestContext ctx, SourceState state,
                             SitemapDocument openRoot, Validators rootValidators, List<Entry> children,
                             Instant coverageStart) {
        super(source, changeList, ctx, state);
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
        DocumentLoader.Opened root = ctx.loader().openIfChanged(changeList, Capability.CHANGELIST, true);
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

    /**
     * Replays archived Change Lists before the current ones, closing the gap between the resume point and the current
     * lists.
     *
     * @param lists archived lists covering the gap, oldest first (each with {@code from}/{@code until})
     */
    @Override
    void replayFirst(List<Entry> lists) {
        for (Entry e : lists) {
            archived.add(e);
        }
        if (!lists.isEmpty()) {
            coverageStart = lists.get(0).md().from();
        }
    }

    /** The URIs of the lists this pass reads: archived lists already among them are not replayed twice. */
    @Override
    Set<URI> listed() {
        Set<URI> uris = new HashSet<>();
        uris.add(document());
        lists.forEach(e -> uris.add(e.loc()));
        return uris;
    }

    @Override
    public Step next() throws IOException {
        while (ready.isEmpty()) {
            if (openRoot == null && lists.isEmpty() && archived.isEmpty()) {
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
        while (fresh.size() < WINDOW && (openRoot != null || !lists.isEmpty() || !archived.isEmpty())) {
            SitemapDocument doc;
            Validators validators;
            Entry list = !archived.isEmpty() ? archived.poll() : openRoot == null ? lists.poll() : null;
            if (list == null) {
                doc = openRoot;
                validators = rootValidators;
                openRoot = null;
            } else {
                ListFetchAhead early = ahead.remove(list.loc());
                fetchAhead();
                DocumentLoader.Opened opened = early != null ? early.openIfChanged(Capability.CHANGELIST)
                        : ctx.loader().openIfChanged(list.loc(), Capability.CHANGELIST, true);
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
            // a change at the resume time that was delivered already is read too, so it supersedes older ones of
            // that second; it is not delivered again
            if (newest.get(e.loc()) == e && isNew(e)) {
                kept.add(e);
            }
        }
        if (kept.size() < fresh.size()) {
            LOG.debug("{}: {} changes superseded by later changes of the same resources or delivered already",
                    source.key(), fresh.size() - kept.size());
        }
        kept.sort(CHRONOLOGICAL);
        // changes delivered by push come out once: looked up only when push delivered anything not yet listed
        boolean pushed = ctx.buffer().mayHave(PushedState.key(source.key()));
        for (Entry e : kept) {
            ready.add(pushed && PushedState.covers(ctx.buffer(), source.key(), e)
                    ? pushedStep(e, documents.get(e))
                    : changeStep(e, documents.get(e), pushed));
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
                if (notBeforeResume(e)) {
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
    static Entry withTime(Entry e, Instant time, URI document) {
        LOG.warn("{}: change of {} has neither datetime nor lastmod; taking {} from the change before it", document,
                e.loc(), time);
        Metadata md = e.md();
        Metadata timed = new Metadata(md.capability(), md.at(), md.completed(), md.from(), md.until(), time,
                md.modified(), md.change(), md.hash(), md.length(), md.type(), md.encoding(), md.path());
        return new Entry(e.loc(), e.lastmod(), timed, e.links(), e.sitemap());
    }

    private boolean isNew(Entry e) {
        return isAfter(e, resumeTime, resumeIds);
    }

    private boolean notBeforeResume(Entry e) {
        return resumeTime == null || e.changeTime() == null || !e.changeTime().isBefore(resumeTime);
    }

    /** {@code true} when the change comes after the resume point (time, and the ids completed at that time). */
    static boolean isAfter(Entry e, Instant resumeTime, Set<String> resumeIds) {
        Instant t = e.changeTime();
        if (resumeTime == null || t == null) {
            return true;
        }
        int c = t.compareTo(resumeTime);
        return c > 0 || c == 0 && !resumeIds.contains(ResumeKeys.of(e));
    }

    /** A change push delivered already: only the resume point moves past it, and its pushed record goes. */
    private Step pushedStep(Entry e, URI document) {
        String key = source.key();
        SyncEvent event = ctx.events().event(key, e, ChangeType.UPDATED, Capability.CHANGELIST.value(), document);
        String resumeKey = ResumeKeys.of(e);
        return Step.marker((buffer, ignored) -> {
            buffer.advanceResume(key, event.datetime(), resumeKey, document);
            PushedState.prune(buffer, key, event);
        });
    }

    private Step changeStep(Entry e, URI document, boolean pushed) {
        return changeStep(ctx, source.key(), generation, e, document, Capability.CHANGELIST.value(), ev -> null,
                pushed);
    }

    /**
     * The step of one change, from a Change List or a Change Dump: delivered, it updates or removes the resource's
     * state; passed, it moves the resume point (and drops the record of the change push delivered, if any).
     *
     * @param content the body of the event when the change brings it along, else {@code null}
     * @param pushed  whether push may have delivered changes of this source already
     */
    static Step changeStep(HarvestContext ctx, String key, long gen, Entry e, URI document, String capability,
                           Function<SyncEvent, CompletableFuture<Content>> content, boolean pushed) {
        ChangeType change = e.md().changeType();
        if (change == null) {
            LOG.warn("{}: entry {} has change=\"{}\", not created/updated/deleted; treated as updated", document,
                    e.loc(), e.md().change());
            change = ChangeType.UPDATED;
        }
        SyncEvent event = ctx.events().event(key, e, change, capability, document);
        Step.Effect delivered = change == ChangeType.DELETED
                ? (buffer, ev) -> buffer.remove(key, ev.location().toString())
                : (buffer, ev) -> buffer.upsert(key, EventFactory.stateAfter(ev, gen));
        String resumeKey = ResumeKeys.of(e);
        Step.Effect passed = pushed
                ? (buffer, ev) -> {
                    buffer.advanceResume(key, ev.datetime(), resumeKey, document);
                    PushedState.prune(buffer, key, ev);
                }
                : (buffer, ev) -> buffer.advanceResume(key, ev.datetime(), resumeKey, document);
        return Step.event(event, delivered, passed, change == ChangeType.DELETED ? null : content.apply(event));
    }

    /**
     * Starts fetching the next {@value ListWalker#LISTS_AHEAD} lists to read (conditionally, as in their turn) while
     * this one is read: over a far Source an index of many Change Lists then does not pay a round trip per list on the
     * critical path, even when most answer 304.
     */
    private void fetchAhead() {
        int started = 0;
        for (Deque<Entry> queue : List.of(archived, lists)) {
            for (Entry next : queue) {
                if (started++ >= ListWalker.LISTS_AHEAD) {
                    return;
                }
                URI loc = next.loc();
                if (ListWalker.isHttp(loc) && !ahead.containsKey(loc)) {
                    ahead.put(loc, ListFetchAhead.startIfChanged(ctx.loader(), loc));
                }
            }
        }
    }

    @Override
    public void close() {
        if (openRoot != null) {
            openRoot.close();
        }
        ahead.values().forEach(ListFetchAhead::close);
        ahead.clear();
    }
}
