package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Event ids a harvester in another JVM appended to files, one per line: the "downstream" that crash and failover tests
 * inspect for losses and duplicates.
 */
public final class EventFiles {

    private EventFiles() {
    }

    /** Appends one event id (called from the forked harvester's route). */
    public static synchronized void append(Path file, String eventId) throws IOException {
        Files.writeString(file, eventId + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /** Every id of every file, in file order (none for a file not written yet). */
    public static List<String> lines(Path... files) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path file : files) {
            if (Files.exists(file)) {
                for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (!l.isEmpty()) {
                        lines.add(l);
                    }
                }
            }
        }
        return lines;
    }

    public static Set<String> distinct(Path... files) throws IOException {
        return new HashSet<>(lines(files));
    }

    /** The ids delivered more than once, with how often. */
    public static Map<String, Integer> duplicatesOf(List<String> all) {
        Map<String, Integer> counts = new HashMap<>();
        all.forEach(id -> counts.merge(id, 1, Integer::sum));
        counts.values().removeIf(n -> n == 1);
        return counts;
    }
}
