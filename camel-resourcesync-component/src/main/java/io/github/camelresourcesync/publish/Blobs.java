package io.github.camelresourcesync.publish;

import java.nio.file.Path;

import io.github.camelresourcesync.model.Hashes;

/**
 * Every stored version of a bitstream, by sha-256, in the state directory: a Change Dump packages each change with
 * the bytes it had then, after the resource itself may have changed again. Kept only when change dumps are enabled.
 */
final class Blobs {

    private Blobs() {
    }

    static Path path(PublisherOptions options, Hashes hash) {
        String sha = hash.get("sha-256");
        return sha == null ? null : options.stateDirectory().resolve("blobs").resolve(sha);
    }
}
