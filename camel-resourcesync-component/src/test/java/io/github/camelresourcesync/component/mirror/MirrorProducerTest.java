package io.github.camelresourcesync.component.mirror;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code resourcesync-mirror:} on its own: what it leaves on disk after writes, deletions and failures. */
class MirrorProducerTest {

    private static final Instant LASTMOD = Instant.parse("2024-03-01T12:00:00Z");

    @TempDir
    Path tmp;

    private CamelContext context;
    private ProducerTemplate template;

    @BeforeEach
    void start() {
        context = new DefaultCamelContext();
        context.start();
        template = context.createProducerTemplate();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    private Path mirror() {
        return tmp.resolve("mirror");
    }

    private void send(String options, String name, String change, Object body) {
        template.sendBodyAndHeaders("resourcesync-mirror:" + mirror() + options, body,
                Map.of(ResourceSyncConstants.FILE_NAME, name, ResourceSyncConstants.CHANGE, change,
                        ResourceSyncConstants.LAST_MODIFIED, LASTMOD));
    }

    private List<String> temporaryFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(mirror())) {
            return walk.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".rsync-")).toList();
        }
    }

    @Test
    void writesReplacesAndDeletesLeavingNoTemporaryFile() throws Exception {
        send("", "d/e/a.txt", "created", "alpha".getBytes(StandardCharsets.UTF_8));
        send("", "d/e/b.txt", "created", new ByteArrayInputStream("bravo".getBytes(StandardCharsets.UTF_8)));
        send("", "d/e/a.txt", "updated", "alpha 2");
        Path a = mirror().resolve("d/e/a.txt");
        assertEquals("alpha 2", Files.readString(a));
        assertEquals("bravo", Files.readString(mirror().resolve("d/e/b.txt")));
        assertEquals(LASTMOD, Files.getLastModifiedTime(a).toInstant());

        send("", "d/e/a.txt", "deleted", null);
        assertFalse(Files.exists(a));
        assertTrue(Files.isDirectory(mirror().resolve("d/e")), "b.txt is still in it");
        send("", "d/e/b.txt", "deleted", null);
        assertFalse(Files.exists(mirror().resolve("d")), "emptied directories are pruned");
        assertTrue(Files.isDirectory(mirror()), "never the mirror directory itself");
        send("", "d/e/c.txt", "created", "charlie");
        assertEquals("charlie", Files.readString(mirror().resolve("d/e/c.txt")));
        // directories removed behind the producer's back (which remembers them) are created again
        Files.delete(mirror().resolve("d/e/c.txt"));
        Files.delete(mirror().resolve("d/e"));
        Files.delete(mirror().resolve("d"));
        send("", "d/e/f.txt", "created", "foxtrot");
        assertEquals("foxtrot", Files.readString(mirror().resolve("d/e/f.txt")));
        assertEquals(List.of(), temporaryFiles());
    }

    @Test
    void withPruneEmptyDirectoriesOffAnEmptiedDirectoryStays() throws Exception {
        send("?pruneEmptyDirectories=false", "d/e/a.txt", "created", "alpha");
        send("?pruneEmptyDirectories=false", "d/e/a.txt", "deleted", null);
        assertFalse(Files.exists(mirror().resolve("d/e/a.txt")));
        assertTrue(Files.isDirectory(mirror().resolve("d/e")), "the endpoint option keeps emptied directories");
    }

    @Test
    void filesGetTheSamePermissionsAsAnyNewFile() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        send("", "a.txt", "created", "alpha");
        Path plain = Files.createFile(tmp.resolve("plain"));
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertEquals(expected, Files.getPosixFilePermissions(mirror().resolve("a.txt")),
                "the umask decides, as for file: (a temporary file's 0600 must not reach the mirror)");
    }

    @Test
    void aBodyThatFailsHalfwayLeavesTheFileAsItWas() throws Exception {
        send("", "a.txt", "created", "the old content");
        InputStream failing = new InputStream() {
            private int n;

            @Override
            public int read() throws IOException {
                if (n++ < 10_000) {
                    return 'x';
                }
                throw new IOException("connection reset");
            }
        };
        CamelExecutionException e = assertThrows(CamelExecutionException.class,
                () -> send("", "a.txt", "updated", failing));
        assertEquals("connection reset", e.getCause().getMessage());
        assertEquals("the old content", Files.readString(mirror().resolve("a.txt")));
        assertEquals(List.of(), temporaryFiles());
    }

    @Test
    void aFileWhereTheMappingNeedsADirectoryIsNamedWithWhatToDo() throws Exception {
        // a mirror written with the mapping before @-names: /res/a was the file res/a
        Files.createDirectories(mirror().resolve("res"));
        Files.writeString(mirror().resolve("res/a"), "old name of /res/a");
        CamelExecutionException e = assertThrows(CamelExecutionException.class,
                () -> send("", "res/a/b@", "created", "b"));
        String message = e.getCause().getMessage();
        assertTrue(message.contains(mirror().resolve("res/a").toString()) && message.contains("a file has that name")
                   && message.contains("re-baseline"), message);
        Files.createDirectories(mirror().resolve("dir.txt/inside"));
        e = assertThrows(CamelExecutionException.class, () -> send("", "dir.txt", "created", "x"));
        assertTrue(e.getCause().getMessage().contains("it is a directory"), e.getCause().getMessage());
        assertEquals(List.of(), temporaryFiles());
    }

    @Test
    void fsyncWritesAndDeletesTheSame() throws Exception {
        send("?fsync=true&keepLastModified=false", "s/a.txt", "created", "synced");
        Path a = mirror().resolve("s/a.txt");
        assertEquals("synced", Files.readString(a));
        assertTrue(Files.getLastModifiedTime(a).toInstant().isAfter(LASTMOD), "keepLastModified=false");
        send("?fsync=true", "s/a.txt", "deleted", null);
        assertFalse(Files.exists(mirror().resolve("s")));
    }

    @Test
    void namesOutsideTheDirectoryOrNoNameAreRefused() {
        for (String name : List.of("../escape.txt", "a/../../escape.txt", ".", " ")) {
            CamelExecutionException e = assertThrows(CamelExecutionException.class,
                    () -> send("", name, "created", "x"), name);
            assertTrue(e.getCause() instanceof IllegalArgumentException, name + ": " + e.getCause());
        }
        assertFalse(Files.exists(tmp.resolve("escape.txt")));
    }
}
