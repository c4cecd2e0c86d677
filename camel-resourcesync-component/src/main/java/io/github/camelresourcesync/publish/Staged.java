package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.camelresourcesync.model.Hashes;

/** A body copied to a temporary file while its md5 and sha-256 and its length are computed. */
final class Staged implements AutoCloseable {

    private final Path file;
    private final Hashes digests;
    private final long length;

    private Staged(Path file, Hashes digests, long length) {
        this.file = file;
        this.digests = digests;
        this.length = length;
    }

    /** Copies {@code body} into a temporary file in {@code dir}, streaming. */
    static Staged copy(InputStream body, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".publish-", ".tmp");
        try {
            MessageDigest md5 = digest("MD5");
            MessageDigest sha256 = digest("SHA-256");
            long n;
            try (OutputStream out = new DigestOutputStream(new DigestOutputStream(Files.newOutputStream(tmp), md5),
                    sha256)) {
                n = body.transferTo(out);
            }
            Map<String, String> map = new LinkedHashMap<>();
            map.put("md5", HexFormat.of().formatHex(md5.digest()));
            map.put("sha-256", HexFormat.of().formatHex(sha256.digest()));
            return new Staged(tmp, Hashes.of(map), n);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JVM lacks " + name + ", which every Java platform must have", e);
        }
    }

    Path file() {
        return file;
    }

    Hashes digests() {
        return digests;
    }

    long length() {
        return length;
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
