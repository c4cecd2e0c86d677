package io.github.camelresourcesync.publish;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.model.Hashes;

/**
 * The digests a publisher computes and the ones it publishes (option {@code hashAlgorithms}). The publisher always
 * computes md5 and sha-256 as well (sha-256 names the stored versions behind Change Dumps; both keep the stored
 * digests useful when the option changes) and records every digest it has; only the documents are restricted to
 * the published algorithms. Some harvesters read one digest only (rs-aggregator splits {@code hash} on {@code :}).
 */
final class HashAlgorithms {

    /** IANA hash names the JVM computes and ResourceSync harvesters may check. */
    static final List<String> KNOWN = List.of("md5", "sha-1", "sha-224", "sha-256", "sha-384", "sha-512");

    static final List<String> DEFAULT = parse(PublisherOptions.DEFAULT_HASH_ALGORITHMS);

    private HashAlgorithms() {
    }

    /** Splits a comma-separated value ({@code md5, SHA256}) into normalised names, in order, each once. */
    static List<String> parse(String commaSeparated) {
        Set<String> names = new LinkedHashSet<>();
        for (String token : commaSeparated == null ? new String[0] : commaSeparated.split(",")) {
            if (!token.isBlank()) {
                names.add(Hashes.normaliseAlgorithm(token));
            }
        }
        return List.copyOf(names);
    }

    /** Checks the option's value: at least one algorithm, each known. */
    static List<String> validated(List<String> algorithms) {
        if (algorithms.isEmpty()) {
            throw new IllegalArgumentException("publisher: hashAlgorithms must name at least one algorithm, e.g. md5"
                                               + " or md5,sha-256");
        }
        List<String> unknown = algorithms.stream().filter(a -> !KNOWN.contains(a)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("publisher: hashAlgorithms has unknown algorithm(s) " + unknown
                                               + "; known: " + String.join(", ", KNOWN));
        }
        return algorithms;
    }

    /**
     * What to compute on a body: md5 and sha-256, the published algorithms and those of the event's own hash that the
     * JVM knows (so the body is checked against every digest the event carries).
     */
    static List<MessageDigest> digestsFor(List<String> published, Hashes eventHash) {
        Set<String> names = new LinkedHashSet<>(DEFAULT);
        names.addAll(published);
        names.addAll(eventHash.digests().keySet());
        List<MessageDigest> digests = new ArrayList<>();
        for (String name : names) {
            try {
                digests.add(MessageDigest.getInstance(Hashes.jcaName(name)));
            } catch (NoSuchAlgorithmException e) {
                // an event's algorithm this JVM lacks: checked on the digests both have
                if (DEFAULT.contains(name) || published.contains(name)) {
                    throw new IllegalStateException("The JVM lacks " + name + ", which every Java platform must have",
                            e);
                }
            }
        }
        return digests;
    }

    /** The digests of {@code hash} in the published algorithms, in their order; empty when it has none of them. */
    static Hashes published(Hashes hash, List<String> published) {
        if (hash.isEmpty() || sameAlgorithmsInOrder(hash, published)) {
            return hash; // the usual case: nothing to allocate for each entry written
        }
        Map<String, String> map = new LinkedHashMap<>();
        for (String algorithm : published) {
            String digest = hash.get(algorithm);
            if (digest != null) {
                map.put(algorithm, digest);
            }
        }
        return Hashes.of(map);
    }

    private static boolean sameAlgorithmsInOrder(Hashes hash, List<String> published) {
        int i = 0;
        for (String algorithm : hash.digests().keySet()) {
            if (i >= published.size() || !published.get(i++).equals(algorithm)) {
                return false;
            }
        }
        return i == published.size();
    }
}
