package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
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
        WALK,
        SWEEP_BARRIER,
        SWEEP,
        FINISH,
        DONE
    }

    private final DiscoveredSource source;
    private final URI resourceList;
    private final HarvestContext ctx;
    private final boolean emitDeletes;
    private final boolean conditional;

    private Phase phase = Phase.START;
    private long generation;
    private ListWalker walker;
    private Iterator<ResourceState> vanished;
    /** a first baseline into an empty store: every resource is new, no lookup needed */
    private boolean storeEmpty;

    /**
     * @param emitDeletes emit {@code deleted} for resources no longer listed
     * @param conditional skip the whole baseline when the Resource List is unchanged since the last complete one
     */
    BaselineSteps(DiscoveredSource source, URI resourceList, HarvestContext ctx, boolean emitDeletes,
                  boolean conditional) {
        this.source = source;
        this.resourceList = resourceList;
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
                    generation = resume ? state.baselineGeneration() : state.baselineGeneration() + 1;
                    storeEmpty = !resume && ctx.store().resourceCount(source.key()) == 0;
                    walker = new ListWalker(ctx.loader(), resourceList, ctx.options().maxDocumentDepth(),
                            conditional && !resume, ctx.progress());
                    if (walker.rootUnchanged()) {
                        phase = Phase.DONE;
                        return null;
                    }
                    LOG.info("{}: baseline from {} (generation {}{})", source.key(), resourceList, generation,
                            resume ? ", continuing an interrupted one" : "");
                    phase = Phase.WALK;
                    long gen = generation;
                    return Step.marker((buffer, e) -> buffer.source(source.key(),
                            buffer.source(source.key()).withBaseline(false, gen)));
                }
                case WALK -> {
                    Entry e = walker.next();
                    if (e == null) {
                        phase = emitDeletes ? Phase.SWEEP_BARRIER : Phase.FINISH;
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
        SyncEvent event = ctx.events().event(key, e, change, Capability.RESOURCELIST.value(),
                walker.current().header().uri());
        // given up: still listed, so not vanished, but keep the old fixity so the next baseline tries again
        Step.Effect passed = had.isPresent()
                ? (buffer, ev) -> buffer.upsert(key, had.get().withGeneration(gen))
                : Step.Effect.NONE;
        return Step.event(event, (buffer, ev) -> buffer.upsert(key, EventFactory.stateAfter(ev, gen)), passed);
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
                gone.length(), null, Capability.RESOURCELIST.value(), resourceList, List.of(),
                SyncEvents.eventId(loc, null, gone.hash()) + "#deleted", ctx.events().fileName(loc), null, null);
        return Step.event(event, (buffer, ev) -> buffer.remove(key, gone.location()), Step.Effect.NONE);
    }

    private Step finish() {
        String key = source.key();
        long gen = generation;
        var snapshot = walker.snapshotTime();
        var validators = walker.rootValidators();
        return Step.marker((buffer, e) -> {
            buffer.source(key, buffer.source(key).withBaseline(true, gen).withResume(snapshot, Set.of()));
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
