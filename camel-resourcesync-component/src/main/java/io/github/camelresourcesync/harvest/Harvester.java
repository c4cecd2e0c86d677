package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.EventSource;
import io.github.camelresourcesync.state.SourceClock;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.xml.SitemapReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Destination side of ResourceSync for one Source: discovers its Capability Lists and, on each
 * {@link #startRun}, plans a baseline or an incremental pass per Capability List from the state of that list.
 * Plain Java: the Camel consumer drives it, and so can anything else.
 */
public final class Harvester implements EventSource {

    private static final Logger LOG = LoggerFactory.getLogger(Harvester.class);

    private final URI start;
    private final HarvestOptions options;
    private final HttpFetcher fetcher;
    private final SyncStateStore store;
    private final FetchAheadRun.Fetching fetching;
    private final Discovery discovery;
    private final DocumentLoader loader;
    private final PackageLoader packages;
    private final Supplier<SyncProgress> progressFactory;
    private final URI origin;
    private final SourceClock clock;

    private final Gaps gaps = new Gaps();
    private final NotifiedDeletions notifiedDeletions;

    private List<DiscoveredSource> sources;
    private Consumer<List<DiscoveredSource>> discoveryCheck = found -> {
    };
    /** survives {@link #invalidate()}: what operators see while the Source is failing */
    private List<DiscoveredSource> lastFollowed = List.of();
    private long discoveredAtNanos;

    /**
     * A harvester whose runs fetch {@code options.fetchParallelism()} at a time whatever the protocol.
     *
     * @param fetchPool       runs content fetches when {@code fetchContent} is on; owned by the caller
     * @param progressFactory creates the progress counters of each run (callers choose names and report intervals)
     */
    public Harvester(URI start, HarvestOptions options, HttpFetcher fetcher, SitemapReader reader,
                     SyncStateStore store, ExecutorService fetchPool, Supplier<SyncProgress> progressFactory) {
        this(start, options, fetcher, reader, store,
                new FetchAheadRun.Fetching(fetchPool, options.fetchParallelism(), options.fetchWaitLimit()),
                progressFactory);
    }

    /**
     * @param fetching        how runs fetch content when {@code fetchContent} is on (its pools owned by the caller)
     * @param progressFactory creates the progress counters of each run (callers choose names and report intervals)
     */
    public Harvester(URI start, HarvestOptions options, HttpFetcher fetcher, SitemapReader reader,
                     SyncStateStore store, FetchAheadRun.Fetching fetching, Supplier<SyncProgress> progressFactory) {
        this.start = start;
        this.options = options;
        this.fetcher = fetcher;
        this.store = store;
        this.fetching = fetching;
        this.progressFactory = progressFactory;
        this.discovery = new Discovery(fetcher, reader);
        this.clock = new SourceClock(options.clockSkewTolerance());
        this.loader = new DocumentLoader(fetcher, reader, progressFactory.get(), clock);
        this.packages = new PackageLoader(fetcher, reader, options.dumpLimits(), fetching.pool());
        this.origin = origin(start);
        this.notifiedDeletions = new NotifiedDeletions(fetcher);
    }

    /** Deletions announced by push that the Source did not confirm (it still serves the resource): not delivered. */
    public long unconfirmedDeletions() {
        return notifiedDeletions.unconfirmed();
    }

    private static URI origin(URI uri) {
        return URI.create(uri.getScheme() + "://" + (uri.getRawAuthority() == null ? "" : uri.getRawAuthority()) + "/");
    }

    /**
     * Told of the Capability Lists each discovery found, before they are followed; refuses them by throwing (e.g. when
     * another route already harvests one of them into the same state).
     */
    public void discoveryCheck(Consumer<List<DiscoveredSource>> check) {
        this.discoveryCheck = check;
    }

    /** Told of gaps in the Change Lists that no baseline can close, and of their closing. */
    public void gapListener(GapListener listener) {
        gaps.listener(listener);
    }

    /** The Capability Lists this harvester follows, discovering them when not known or too old. */
    public synchronized List<DiscoveredSource> sources() throws IOException {
        Duration age = Duration.ofNanos(System.nanoTime() - discoveredAtNanos);
        if (sources == null || age.compareTo(options.rediscoveryInterval()) > 0) {
            List<DiscoveredSource> found = select(discovery.discover(start));
            discoveryCheck.accept(found);
            if (sources == null || !sources.equals(found)) {
                for (DiscoveredSource s : found) {
                    LOG.info("Following Capability List {} ({})", s.capabilityList(), describe(s));
                }
            }
            sources = found;
            lastFollowed = found;
            discoveredAtNanos = System.nanoTime();
        }
        return sources;
    }

    /** The Capability Lists followed as of the last discovery, without fetching anything; empty before it. */
    public synchronized List<DiscoveredSource> followedSources() {
        return lastFollowed;
    }

    private List<DiscoveredSource> select(List<DiscoveredSource> found) throws IOException {
        String wanted = options.capabilityList();
        if (wanted == null || wanted.isBlank()) {
            return found.stream().map(s -> s.withStateId(options.stateId())).toList();
        }
        List<DiscoveredSource> selected = new ArrayList<>();
        for (DiscoveredSource s : found) {
            String uri = s.capabilityList().toString();
            if (uri.equals(wanted) || uri.endsWith(wanted)) {
                selected.add(s.withStateId(options.stateId()));
            }
        }
        if (selected.isEmpty()) {
            List<String> names = found.stream().map(s -> s.capabilityList().toString()).toList();
            throw new IOException("No Capability List matches capabilityList=" + wanted + " at " + start
                                  + "; the Source has " + names);
        }
        return selected;
    }

    private static String describe(DiscoveredSource s) {
        List<String> caps = new ArrayList<>();
        s.entries().forEach(e -> caps.add(e.md().capability()));
        return String.join(", ", caps);
    }

    /** Forget what was discovered and which documents were unchanged, e.g. after a failed poll. */
    @Override
    public synchronized void invalidate() {
        sources = null;
        loader.forget();
    }

    /**
     * Plans one pass over every followed Capability List. Documents are read as the run advances.
     *
     * @param maxEvents the most events this run hands out; {@code <= 0} for no limit
     */
    @Override
    public SyncRun startRun(long maxEvents) throws IOException {
        return startRun(maxEvents, List.of(), true);
    }

    /**
     * Plans a pass that first delivers changes announced by push, then (when {@code listing}) reads the lists as
     * {@link #startRun(long)} does. Changes the Source announced and later lists come out once.
     *
     * @param notified changes from change notifications, delivered first, oldest first per Capability List
     * @param listing  {@code false} for a pass over the notified changes only (the low-latency path)
     */
    public SyncRun startRun(long maxEvents, List<NotifiedChanges> notified, boolean listing) throws IOException {
        List<DiscoveredSource> followed = sources();
        SyncProgress progress = progressFactory.get();
        StateBuffer buffer = new StateBuffer(store, clock);
        HarvestContext ctx = new HarvestContext(options, loader.withProgress(progress), buffer, store,
                new EventFactory(origin, options.fileLayout()), packages, progress);
        List<SyncRun.Part> parts = new ArrayList<>();
        for (DiscoveredSource s : followed) {
            List<NotifiedChanges> mine = notified.stream().filter(n -> owner(followed, n.topic()) == s).toList();
            if (mine.isEmpty()) {
                continue;
            }
            if (awaitsBaseline(s, buffer.source(s.key()))) {
                // the baseline delivers the current state, and the Change Lists after it what it missed; a change
                // pushed before it would be a resource the baseline does not know it must sweep
                LOG.debug("{}: baseline not complete; {} change notifications left to it", s.key(), mine.size());
                continue;
            }
            parts.add(() -> new NotificationSteps(s, mine, ctx, notifiedDeletions));
        }
        PassedOver passedOver = new PassedOver(buffer, store);
        if (listing) {
            for (DiscoveredSource s : followed) {
                parts.add(() -> plan(s, ctx));
                parts.add(() -> passedOver.retries(s, ctx));
            }
        }
        return new SyncRun(parts, ctx, fetcher, fetching, maxEvents, passedOver);
    }

    /** The Capability List that advertises the channel, else the first one followed. */
    private static DiscoveredSource owner(List<DiscoveredSource> followed, URI topic) {
        for (DiscoveredSource s : followed) {
            if (s.entries().stream().anyMatch(e -> e.loc().equals(topic))) {
                return s;
            }
        }
        return followed.get(0);
    }

    /** In auto mode, the first baseline of a Source that offers one has not completed yet. */
    private boolean awaitsBaseline(DiscoveredSource s, SourceState state) {
        return options.mode() == SyncMode.AUTO && !state.baselineComplete() && canBaseline(s);
    }

    private static boolean canBaseline(DiscoveredSource s) {
        return s.document(Capability.RESOURCELIST) != null
               || s.document(Capability.RESOURCEDUMP) != null
               || s.document(Capability.RESOURCELIST_ARCHIVE) != null
               || s.document(Capability.RESOURCEDUMP_ARCHIVE) != null;
    }

    private StepSource plan(DiscoveredSource s, HarvestContext ctx) throws IOException {
        SourceState state = ctx.buffer().source(s.key());
        boolean canBaseline = canBaseline(s);
        boolean canIncrement = s.document(Capability.CHANGELIST) != null
                               || s.document(Capability.CHANGEDUMP) != null;
        switch (options.mode()) {
            case BASELINE:
                return baseline(s, ctx, options.emitDeletes(), true, "baseline");
            case INCREMENTAL:
                return incremental(s, ctx, "incremental");
            default:
                if (!state.baselineComplete() && canBaseline) {
                    return baseline(s, ctx, options.emitDeletes(), false, "auto");
                }
                if (canIncrement) {
                    return incremental(s, ctx, "auto");
                }
                return baseline(s, ctx, options.emitDeletes(), true, "auto");
        }
    }

    /** From the Resource Dump when preferred (or the only one offered), else from the Resource List. */
    private StepSource baseline(DiscoveredSource s, HarvestContext ctx, boolean emitDeletes, boolean conditional,
                                String mode) throws IOException {
        URI list = s.document(Capability.RESOURCELIST);
        URI dump = s.document(Capability.RESOURCEDUMP);
        if (list == null && dump == null) {
            // only archived snapshots: the newest one, and the change archives carry it forward
            dump = newestArchived(s, ctx, Capability.RESOURCEDUMP_ARCHIVE);
            list = dump == null || !options.preferDumps() ? newestArchived(s, ctx, Capability.RESOURCELIST_ARCHIVE)
                    : null;
        }
        if (dump != null && (options.preferDumps() || list == null)) {
            URI from = dump;
            return new BaselineSteps(s, from, c -> new ResourceDumpEntries(ctx, from, c), ctx, emitDeletes,
                    conditional);
        }
        return new BaselineSteps(s, require(list, s, "Resource List or Resource Dump", mode), ctx, emitDeletes,
                conditional);
    }

    private static URI newestArchived(DiscoveredSource s, HarvestContext ctx, Capability archive) throws IOException {
        URI uri = s.document(archive);
        Entry newest = uri == null ? null : Archives.newest(ctx.loader(), uri, archive);
        if (newest != null) {
            LOG.info("{}: no current {} is advertised; using the newest archived one, {}", s.key(),
                    archive == Capability.RESOURCEDUMP_ARCHIVE ? "Resource Dump" : "Resource List", newest.loc());
        }
        return newest == null ? null : newest.loc();
    }

    static URI require(URI document, DiscoveredSource s, String what, String mode) throws IOException {
        if (document == null) {
            throw new IOException("Capability List " + s.capabilityList() + " advertises no " + what
                                  + ", which mode=" + mode + " needs; it has " + describe(s));
        }
        return document;
    }

    /**
     * From the Change Dump when preferred (or the only one offered), else from the Change List. When the documents
     * start after the resume point, archived ones close the gap if the archive covers it; otherwise the gap policy
     * decides.
     */
    private StepSource incremental(DiscoveredSource s, HarvestContext ctx, String mode) throws IOException {
        SourceState state = ctx.buffer().source(s.key());
        gaps.update(s.key(), state);
        URI list = s.document(Capability.CHANGELIST);
        URI dump = s.document(Capability.CHANGEDUMP);
        IncrementalPass steps;
        Capability archiveKind;
        if (dump != null && (options.preferDumps() || list == null)) {
            steps = ChangeDumpSteps.plan(s, dump, ctx);
            archiveKind = Capability.CHANGEDUMP_ARCHIVE;
        } else {
            steps = IncrementalSteps.plan(s, require(list, s, "Change List or Change Dump", mode), ctx);
            archiveKind = Capability.CHANGELIST_ARCHIVE;
        }
        URI archive = s.document(archiveKind);
        if (!steps.gap()) {
            return closeOpenGap(s, ctx, steps, state, mode);
        }
        if (archive != null) {
            List<Entry> cover = Archives.covering(ctx.loader(), archive, archiveKind, steps.resumeTime(),
                    steps.coverageStart(), steps.listed());
            if (cover != null) {
                LOG.info("{}: {} starts at {}, after the resume point {}; replaying {} archived documents from {}",
                        s.key(), steps.document(), steps.coverageStart(), steps.resumeTime(), cover.size(), archive);
                steps.replayFirst(cover);
                return steps;
            }
        }
        URI changes = steps.document();
        switch (options.gapPolicy()) {
            case FAIL:
                steps.close();
                throw new GapException(changes, steps.resumeTime(), steps.coverageStart());
            case IGNORE:
                LOG.warn("{}: {} starts at {}, after the resume point {}; changes in between are lost"
                         + " (gapPolicy=ignore)", s.key(), changes, steps.coverageStart(), steps.resumeTime());
                return steps;
            default:
                if (s.document(Capability.RESOURCELIST) == null && s.document(Capability.RESOURCEDUMP) == null) {
                    LOG.warn("{}: {} starts at {}, after the resume point {}, and there is no Resource List or"
                             + " Resource Dump to re-baseline from; changes in between are lost", s.key(), changes,
                            steps.coverageStart(), steps.resumeTime());
                    return steps;
                }
                Instant snapshot = gaps.snapshotTime(baselineRoot(s), baselineKind(s), ctx.loader());
                boolean closes = snapshot == null || !snapshot.isBefore(steps.coverageStart());
                if (closes || snapshot.isAfter(steps.resumeTime())) {
                    // closes the gap, or at least brings the destination up to a newer snapshot
                    LOG.warn("{}: {} starts at {}, after the resume point {}; re-baselining", s.key(), changes,
                            steps.coverageStart(), steps.resumeTime());
                    steps.close();
                    if (closes) {
                        gaps.closing(s.key(), state.baselineGeneration() + 1);
                    }
                    return baseline(s, ctx, true, false, mode);
                }
                // a baseline would end where this one is: apply what is listed rather than re-baseline forever
                gaps.opened(new GapListener.Gap(s.key(), changes, steps.resumeTime(), steps.coverageStart(),
                        snapshot));
                return steps;
        }
    }

    /**
     * With a gap open, each incremental poll asks (conditionally) whether the Source now has a snapshot as new as
     * the Change Lists' start; a baseline from it (reporting what is no longer listed) closes the gap.
     */
    private StepSource closeOpenGap(DiscoveredSource s, HarvestContext ctx, IncrementalPass steps, SourceState state,
                                    String mode) throws IOException {
        URI root = baselineRoot(s);
        if (!gaps.isOpen(s.key()) || root == null || options.gapPolicy() != GapPolicy.BASELINE) {
            return steps;
        }
        Instant snapshot = gaps.snapshotTime(root, baselineKind(s), ctx.loader());
        if (snapshot == null || snapshot.isBefore(gaps.listsStart(s.key()))) {
            return steps;
        }
        LOG.info("{}: {} is now as of {}, past the gap before {}; re-baselining to close it", s.key(), root,
                snapshot, gaps.listsStart(s.key()));
        steps.close();
        gaps.closing(s.key(), state.baselineGeneration() + 1);
        return baseline(s, ctx, true, false, mode);
    }

    /** The Resource List or Resource Dump a baseline reads (as {@link #baseline} chooses), or null. */
    private URI baselineRoot(DiscoveredSource s) {
        return s.document(baselineKind(s));
    }

    /** {@code resourcedump} when a baseline reads the Resource Dump, else {@code resourcelist}. */
    private Capability baselineKind(DiscoveredSource s) {
        boolean dump = s.document(Capability.RESOURCEDUMP) != null;
        return dump && (options.preferDumps() || s.document(Capability.RESOURCELIST) == null)
                ? Capability.RESOURCEDUMP : Capability.RESOURCELIST;
    }

    /**
     * Plans a run over every followed Capability List's baseline list, its Resource List (or the manifests of its
     * Resource Dump, for a Source offering only a dump, or any with {@code preferDumps}), whose steps {@code planner}
     * makes: for runs that read the lists without syncing, as the audit package's does. Nothing here knows what they
     * do with the entries.
     */
    public SyncRun startListRun(ListRunPlanner planner) throws IOException {
        List<DiscoveredSource> followed = sources();
        SyncProgress progress = progressFactory.get();
        HarvestContext ctx = new HarvestContext(options, loader.withProgress(progress), new StateBuffer(store, clock), store,
                new EventFactory(origin, options.fileLayout()), packages, progress);
        List<Listed> listed = new ArrayList<>();
        for (DiscoveredSource s : followed) {
            URI list = s.document(Capability.RESOURCELIST);
            URI dump = s.document(Capability.RESOURCEDUMP);
            if (dump != null && (options.preferDumps() || list == null)) {
                // the dump's manifests; a package is downloaded only for a body the run needs
                listed.add(new Listed(s, dump, c -> new DumpManifestEntries(ctx, dump)));
            } else {
                URI from = require(list, s, "Resource List or Resource Dump", "audit");
                listed.add(new Listed(s, from, c -> new ListWalker(ctx.loader(), from, Capability.RESOURCELIST,
                        options.maxDocumentDepth(), false, progress)));
            }
        }
        return new SyncRun(planner.parts(new ListRun(start, origin, listed, ctx.events(), progress)), ctx, fetcher,
                fetching, 0, null);
    }

    /** Makes the parts of a run over the baseline lists ({@link #startListRun}). */
    @FunctionalInterface
    public interface ListRunPlanner {
        List<SyncRun.Part> parts(ListRun lists) throws IOException;
    }

    /**
     * The baseline lists of the followed Capability Lists, in order.
     *
     * @param start  the URL the harvest starts from
     * @param origin the Source's origin, which relative file names resolve against
     * @param events makes the events of listed entries
     */
    public record ListRun(URI start, URI origin, List<Listed> sources, EventFactory events, SyncProgress progress) {
    }

    /** One followed Capability List's baseline list and how to open its entries. */
    public record Listed(DiscoveredSource source, URI list, BaselineEntries.Opener opener) {
    }
}
