package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvents;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.xml.UriReferences;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the documents of one walk into the changes to emit, oldest first:
 * <ul>
 * <li>per {@code atom:id} the entry with the newest {@code updated} wins, whatever the document order; on a tie a
 * deletion wins over an active entry, and between active entries the one whose chosen link sorts first;</li>
 * <li>entries at or before the stop point of the previous harvest are not emitted again;</li>
 * <li>compared with state: unknown records are {@code created}, newer ones {@code updated}, deletions of records the
 * destination has {@code deleted} (of others: nothing to do);</li>
 * <li>a complete feed ({@code fh:complete}) is compared with state instead: its deletion entries are not trusted,
 * records it no longer lists are {@code deleted}; without it, absence never means deletion.</li>
 * </ul>
 * A poll that passes over every record it looked at for want of a link of the wanted media types logs a WARN naming
 * the types asked for and those the entries offer: a misspelt or mangled {@code mediaTypes} otherwise delivers
 * nothing and says nothing.
 */
final class ChangePlanner {

    private static final Logger LOG = LoggerFactory.getLogger(ChangePlanner.class);
    private static final Comparator<PlannedChange> CHRONOLOGICAL = Comparator
            .comparing(PlannedChange::advancesResume).reversed()
            .thenComparing(PlannedChange::datetime, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(PlannedChange::id)
            .thenComparing(c -> c.change() == ChangeType.DELETED ? 0 : 1);

    private final AtomPmhOptions options;

    ChangePlanner(AtomPmhOptions options) {
        this.options = options;
    }

    List<PlannedChange> plan(List<AtomFeed> feeds, SourceState state, KnownRecords known) {
        boolean complete = !feeds.isEmpty() && feeds.get(0).complete();
        Map<String, AtomEntry> winners = new TreeMap<>();
        for (AtomFeed feed : feeds) {
            for (AtomEntry e : feed.entries()) {
                if (complete && e.deletion()) {
                    continue; // a complete feed says deletions by absence; its deletion entries may be stale
                }
                winners.merge(e.id(), e, this::newer);
            }
        }
        List<PlannedChange> changes = new ArrayList<>();
        int looked = 0;
        Set<String> offeredByPassedOver = new TreeSet<>();
        int passedOver = 0;
        for (AtomEntry e : winners.values()) {
            if (complete || isAfterStopPoint(e, state, known)) {
                Outcome outcome = planEntry(e, known.get(e.id()), changes);
                if (!e.deletion() && outcome != Outcome.UNCHANGED) {
                    looked++;
                }
                if (outcome == Outcome.PASSED_OVER) {
                    passedOver++;
                    e.alternates().forEach(l -> offeredByPassedOver.add(l.type() == null ? "(no type)" : l.type()));
                }
            }
        }
        if (looked > 0 && passedOver == looked) {
            LOG.warn("{}: all {} records of this poll passed over: none has an alternate link of the media types"
                     + " asked for ({}); their links offer {}. Set mediaTypes to one of those (a '+' that arrives as"
                     + " a space is read as '+')", feeds.get(0).uri(), passedOver,
                    options.mediaTypes().isEmpty() ? "any" : String.join(", ", options.mediaTypes()),
                    offeredByPassedOver.isEmpty() ? "no alternate link at all" : String.join(", ",
                            offeredByPassedOver));
        }
        if (complete) {
            AtomFeed feed = feeds.get(0);
            Instant when = feed.updated() != null ? feed.updated() : feed.newest();
            Map<String, KnownRecords.Known> gone = new HashMap<>(known.all());
            gone.keySet().removeAll(winners.keySet());
            gone.forEach((id, k) -> changes.add(new PlannedChange(id, null, null, k.location(), ChangeType.DELETED,
                    when, false, feed.uri())));
        }
        changes.sort(CHRONOLOGICAL);
        return changes;
    }

    private AtomEntry newer(AtomEntry a, AtomEntry b) {
        int c = a.updated().compareTo(b.updated());
        if (c != 0) {
            return c > 0 ? a : b;
        }
        if (a.deletion() != b.deletion()) {
            return a.deletion() ? a : b;
        }
        if (a.deletion()) {
            return a;
        }
        AtomLink la = choose(a);
        AtomLink lb = choose(b);
        String sa = la == null ? "\uffff" : la.href().toString();
        String sb = lb == null ? "\uffff" : lb.href().toString();
        return sa.compareTo(sb) <= 0 ? a : b;
    }

    private boolean isAfterStopPoint(AtomEntry e, SourceState state, KnownRecords known) {
        Instant resume = state.resumeTime();
        if (resume == null) {
            return true;
        }
        int c = e.updated().compareTo(resume);
        if (c != 0) {
            return c > 0;
        }
        URI location = e.deletion() ? knownLocation(e, known) : location(e, choose(e));
        return location == null || !state.resumeEventIds().contains(resumeKey(location, e.updated(), e.deletion()));
    }

    /**
     * How a change at the stop point is remembered: its event id, marked when it is a deletion, so a deletion in the
     * second of the update before it is not taken for that update (entries carry no hash, so two updates of one
     * second still cannot be told apart).
     */
    static String resumeKey(URI location, Instant updated, boolean deletion) {
        String id = SyncEvents.eventId(location, updated, null);
        return deletion ? id + " deleted" : id;
    }

    private static URI knownLocation(AtomEntry e, KnownRecords known) {
        KnownRecords.Known k = known.get(e.id());
        return k == null ? null : k.location();
    }

    /** What became of an entry: planned (or a deletion), passed over for want of a wanted link, or nothing new. */
    private enum Outcome {
        PLANNED, PASSED_OVER, UNCHANGED
    }

    private Outcome planEntry(AtomEntry e, KnownRecords.Known k, List<PlannedChange> out) {
        if (k != null && (e.updated().isBefore(k.updated()) || e.updated().equals(k.updated()) && !e.deletion())) {
            // the destination has this or a newer state of the record (a deletion of that second is newer)
            return Outcome.UNCHANGED;
        }
        if (e.deletion()) {
            if (k != null) {
                out.add(new PlannedChange(e.id(), e, null, k.location(), ChangeType.DELETED, e.updated(), true,
                        e.document()));
            }
            return Outcome.PLANNED;
        }
        AtomLink link = choose(e);
        URI location = link == null ? null : location(e, link);
        if (location == null) {
            // every wanted format is gone: a record the destination has is deleted, others are not for it
            LOG.debug("{}: entry {} has no alternate link of the wanted types {}", e.document(), e.id(),
                    options.mediaTypes());
            if (k != null) {
                out.add(new PlannedChange(e.id(), e, null, k.location(), ChangeType.DELETED, e.updated(), true,
                        e.document()));
            }
            return Outcome.PASSED_OVER;
        }
        if (k != null && !k.location().equals(location)) {
            // the record moved (another link or format): the old copy goes, the new one comes
            out.add(new PlannedChange(e.id(), e, null, k.location(), ChangeType.DELETED, e.updated(), true,
                    e.document()));
            k = null;
        }
        out.add(new PlannedChange(e.id(), e, link, location, k == null ? ChangeType.CREATED : ChangeType.UPDATED,
                e.updated(), true, e.document()));
        return Outcome.PLANNED;
    }

    /** The alternate link of the most preferred wanted media type; without preferences the first one. */
    AtomLink choose(AtomEntry e) {
        if (e.alternates().isEmpty()) {
            return null;
        }
        if (options.mediaTypes().isEmpty()) {
            return e.alternates().get(0);
        }
        for (String wanted : options.mediaTypes()) {
            for (AtomLink l : e.alternates()) {
                if (l.hasType(wanted)) {
                    return l;
                }
            }
        }
        return null;
    }

    private URI location(AtomEntry e, AtomLink link) {
        if (!options.useAtomIdAsLocation()) {
            return link == null ? null : link.href();
        }
        URI id = UriReferences.parse(e.id());
        if (id == null || !id.isAbsolute()) {
            LOG.warn("{}: atom:id '{}' is not an absolute URI; the alternate link is used as the location",
                    e.document(), e.id());
            return link == null ? null : link.href();
        }
        return id;
    }
}
