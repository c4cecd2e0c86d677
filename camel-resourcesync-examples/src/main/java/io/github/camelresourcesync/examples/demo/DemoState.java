package io.github.camelresourcesync.examples.demo;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.examples.demo.SourceModel.Change;
import io.github.camelresourcesync.examples.demo.SourceModel.ChangeList;
import io.github.camelresourcesync.examples.demo.SourceModel.Resource;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;

/**
 * The demo Source's state in a file ({@code demo-source.state} in {@code demo.state-dir}), so a restarted demo Source
 * continues where the last one stopped: the same resources, Change Lists and times. A mirror made by an earlier run
 * then stays valid (no gap, no re-baseline), and {@code --audit} compares it with the Source it was made from.
 *
 * <p>
 * Tab-separated lines: {@code step N}, {@code latest TIME}, {@code resource PATH LASTMOD BASE64}, then per Change
 * List (oldest first, the open one last) {@code list NUMBER FROM UNTIL|-} followed by its
 * {@code change PATH TYPE DATETIME HASH|- LENGTH|- TYPE|-} lines.
 */
final class DemoState {

    static final String FILE = "demo-source.state";
    private static final String HEADER = "camel-resourcesync demo Source state 1";
    private static final String NONE = "-";

    /** A restored demo: its model and how many changes it has made. */
    record Restored(SourceModel model, int step) {
    }

    private DemoState() {
    }

    static Path file(Path directory) {
        return directory.resolve(FILE);
    }

    /** Writes the state atomically (a temporary file renamed over the old one). */
    static void save(Path directory, SourceModel model, int step) throws IOException {
        Files.createDirectories(directory);
        Path tmp = Files.createTempFile(directory, ".demo-source-", ".tmp");
        try {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                line(w, HEADER);
                line(w, "step", Integer.toString(step));
                line(w, "latest", model.latest().toString());
                for (Map.Entry<String, Resource> r : model.resources().entrySet()) {
                    line(w, "resource", r.getKey(), r.getValue().lastmod().toString(),
                            Base64.getEncoder().encodeToString(r.getValue().content()));
                }
                for (ChangeList list : model.changeLists()) {
                    line(w, "list", Integer.toString(list.number()), list.from().toString(), text(list.until()));
                    for (Change c : list.changes()) {
                        line(w, "change", c.path(), c.type().value(), c.datetime().toString(), text(c.hashes()),
                                text(c.length()), text(c.mediaType()));
                    }
                }
            }
            Files.move(tmp, file(directory), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The saved state, or {@code null} when there is none. */
    static Restored load(Path directory, Clock clock, int changesPerList, int keptLists) throws IOException {
        Path file = file(directory);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new IOException(file + " is not a demo Source state file (first line: " + HEADER + ")");
        }
        int step = 0;
        Instant latest = null;
        Map<String, Resource> resources = new LinkedHashMap<>();
        List<ChangeList> lists = new ArrayList<>();
        List<Change> changes = null;
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t", -1);
            try {
                switch (f[0]) {
                    case "step" -> step = Integer.parseInt(f[1]);
                    case "latest" -> latest = Instant.parse(f[1]);
                    case "resource" -> resources.put(f[1], new Resource(Base64.getDecoder().decode(f[3]),
                            Instant.parse(f[2]), null, null));
                    case "list" -> {
                        changes = new ArrayList<>();
                        lists.add(new ChangeList(Integer.parseInt(f[1]), Instant.parse(f[2]),
                                NONE.equals(f[3]) ? null : Instant.parse(f[3]), changes));
                    }
                    case "change" -> changes.add(new Change(f[1], ChangeType.fromValue(f[2]), Instant.parse(f[3]),
                            NONE.equals(f[4]) ? null : Hashes.parse(f[4]), NONE.equals(f[5]) ? null : Long.valueOf(f[5]),
                            NONE.equals(f[6]) ? null : f[6]));
                    default -> throw new IOException("unknown line");
                }
            } catch (RuntimeException | IOException e) {
                throw new IOException(file + " line " + (i + 1) + " is not valid demo Source state: " + e.getMessage()
                                      + "; delete the file to start a new demo Source", e);
            }
        }
        if (latest == null || lists.isEmpty() || lists.get(lists.size() - 1).until() != null) {
            throw new IOException(file + " is incomplete (no latest time or no open Change List); delete it to start"
                                  + " a new demo Source");
        }
        List<ChangeList> frozen = lists.stream()
                .map(l -> new ChangeList(l.number(), l.from(), l.until(), List.copyOf(l.changes()))).toList();
        return new Restored(SourceModel.restore(resources, frozen, latest, clock, changesPerList, keptLists), step);
    }

    private static String text(Object value) {
        return value == null ? NONE : value.toString();
    }

    private static void line(BufferedWriter w, String... fields) throws IOException {
        w.write(String.join("\t", fields));
        w.newLine();
    }
}
