package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.SourceState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The changes of change notifications as steps: the newest change per resource, oldest first, skipping what polling
 * or an earlier notification already delivered (duplicates, stale reordered notifications) and deletions the Source
 * does not confirm ({@link NotifiedDeletions}). A delivered change updates the resource state and is recorded in
 * {@link PushedState}; the resume point is left to the Change List walk. Ends with a barrier, so a listing later in
 * the same run sees these changes committed.
 */
final class NotificationSteps implements StepSource {

    private static final Logger LOG = LoggerFactory.getLogger(NotificationSteps.class);

    private final Deque<Step> steps = new ArrayDeque<>();

    NotificationSteps(DiscoveredSource source, List<NotifiedChanges> notified, HarvestContext ctx,
                      NotifiedDeletions deletions) {
        String key = source.key();
        SourceState state = ctx.buffer().source(key);
        Map<URI, Entry> newest = new LinkedHashMap<>();
        Map<URI, URI> topics = new LinkedHashMap<>();
        for (NotifiedChanges n : notified) {
            for (Entry e : n.changes()) {
                if (e.isDocumentReference()) {
                    continue;
                }
                Entry old = newest.get(e.loc());
                if (old == null || IncrementalSteps.CHRONOLOGICAL.compare(e, old) >= 0) {
                    newest.put(e.loc(), e);
                    topics.put(e.loc(), n.topic());
                }
            }
        }
        List<Entry> fresh = new ArrayList<>();
        for (Entry e : newest.values()) {
            if (PushedState.passed(state, e) || PushedState.covers(ctx.buffer(), key, e)) {
                LOG.debug("{}: notified change of {} at {} was delivered already", key, e.loc(), e.changeTime());
            } else {
                fresh.add(e);
            }
        }
        fresh.sort(IncrementalSteps.CHRONOLOGICAL);
        long gen = state.baselineGeneration();
        for (Entry e : fresh) {
            ChangeType change = e.md().changeType() == null ? ChangeType.UPDATED : e.md().changeType();
            if (change == ChangeType.DELETED && !deletions.confirmed(key, e, topics.get(e.loc()))) {
                continue;
            }
            SyncEvent event = ctx.events().event(key, e, change, Capability.CHANGELIST_NOTIFICATION.value(),
                    topics.get(e.loc()));
            Step.Effect delivered = (buffer, ev) -> {
                if (change == ChangeType.DELETED) {
                    buffer.remove(key, ev.location().toString());
                } else {
                    buffer.upsert(key, EventFactory.stateAfter(ev, gen));
                }
                PushedState.record(buffer, key, ev);
            };
            steps.add(Step.event(event, delivered, Step.Effect.NONE));
        }
        steps.add(Step.barrier());
    }

    @Override
    public Step next() {
        return steps.poll();
    }

    @Override
    public void close() {
        steps.clear();
    }
}
