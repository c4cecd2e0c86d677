package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.state.SyncStateStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A baseline: every resource of the Resource List (or Resource List Index) that the destination does not have, or has
 * in another version, becomes an event. Resources seen are marked with the run's generation; with vanished-resource
 * detection, what is left unmarked afterwards becomes a {@code deleted} event. A baseline interrupted (limit, failure,
 * crash) continues in the same generation next time, skipping what was already delivered.
 */
final class BaselineSteps implements StepSource {

    private static final Logger LOG = LoggerFactory.getLogger(BaselineSteps.class);

    private enum Phase {
        START,
        START_BARRIER,
        WALK,
        SWEEP_BARRIER,
        SWEEP,
        FINISH,
        DONE
    }

    private final DiscoveredSource source;
    private final URI resourceList;
    private final BaselineEntries.Opener opener;
    private final HarvestContext ctx;
    private final boolean emitDeletes;
    private final boolean conditional;
    /** this run reports what is no longer listed: asked for, or the interrupted run it continues did */
    private boolean sweep;

    private Phase phase = Phase.START;
    private long generation;
    private BaselineEntries walker;
    private Iterator<ResourceState> vanished;
    /** a first baseline into an empty store: every resource is new, no lookup needed */
    private boolean storeEmpty;

    /**
     * @param emitDeletes emit {@code deleted} for resources no longer listed
     * @param conditional skip the whole baseline when the Resource List is unchanged since the last complete one
     */
    BaselineSteps(DiscoveredSource source, URI resourceList, HarvestContext ctx, boolean emitDeletes,
                  boolean conditional) {
        this(source, resourceList, c -> new ListWalker(ctx.loader(), resourceList, Capability.RESOURCELIST,
                ctx.options().maxDocumentDepth(), c, ctx.progress()), ctx, emitDeletes, conditional);
    }

    /**
     * @param root   the Resource List or Resource Dump the baseline is from
     * @param opener opens its entries
     */
    BaselineSteps(DiscoveredSource source, URI root, BaselineEntries.Opener opener, HarvestContext ctx,
                  boolean emitDeletes, boolean conditional) {
        this.source = source;
        this.resourceList = root;
        this.opener = opener;
        this.ctx = ctx;
        this.emitDeletes = emitDeletes;
        this.conditional = conditional;
    }

    @Override
    public Step next() throws IOException {
        while (true) {
            switch (phase) {
                case START -> {
                    SourceState state = ctx.buffer().source(source.key());
                    boolean resume = !state.baselineComplete() && state.baselineGeneration() > 0;
                    // a new generation also when continuing: what the interrupted run saw and is no longer listed
                    // was deleted meanwhile, and only the sweep can report it (the resume point moves past it)
                    generation = state.baselineGeneration() + 1;
                    sweep = emitDeletes || resume && state.baselineSweeps();
                    storeEmpty = !resume && !ctx.buffer().mayHave(source.key());
                    walker = opener.open(conditional && !resume);
                    if (walker.rootUnchanged()) {
                        phase = Phase.DONE;
                        return null;
                    }
                    LOG.info("{}: baseline from {} (generation {}{})", source.key(), resourceList, generation,
                            resume ? ", continuing an interrupted one" : "");
                    phase = Phase.START_BARRIER;
                    long gen = generation;
                    boolean sweeps = sweep;
                    Instant rootTime = walker.snapshotTime();
                    // a fresh baseline forgets the old resume point: during the baseline it holds the earliest
                    // snapshot time of the lists whose entries were delivered (see floor())
                    return Step.marker((buffer, e) -> {
                        SourceState st = buffer.source(source.key()).withBaseline(false, gen)
                                .withBaselineSweeps(sweeps);
                        buffer.source(source.key(), resume ? st : st.withResume(null, Set.of()));
                        floor(buffer, source.key(), rootTime);
                    });
                }
                case START_BARRIER -> {
                    // committed before the first event is handed out: a crash after a delivery of this run still
                    // leaves the floor at or before this run's lists
                    phase = Phase.WALK;
                    return Step.barrier();
                }
                case WALK -> {
                    Entry e = walker.next();
                    if (e == null) {
                        phase = sweep ? Phase.SWEEP_BARRIER : Phase.FINISH;
                        continue;
                    }
                    Step step = stepFor(e);
                    if (step != null) {
                        return step;
                    }
                }
                case SWEEP_BARRIER -> {
                    phase = Phase.SWEEP;
                    return Step.barrier();
                }
                case SWEEP -> {
                    if (vanished == null) {
                        vanished = findVanished(ctx.store()).iterator();
                    }
                    if (vanished.hasNext()) {
                        return deletion(vanished.next());
                    }
                    phase = Phase.FINISH;
                }
                case FINISH -> {
                    phase = Phase.DONE;
                    return finish();
                }
                default -> {
                    return null;
                }
            }
        }
    }

