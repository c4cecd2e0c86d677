package io.github.camelresourcesync.examples.demo;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A demo Source with a state directory continues, after a restart, the Source the last run served. */
class DemoStateTest {

    @TempDir
    Path tmp;

    private final HttpClient http = HttpClient.newHttpClient();

    private DemoSource.Settings settings() {
        return DemoSource.Settings.defaults().withPort(0).withChangeInterval(0).withChangesPerList(4)
                .withStateDirectory(tmp.resolve("demo-state"));
    }

    /** The Change List documents as served, with the host and port taken out. */
    private Map<String, String> changeLists(DemoSource source) throws Exception {
        Map<String, String> docs = new TreeMap<>();
        for (SourceModel.ChangeList list : source.model().changeLists()) {
            String path = "/changelist-" + list.number() + ".xml";
            String body = http.send(HttpRequest.newBuilder(source.uri(path)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            docs.put(path, body.replace(source.base().toString(), "BASE/"));
        }
        return docs;
    }

    @Test
    void aRestartedDemoSourceServesTheSameResourcesAndChangeListsAndGoesOn() throws Exception {
        Map<String, byte[]> resources;
        Map<String, String> lists;
        int changes;
        Instant latest;
        try (DemoSource first = DemoSource.start(settings())) {
            DemoChanges more = new DemoChanges(first.model(), first.documents().folders(), 10, 7);
            for (int i = 0; i < 7; i++) {
                more.next();
            }
            resources = first.snapshot();
            lists = changeLists(first);
            changes = first.model().changeLists().stream().mapToInt(l -> l.changes().size()).sum();
            latest = first.model().latest();
        }
        assertTrue(Files.isRegularFile(tmp.resolve("demo-state").resolve(DemoState.FILE)));

        try (DemoSource second = DemoSource.start(settings())) {
            assertEquals(resources.keySet(), second.snapshot().keySet());
            resources.forEach((path, bytes) -> assertArrayEquals(bytes, second.snapshot().get(path), path));
            assertEquals(lists, changeLists(second), "the same Change Lists, times and hashes");
            assertEquals(changes, second.model().changeLists().stream().mapToInt(l -> l.changes().size()).sum());
            assertEquals(latest, second.model().latest());
            SourceModel.Change next = new DemoChanges(second.model(), second.documents().folders(), 10, 7).next();
            assertTrue(next.datetime().isAfter(latest), "times go on after the restored ones");
        }
    }

    @Test
    void aDamagedStateFileIsRefusedWithAMessage() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("demo-state"));
        Files.writeString(dir.resolve(DemoState.FILE), "not a state file\n");
        IOException e = assertThrows(IOException.class, () -> DemoSource.start(settings()));
        assertTrue(e.getMessage().contains(DemoState.FILE), e.getMessage());
    }
}
