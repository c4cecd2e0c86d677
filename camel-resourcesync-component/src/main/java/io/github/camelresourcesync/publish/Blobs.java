package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Hashes;

/**
 * Stored versions of bitstreams, by sha-256, in the state directory: a Change Dump packages each change with the bytes
 * it had then, after the resource itself may have changed again. Kept only when change dumps are enabled, and only
 * while a change of the open Change List needs them: a closed list's package carries its own copies.
 */
final class Blobs {

    private static final String SHA_256 = "sha-256";

    private Blobs() {
    }

    static Path path(PublisherOptions options, Hashes hash) {
        String sha = hash.get(SHA_256);
        return sha == null ? null : directory(options).resolve(sha);
    }

    private static Path directory(PublisherOptions options) {
        return options.stateDirectory().resolve("blobs");
    }

    /**
     * Deletes every stored version no change of the open list refers to (all of them without change dumps). Run only
     * when no event is half published: an event stores its version before its change is recorded.
     *
     * @return the number of files deleted
     */
    static int prune(PublisherOptions options, Iterable<Published> openChanges) throws IOException {
        Set<String> needed = new HashSet<>();
        if (options.changeDump()) {
            for (Published change : openChanges) {
                String sha = change.change() == ChangeType.DELETED ? null : change.hash().get(SHA_256);
                if (sha != null) {
                    needed.add(sha);
                }
            }
        }
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory(options))) {
            for (Path file : files) {
                if (!needed.contains(file.getFileName().toString()) && Files.deleteIfExists(file)) {
                    deleted++;
                }
            }
        } catch (NoSuchFileException e) {
            // no version was ever stored
        }
        return deleted;
    }
}
