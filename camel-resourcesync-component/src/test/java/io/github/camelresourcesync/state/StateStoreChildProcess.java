package io.github.camelresourcesync.state;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Main class of the child JVMs started by {@link MVStoreStateStoreProcessTest}.
 *
 * <ul>
 * <li>{@code apply-loop <file> <commitDelayMillis>}: continues the numbered applies of {@link CrashPattern} from the stored cursor, forever,
 * printing {@code APPLIED <i>} now and then, until it is killed.</li>
 * <li>{@code hold <file>}: opens the store, prints {@code OPEN}, and keeps it open until stdin closes.</li>
 * </ul>
 */
public final class StateStoreChildProcess {

    private StateStoreChildProcess() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[1]);
        switch (args[0]) {
            case "apply-loop" -> applyLoop(file, Long.parseLong(args[2]));
            case "hold" -> hold(file);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    private static void applyLoop(Path file, long commitDelayMillis) {
        MVStoreStateStore store = new MVStoreStateStore(file);
        store.setCommitDelayMillis(commitDelayMillis);
        store.start();
        String cursor = store.source(CrashPattern.SOURCE).cursor();
        long i = cursor == null ? 0 : Long.parseLong(cursor);
        while (true) {
            i++;
            store.apply(CrashPattern.SOURCE, CrashPattern.change(i));
            if (i % 20 == 0) {
                System.out.println("APPLIED " + i);
                System.out.flush();
            }
        }
    }

    private static void hold(Path file) throws IOException {
        try (MVStoreStateStore store = MVStoreStateStore.open(file)) {
            store.apply("hold", StateChange.of(SourceState.INITIAL.withCursor("held")));
            System.out.println("OPEN");
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for the parent to close our stdin
            }
        }
    }

    /** The numbered applies of the crash test, and what the state must look like after the first c of them. */
    static final class CrashPattern {
        static final String SOURCE = "https://crash.example.org/capabilitylist.xml";

        private CrashPattern() {
        }

        /** Resources added by apply i. */
        static int added(long i) {
            return 1 + (int) (i % 20) * 10;
        }

        static String location(long i, int j) {
            return "https://crash.example.org/r/" + i + "/" + j;
        }

        /** Apply i: cursor i, resources i/0..added(i)-1, "latest" at generation i, and removes (i-10)/0. */
        static StateChange change(long i) {
            List<ResourceState> upserts = new ArrayList<>();
            for (int j = 0; j < added(i); j++) {
                upserts.add(new ResourceState(location(i, j), null, null, (long) j, i));
            }
            upserts.add(new ResourceState(latest(), null, null, null, i));
            List<String> removed = i > 10 ? List.of(location(i - 10, 0)) : List.of();
            SourceState state = new SourceState(false, i, null, Set.of("event-" + i), Long.toString(i));
            return new StateChange(state, upserts, removed);
        }

        static String latest() {
            return "https://crash.example.org/latest";
        }

        /** Resources present after applies 1..c. */
        static long expectedCount(long c) {
            long n = c > 0 ? 1 : 0; // latest
            for (long i = 1; i <= c; i++) {
                n += added(i);
            }
            return n - Math.max(0, c - 10);
        }
    }
}
