package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.LiteralSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A mirror directory as an audit destination, on real files: a listed file re-hashed in the published algorithms
 * (digests checked against the JDK's), missing files and directories in a file's place, file names that would leave
 * the directory, and the walk for extra files (nested, temporary {@code .rsync-} files and symbolic links skipped).
 */
class DirectoryAuditDestinationTest {

    private static final URI LOC = URI.create("http://127.0.0.1/res/a.txt");

    @TempDir
    Path tmp;

    private Path mirror() {
        return tmp.resolve("mirror");
    }

    private Path write(String name, String content) throws IOException {
        Path file = mirror().resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void describesItselfByItsNormalizedAbsoluteRootAndKeysByFileName() {
        DirectoryAuditDestination d = new DirectoryAuditDestination(mirror().resolve("x/.."));
        assertEquals("directory " + mirror().toAbsolutePath(), d.describe());
        assertEquals("res/a.txt", d.key("src", LOC, "res/a.txt"));
    }

    @Test
    void listedFileIsRehashedInThePublishedAlgorithms() throws Exception {
        Path file = write("res/a.txt", "alpha");
        Instant mtime = Instant.parse("2024-03-01T10:00:00Z");
        Files.setLastModifiedTime(file, FileTime.from(mtime));
        DirectoryAuditDestination d = new DirectoryAuditDestination(mirror());
        AuditDestination.Held h = d.find("src", LOC, "res/a.txt", new LinkedHashSet<>(List.of("md5", "sha-256")));
        assertEquals(new AuditDestination.Held("res/a.txt", "src", LOC, "res/a.txt", mtime,
                Hashes.of(Map.of("md5", LiteralSource.digest("md5", "alpha"), "sha-256",
                        LiteralSource.digest("sha-256", "alpha"))), 5L, true), h);
    }

    @Test
    void nothingPublishedMeansNothingHashed() throws Exception {
        write("res/a.txt", "alpha");
        AuditDestination.Held h = new DirectoryAuditDestination(mirror()).find("src", LOC, "res/a.txt", Set.of());
        assertTrue(h.hash().digests().isEmpty());
        assertEquals(5L, h.length());
    }

    @Test
    void randomBytesAreHashedExactly() throws Exception {
        byte[] bytes = new byte[70_000];
        new Random(20261124L).nextBytes(bytes);
        Path file = mirror().resolve("big.bin");
        Files.createDirectories(mirror());
        Files.write(file, bytes);
        AuditDestination.Held h = new DirectoryAuditDestination(mirror()).find("src", LOC, "big.bin",
                Set.of("sha-256"));
        String expected = java.util.HexFormat.of().formatHex(
                java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        assertEquals(expected, h.hash().digests().get("sha-256"));
        assertEquals(70_000L, h.length());
    }

    @Test
    void absentFileOrADirectoryInItsPlaceIsNotHeld() throws Exception {
        Files.createDirectories(mirror().resolve("res/a.txt"));
        DirectoryAuditDestination d = new DirectoryAuditDestination(mirror());
        assertNull(d.find("src", LOC, "res/a.txt", Set.of("md5")), "a directory is not the file");
        assertNull(d.find("src", LOC, "res/none.txt", Set.of("md5")));
        assertNull(new DirectoryAuditDestination(tmp.resolve("absent")).find("src", LOC, "res/a.txt", Set.of()));
    }

    @Test
    void symbolicLinkIsNotFollowed() throws Exception {
        Path target = tmp.resolve("outside.txt");
        Files.writeString(target, "alpha");
        Files.createDirectories(mirror().resolve("res"));
        Files.createSymbolicLink(mirror().resolve("res/a.txt"), target);
        DirectoryAuditDestination d = new DirectoryAuditDestination(mirror());
        assertNull(d.find("src", LOC, "res/a.txt", Set.of("md5")));
        List<String> held = new ArrayList<>();
        d.forEachHeld(List.of("src"), h -> held.add(h.key()));
        assertEquals(List.of(), held);
    }

    @Test
    void fileNameLeavingTheDirectoryIsAnError() throws Exception {
        write("res/a.txt", "alpha");
        Files.writeString(tmp.resolve("secret.txt"), "secret");
        DirectoryAuditDestination d = new DirectoryAuditDestination(mirror());
        IOException up = assertThrows(IOException.class, () -> d.find("src", LOC, "../secret.txt", Set.of()));
        assertTrue(up.getMessage().contains("'../secret.txt'") && up.getMessage().contains(LOC.toString())
                   && up.getMessage().contains("would leave the directory"), up.getMessage());
        assertThrows(IOException.class, () -> d.find("src", LOC, "res/../..", Set.of()));
        assertThrows(IOException.class, () -> d.find("src", LOC, "res/..", Set.of()), "the directory itself");
    }

    @Test
    void walkFindsEveryRegularFileButTheMirrorsTemporaryOnes() throws Exception {
        write("res/a.txt", "alpha");
        write("res/sub/deep/c.txt", "charlie");
        write("top.txt", "t");
        write("res/.rsync-123.tmp", "in progress");
        write(".rsync-9", "in progress");
        Files.createDirectories(mirror().resolve("empty/dir"));
        Instant mtime = Instant.parse("2024-01-02T03:04:05Z");
        Files.setLastModifiedTime(mirror().resolve("top.txt"), FileTime.from(mtime));
        Map<String, AuditDestination.Held> held = new TreeMap<>();
        new DirectoryAuditDestination(mirror()).forEachHeld(List.of("src"), h -> held.put(h.key(), h));
        assertEquals(List.of("res/a.txt", "res/sub/deep/c.txt", "top.txt"), new ArrayList<>(held.keySet()));
        assertEquals(new AuditDestination.Held("top.txt", null, null, "top.txt", mtime, Hashes.EMPTY, 1L, true),
                held.get("top.txt"));
        assertEquals(7L, held.get("res/sub/deep/c.txt").length());
        assertEquals("res/sub/deep/c.txt", held.get("res/sub/deep/c.txt").fileName());
    }

    @Test
    void absentDirectoryHoldsNothing() throws Exception {
        List<AuditDestination.Held> held = new ArrayList<>();
        new DirectoryAuditDestination(tmp.resolve("absent")).forEachHeld(List.of("src"), held::add);
        Files.writeString(tmp.resolve("a-file"), "x");
        new DirectoryAuditDestination(tmp.resolve("a-file")).forEachHeld(List.of("src"), held::add);
        assertEquals(List.of(), held);
    }
}
