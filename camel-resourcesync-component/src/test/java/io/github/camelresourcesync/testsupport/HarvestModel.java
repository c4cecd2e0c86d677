package io.github.camelresourcesync.testsupport;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.SyncEvent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the model tests share: a destination that mirrors the events of polls (some crashing), the history of what
 * happened for a failing seed to print, catching up, and the comparison with the source. The one difference the
 * comparison may allow: a record delivered by a poll that crashed (its state perhaps never written) and deleted where
 * nothing says so any more; nothing the harvester keeps knows the destination has it (docs/state-and-delivery.md).
 */
public final class HarvestModel {

    /** What the mirror keeps of a delivered (not deleted) event, e.g. its bytes as text. */
    @FunctionalInterface
    public interface Version {
        String of(SyncEvent event) throws Exception;
    }

    /** Starts one poll. */
    @FunctionalInterface
    public interface Poll {
        EventRun start() throws Exception;
    }

    private final CrashingStateStore store = new CrashingStateStore();
    private final List<String> history = new ArrayList<>();
    private final Map<String, String> mirror = new HashMap<>();
    /** locations delivered by a poll that crashed: their state may not have been written */
    private final Set<String> unrecorded = new HashSet<>();
    private final Version version;

    public HarvestModel(Version version) {
        this.version = version;
    }

    /** The body of an event that brings one, as UTF-8 text. */
    public static String text(SyncEvent e) throws Exception {
        try (Content c = e.content(); InputStream in = c.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The store the harvester under test keeps its state in. */
    public CrashingStateStore store() {
        return store;
    }

    public void log(String line) {
        history.add(line);
    }

    /** Whether a crashed poll delivered anything. */
    public boolean crashed() {
        return !unrecorded.isEmpty();
    }

    /**
     * One poll of {@code run} into the mirror, crashing after {@code crashAfter} events when that is 0 or more; logs
     * {@code label} with the events.
     *
     * @return "change fileName (capability)" per event delivered
     */
    public List<String> poll(String label, EventRun run, int crashAfter) throws Exception {
        List<String> delivered = new ArrayList<>();
        for (SyncEvent e : store.poll(run, crashAfter, this::apply)) {
            if (crashAfter >= 0) {
                unrecorded.add(e.location().toString());
            }
            delivered.add(e.change().value() + " " + e.fileName() + " (" + e.capability() + ")");
        }
        history.add(label + (crashAfter >= 0 ? " crash after " + crashAfter : "") + ": " + delivered);
        return delivered;
    }

    /** Polls until three polls in a row deliver nothing (a poll that completes a baseline delivers nothing either). */
    public void catchUp(Poll poll) throws Exception {
        int idle = 0;
        for (int n = 0; n < 200; n++) {
            idle = poll("catch-up harvest", poll.start(), -1).isEmpty() ? idle + 1 : 0;
            if (idle == 3) {
                return;
            }
        }
        fail("still delivering after 200 polls\n" + String.join("\n",
                history.subList(Math.max(0, history.size() - 60), history.size())));
    }

    /**
     * The mirror equals {@code expected} (location to version); with {@code allowUnrecorded}, it may also hold
     * locations a crashed poll delivered that {@code expected} no longer has.
     */
    public void assertMirrors(Map<String, String> expected, boolean allowUnrecorded) {
        Map<String, String> actual = new HashMap<>(mirror);
        if (allowUnrecorded) {
            actual.keySet().removeIf(loc -> !expected.containsKey(loc) && unrecorded.contains(loc));
        }
        assertEquals(expected, actual, () -> "mirror differs after\n" + String.join("\n", history));
    }

    private void apply(SyncEvent e) throws Exception {
        String loc = e.location().toString();
        if (e.change() == ChangeType.DELETED) {
            mirror.remove(loc);
        } else {
            mirror.put(loc, version.of(e));
        }
    }
}
