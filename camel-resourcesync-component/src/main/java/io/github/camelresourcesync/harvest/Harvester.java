package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.xml.SitemapReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Destination side of ResourceSync for one Source: discovers its Capability Lists and, on each
 * {@link #startRun}, plans a baseline or an incremental pass per Capability List from the state of that list.
 * Plain Java: the Camel consumer drives it, and so can anything else.
 */
public final class Harvester {

    private static final Logger LOG = LoggerFactory.getLogger(Harvester.class);

    private final URI start;
    private final HarvestOptions options;
    private final HttpFetcher fetcher;
    private final SyncStateStore store;
    private final ExecutorService fetchPool;
    private final Discovery discovery;
    private final DocumentLoader loader;
    private final SyncProgressFactory progressFactory;
    private final URI origin;

    private List<DiscoveredSource> sources;
    private long discoveredAtNanos;

    /** Creates the progress counters of each run (so callers choose names and report intervals). */
    @FunctionalInterface
    public interface SyncProgressFactory {
        SyncProgress create();
    }

    /**
     * @param fetchPool runs content fetches when {@code fetchContent} is on; owned by the caller
     */
    public Harvester(URI start, HarvestOptions options, HttpFetcher fetcher, SitemapReader reader,
                     SyncStateStore store, ExecutorService fetchPool, SyncProgressFactory progressFactory) {
        this.start = start;
        this.options = options;
        this.fetcher = fetcher;
        this.store = store;
        this.fetchPool = fetchPool;
        this.progressFactory = progressFactory;
        this.discovery = new Discovery(fetcher, reader);
        this.loader = new DocumentLoader(fetcher, reader, progressFactory.create());
        this.origin = origin(start);
    }

    private static URI origin(URI uri) {
        return URI.create(uri.getScheme() + "://" + (uri.getRawAuthority() == null ? "" : uri.getRawAuthority()) + "/");
    }

    /** The Capability Lists this harvester follows, discovering them when not known or too old. */
    public synchronized List<DiscoveredSource> sources() throws IOException {
        Duration age = Duration.ofNanos(System.nanoTime() - discoveredAtNanos);
        if (sources == null || age.compareTo(options.rediscoveryInterval()) > 0) {
            List<DiscoveredSource> found = select(discovery.discover(start));
            if (sources == null || !sources.equals(found)) {
                for (DiscoveredSource s : found) {
                    LOG.info("Following Capability List {} ({})", s.capabilityList(), describe(s));
                }
            }
            sources = found;
            discoveredAtNanos = System.nanoTime();
        }
        return sources;
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
    public synchronized void invalidate() {
        sources = null;
        loader.forget();
    }

    /**
     * Plans one pass over every followed Capability List. Documents are read as the run advances.
     *
     * @param maxEvents the most events this run hands out; {@code <= 0} for no limit
     */
    public SyncRun startRun(long maxEvents) throws IOException {
        List<DiscoveredSource> followed = sources();
        SyncProgress progress = progressFactory.create();
        StateBuffer buffer = new StateBuffer(store);
        HarvestContext ctx = new HarvestContext(options, loader.withProgress(progress), buffer, store,
                new EventFactory(origin), progress);
        List<SyncRun.Part> parts = new ArrayList<>();
        for (DiscoveredSource s : followed) {
            parts.add(() -> plan(s, ctx));
        }
        return new SyncRun(parts, ctx, fetcher, fetchPool, maxEvents);
    }

    private StepSource plan(DiscoveredSource s, HarvestContext ctx) throws IOException {
        SourceState state = ctx.buffer().source(s.key());
        URI resourceList = s.document(Capability.RESOURCELIST);
        URI changeList = s.document(Capability.CHANGELIST);
        switch (options.mode()) {
            case BASELINE:
                return new BaselineSteps(s, require(resourceList, s, "Resource List", "baseline"), ctx,
                        options.emitDeletes(), true);
            case INCREMENTAL:
                return incremental(s, require(changeList, s, "Change List", "incremental"), resourceList, ctx);
            default:
                if (!state.baselineComplete() && resourceList != null) {
                    return new BaselineSteps(s, resourceList, ctx, options.emitDeletes(), false);
                }
                if (changeList != null) {
                    return incremental(s, changeList, resourceList, ctx);
                }
                return new BaselineSteps(s, require(resourceList, s, "Resource List or Change List", "auto"), ctx,
                        options.emitDeletes(), true);
        }
    }

    private static URI require(URI document, DiscoveredSource s, String what, String mode) throws IOException {
        if (document == null) {
            throw new IOException("Capability List " + s.capabilityList() + " advertises no " + what
                                  + ", which mode=" + mode + " needs; it has " + describe(s));
        }
        return document;
    }

    private StepSource incremental(DiscoveredSource s, URI changeList, URI resourceList, HarvestContext ctx)
            throws IOException {
        IncrementalSteps steps = IncrementalSteps.plan(s, changeList, ctx);
        if (!steps.gap()) {
            return steps;
        }
        switch (options.gapPolicy()) {
            case FAIL:
                steps.close();
                throw new GapException(changeList, steps.resumeTime(), steps.coverageStart());
            case IGNORE:
                LOG.warn("{}: Change List {} starts at {}, after the resume point {}; changes in between are lost"
                         + " (gapPolicy=ignore)", s.key(), changeList, steps.coverageStart(), steps.resumeTime());
                return steps;
            default:
                if (resourceList == null) {
                    LOG.warn("{}: Change List {} starts at {}, after the resume point {}, and there is no Resource"
                             + " List to re-baseline from; changes in between are lost", s.key(), changeList,
                            steps.coverageStart(), steps.resumeTime());
                    return steps;
                }
                LOG.warn("{}: Change List {} starts at {}, after the resume point {}; re-baselining from {}", s.key(),
                        changeList, steps.coverageStart(), steps.resumeTime(), resourceList);
                steps.close();
                return new BaselineSteps(s, resourceList, ctx, true, false);
        }
    }
}
