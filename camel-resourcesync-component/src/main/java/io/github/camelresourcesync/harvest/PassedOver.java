package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.state.SyncStateStore;

/**
 * Events passed over after a failure ({@code breakOnFirstError=false}), remembered until they succeed or are given up.
 * The resume point moves past them, so a Change List would never list them again, nor an unchanged Resource List:
 * instead each is recorded under a companion key of its source (as {@link PushedState} keeps pushed changes), so a
 * restart keeps it, and every run tries the remembered events of a source again after its listing. The listing may
 * have settled one already (delivered a later change of the resource, or failed it again): a resource is tried at most
 * once per run.
 * <p>
 * A record is a {@link ResourceState}: the location, the change's time (as {@code lastmod}), the published fixity and
 * length; its generation packs the failures so far, the capability and the kind of change (see {@link #record}).
 */
public final class PassedOver {

    private final StateBuffer buffer;
    private final SyncStateStore store;
    /** per source key: the records not settled by this run yet, read from the store on first use */
    private final Map<String, Map<String, ResourceState>> pending = new HashMap<>();
    /** steps passed over in this run, with their failures so far, until committed */
    private final Map<Step, Integer> deferred = new IdentityHashMap<>();

    PassedOver(StateBuffer buffer, SyncStateStore store) {
        this.buffer = buffer;
        this.store = store;
    }

    /** The companion key of a source's passed-over events in the state store. */
    public static String key(String sourceKey) {
        return sourceKey + "#passed-over";
    }

    /** The step's event failed for the {@code attempts}-th time and is passed over: remembered once committed. */
    void defer(Step step, int attempts) {
        deferred.put(step, attempts);
    }

    /** Failures of this very event (same resource, same change time) in earlier runs, 0 when none is remembered. */
    int failuresBefore(Step step) {
        SyncEvent ev = step.event;
        ResourceState r = pending(ev.sourceKey()).get(ev.location().toString());
        return r != null && Objects.equals(r.lastmod(), ev.datetime()) ? (int) (r.generation() >>> 6) : 0;
    }

    /** After a step was committed: remembers its event when passed over, else forgets what was kept of its resource. */
    void committed(Step step) {
        SyncEvent ev = step.event;
        if (ev == null) {
            return;
        }
        Integer attempts = deferred.remove(step);
        String location = ev.location().toString();
        boolean remembered = pending(ev.sourceKey()).remove(location) != null;
        if (attempts != null) {
            buffer.upsert(key(ev.sourceKey()), record(ev, attempts));
        } else if (remembered) {
            buffer.remove(key(ev.sourceKey()), location);
        }
    }

    /** The remembered events of a source that this run has not settled yet, as steps that try them again. */
    StepSource retries(DiscoveredSource source, HarvestContext ctx) {
        String key = source.key();
        long generation = ctx.buffer().source(key).baselineGeneration();
        Deque<Step> steps = new ArrayDeque<>();
        for (ResourceState r : List.copyOf(pending(key).values())) {
            SyncEvent ev = event(key, r, source.capabilityList(), ctx.events());
            String location = r.location();
            steps.add(Step.event(ev, ev.change() == ChangeType.DELETED
                    ? (b, delivered) -> b.remove(key, location)
                    : (b, delivered) -> b.upsert(key, EventFactory.stateAfter(delivered, generation)),
                    Step.Effect.NONE));
        }
        return steps::poll;
    }

    private Map<String, ResourceState> pending(String sourceKey) {
        return pending.computeIfAbsent(sourceKey, k -> {
            Map<String, ResourceState> records = new HashMap<>();
            store.forEachResource(key(k), r -> records.put(r.location(), r));
            return records;
        });
    }

    /** generation = failures << 6 | capability << 2 | change (16 capabilities, 3 kinds of change) */
    private static ResourceState record(SyncEvent ev, int attempts) {
        long packed = (long) attempts << 6 | Capability.fromValue(ev.capability()).ordinal() << 2
                      | ev.change().ordinal();
        return new ResourceState(ev.location().toString(), ev.datetime(), ev.hash(), ev.length(), packed);
    }

    private static SyncEvent event(String key, ResourceState r, URI capabilityList, EventFactory events) {
        URI location = URI.create(r.location());
        ChangeType change = ChangeType.values()[(int) (r.generation() & 3)];
        String capability = Capability.values()[(int) (r.generation() >>> 2 & 15)].value();
        return new SyncEvent(key, location, change, r.lastmod(), r.lastmod(), r.hash(), r.length(), null, capability,
                capabilityList, List.of(), SyncEvents.eventId(location, r.lastmod(), r.hash()),
                events.fileNameOrNone(location), null, null);
    }
}