    private Step stepFor(Entry e) {
        String key = source.key();
        Optional<ResourceState> had = storeEmpty ? Optional.empty() : ctx.buffer().resource(key, e.loc().toString());
        ChangeType change = ChangeDetector.compare(e, had);
        long gen = generation;
        if (change == null) {
            ctx.progress().unchangedResource();
            if (had.get().generation() == gen) {
                return null;
            }
            ResourceState marked = had.get().withGeneration(gen);
            return Step.marker((buffer, ev) -> buffer.upsert(key, marked));
        }
        SyncEvent event = ctx.events().event(key, e, change, walker.capability(), walker.currentDocument());
        // given up: still listed, so not vanished, but keep the old fixity so the next baseline tries again. This
        // also runs after a delivery, so it marks what the buffer holds then (the delivered version), never the old
        Step.Effect passed = had.isPresent()
                ? (buffer, ev) -> markListed(buffer, key, e.loc().toString(), gen)
                : Step.Effect.NONE;
        Instant floor = walker.snapshotTime();
        return Step.event(event, (buffer, ev) -> {
            buffer.upsert(key, EventFactory.stateAfter(ev, gen));
            floor(buffer, key, floor);
        }, passed, walker.content(event));
    }

    private static void markListed(StateBuffer buffer, String key, String location, long gen) {
        buffer.resource(key, location).filter(r -> r.generation() != gen)
                .ifPresent(r -> buffer.upsert(key, r.withGeneration(gen)));
    }

    /**
     * Lowers the baseline's resume floor to the snapshot time of the lists an event was delivered from. A baseline
     * continued after a crash ends with the newest lists' time, but an event delivered by the crashed run (and
     * perhaps not yet committed) may have been deleted or changed at the Source since: incremental sync must replay
     * the changes from the earliest list any delivery came from, or that deletion is lost.
     */
    private static void floor(StateBuffer buffer, String key, Instant floor) {
        SourceState st = buffer.source(key);
        if (floor != null && (st.resumeTime() == null || floor.isBefore(st.resumeTime()))) {
            buffer.source(key, st.withResume(floor, Set.of()));
        }
    }

    private List<ResourceState> findVanished(SyncStateStore store) {
        List<ResourceState> result = new ArrayList<>();
        store.forEachResource(source.key(), r -> {
            if (r.generation() < generation) {
                result.add(r);
            }
        });
        if (!result.isEmpty()) {
            LOG.info("{}: {} resources are no longer listed in {}", source.key(), result.size(), resourceList);
        }
        return result;
    }

    private Step deletion(ResourceState gone) {
        URI loc = URI.create(gone.location());
        String key = source.key();
        SyncEvent event = new SyncEvent(key, loc, ChangeType.DELETED, null, gone.lastmod(), gone.hash(),
                gone.length(), null, walker.capability(), resourceList, List.of(),
                SyncEvents.eventId(loc, null, gone.hash()) + "#deleted", ctx.events().fileNameOrNone(loc), null, null);
        return Step.event(event, (buffer, ev) -> buffer.remove(key, gone.location()), Step.Effect.NONE);
    }

    private Step finish() {
        String key = source.key();
        long gen = generation;
        var snapshot = walker.snapshotTime();
        var validators = walker.rootValidators();
        return Step.marker((buffer, e) -> {
            SourceState st = buffer.source(key);
            Instant from = snapshot != null && st.resumeTime() != null && st.resumeTime().isBefore(snapshot)
                    ? st.resumeTime() : snapshot;
            buffer.source(key, st.withBaseline(true, gen).withBaselineSweeps(false).withResume(from, Set.of()));
            ctx.loader().markProcessed(resourceList, validators);
        });
    }

    @Override
    public void close() {
        if (walker != null) {
            walker.close();
        }
    }
}
