package io.github.camelresourcesync.harvest;

import java.time.Instant;
import java.util.Optional;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateBuffer;

/**
 * What was delivered by push ahead of the Change Lists, so a change comes out once whichever way it arrives. Pushed
 * changes never move the resume point (notifications may be missed or reordered, and a resume point past a missed
 * change would skip it); instead each one is recorded under a companion key of the source, per resource with the time
 * of the newest pushed change, until the Change List walk passes it.
 */
final class PushedState {

    /** The kind of the newest pushed change, kept in the record's generation (pushed records have no other use of it). */
    private static final long PUSHED_PRESENT = 0;
    private static final long PUSHED_DELETED = 1;

    private PushedState() {
    }

    static String key(String sourceKey) {
        return sourceKey + "#pushed";
    }

    /**
     * {@code true} when push already delivered this change of the resource or a later one. At the same time, a change
     * of another kind (a deletion after an update) or of a version known to differ is another change of that second,
     * not the same.
     */
    static boolean covers(StateBuffer buffer, String sourceKey, Entry e) {
        Instant t = e.changeTime();
        if (t == null) {
            return false;
        }
        Optional<ResourceState> r = buffer.resource(key(sourceKey), e.loc().toString());
        if (r.isEmpty() || r.get().lastmod() == null || r.get().lastmod().isBefore(t)) {
            return false;
        }
        if (r.get().lastmod().isAfter(t)) {
            return true;
        }
        boolean listedDeleted = e.md().changeType() == ChangeType.DELETED;
        return listedDeleted == (r.get().generation() == PUSHED_DELETED)
               && !Boolean.FALSE.equals(e.md().hash().sameAs(r.get().hash()));
    }

    /** {@code true} when the resume point already passed this change (it came by polling). */
    static boolean passed(SourceState state, Entry e) {
        Instant t = e.changeTime();
        if (t == null || state.resumeTime() == null) {
            return false;
        }
        int c = t.compareTo(state.resumeTime());
        return c < 0 || c == 0 && state.resumeEventIds().contains(ResumeKeys.of(e));
    }

    /**
     * Records a change delivered by push. Its time is the Source's word: never recorded beyond now, so a datetime in
     * the future cannot make later changes of the resource look delivered already.
     */
    static void record(StateBuffer buffer, String sourceKey, SyncEvent ev) {
        if (ev.datetime() != null) {
            Instant now = Instant.now();
            Instant t = ev.datetime().isAfter(now) ? now : ev.datetime();
            buffer.upsert(key(sourceKey), new ResourceState(ev.location().toString(), t, ev.fixity(),
                    ev.contentLength(), ev.change() == ChangeType.DELETED ? PUSHED_DELETED : PUSHED_PRESENT));
        }
    }

    /** Forgets the pushed record of a resource once the listing walk passed its time. */
    static void prune(StateBuffer buffer, String sourceKey, SyncEvent listed) {
        if (listed.datetime() == null) {
            return;
        }
        String location = listed.location().toString();
        buffer.resource(key(sourceKey), location).ifPresent(r -> {
            if (r.lastmod() != null && !r.lastmod().isAfter(listed.datetime())) {
                buffer.remove(key(sourceKey), location);
            }
        });
    }
}
