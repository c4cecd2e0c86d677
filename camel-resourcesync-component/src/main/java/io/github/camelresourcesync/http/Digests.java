package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.camelresourcesync.model.Hashes;

/** The message digests computed while a body streams by, keyed by the ResourceSync algorithm name. */
public final class Digests {

    private static final Logger LOG = LoggerFactory.getLogger(Digests.class);

    private final Map<String, MessageDigest> digests;

    private Digests(Map<String, MessageDigest> digests) {
        this.digests = digests;
    }

    /**
     * Digests for the given algorithm names ({@code md5}, {@code sha-256}, {@code SHA256}...). An algorithm the JVM
     * does not know is skipped: the caller then finds no digest to compare, which it already has to handle.
     */
    static Digests of(Collection<String> algorithms) {
        Map<String, MessageDigest> map = new LinkedHashMap<>();
        if (algorithms != null) {
            for (String algorithm : algorithms) {
                if (algorithm == null || algorithm.isBlank()) {
                    continue;
                }
                String name = Hashes.normaliseAlgorithm(algorithm);
                if (map.containsKey(name)) {
                    continue;
                }
                try {
                    map.put(name, MessageDigest.getInstance(Hashes.jcaName(name)));
                } catch (NoSuchAlgorithmException e) {
                    LOG.debug("Hash algorithm '{}' is not available in this JVM; not computed", algorithm);
                }
            }
        }
        return new Digests(map);
    }

    /**
     * Reads a stream to its end and returns its digests in the given algorithms (unknown ones skipped), e.g. to
     * re-hash a mirrored file; the caller closes the stream.
     */
    public static Hashes digest(InputStream in, Collection<String> algorithms) throws IOException {
        Digests d = of(algorithms);
        byte[] buffer = new byte[64 * 1024];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            d.update(buffer, 0, n);
        }
        return d.finish();
    }

    void update(byte[] b, int off, int len) {
        for (MessageDigest d : digests.values()) {
            d.update(b, off, len);
        }
    }

    void reset() {
        digests.values().forEach(MessageDigest::reset);
    }

    /** Finishes the digests; call once. */
    Hashes finish() {
        Map<String, String> hex = new LinkedHashMap<>();
        HexFormat format = HexFormat.of();
        digests.forEach((name, d) -> hex.put(name, format.formatHex(d.digest())));
        return Hashes.of(hex);
    }
}
