package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Hashes;

/** A body copied to a temporary file while its digests (see {@link HashAlgorithms}) and its length are computed. */
record Staged(Path file, Hashes digests, long length) implements AutoCloseable {

    /** Copies {@code body} into a temporary file in {@code dir}, streaming, while {@code digests} run over it. */
    static Staged copy(InputStream body, Path dir, List<MessageDigest> digests) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".publish-", ".tmp");
        try {
            OutputStream sink = Files.newOutputStream(tmp);
            for (MessageDigest d : digests) {
                sink = new DigestOutputStream(sink, d);
            }
            long n;
            try (OutputStream out = sink) {
                n = body.transferTo(out);
            }
            Map<String, String> map = new LinkedHashMap<>();
            for (MessageDigest d : digests) {
                map.put(Hashes.normaliseAlgorithm(d.getAlgorithm()), HexFormat.of().formatHex(d.digest()));
            }
            return new Staged(tmp, Hashes.of(map), n);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a leftover dot-named temp file; the next start does not read it
        }
    }
}
