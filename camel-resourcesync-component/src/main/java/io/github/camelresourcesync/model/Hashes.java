package io.github.camelresourcesync.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The value of a ResourceSync {@code hash} attribute: one or more space-separated {@code algorithm:hexdigest} pairs.
 * Algorithm names are normalised to the spelling of the specification ({@code md5}, {@code sha-1}, {@code sha-256},
 * {@code sha-512}); digests to lower case hex. Immutable.
 */
public final class Hashes {

    public static final Hashes EMPTY = new Hashes(Map.of());

    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");

    private final Map<String, String> digests;
    /** the attribute form, built once: it goes into a header of every event */
    private String text;

    private Hashes(Map<String, String> digests) {
        this.digests = digests;
    }

    /**
     * Parses a {@code hash} attribute. Values that are not {@code algorithm:hex} (some published examples carry such
     * values) are reported to {@code warnings} and skipped, never fatal.
     */
    public static Hashes parse(String attribute, Consumer<String> warnings) {
        if (attribute == null || attribute.isBlank()) {
            return EMPTY;
        }
        Map<String, String> map = new LinkedHashMap<>();
        for (String token : attribute.trim().split("\\s+")) {
            int colon = token.indexOf(':');
            if (colon <= 0 || colon == token.length() - 1) {
                warnings.accept("hash value '" + token + "' is not of the form algorithm:hexdigest; ignored");
                continue;
            }
            String algorithm = normaliseAlgorithm(token.substring(0, colon));
            String hex = token.substring(colon + 1);
            if (!HEX.matcher(hex).matches()) {
                warnings.accept("hash value '" + token + "' has a digest that is not hexadecimal; ignored");
                continue;
            }
            map.putIfAbsent(algorithm, hex.toLowerCase(Locale.ROOT));
        }
        return map.isEmpty() ? EMPTY : new Hashes(Collections.unmodifiableMap(map));
    }

    /** Parses a value that this project wrote itself (state, headers); invalid tokens are dropped silently. */
    public static Hashes parse(String attribute) {
        return parse(attribute, w -> {
        });
    }

    public static Hashes of(Map<String, String> digests) {
        Map<String, String> map = new LinkedHashMap<>();
        digests.forEach((k, v) -> map.put(normaliseAlgorithm(k), v.toLowerCase(Locale.ROOT)));
        return map.isEmpty() ? EMPTY : new Hashes(Collections.unmodifiableMap(map));
    }

    /** {@code SHA256}, {@code sha256}, {@code SHA-256} all become {@code sha-256}; {@code MD5} becomes {@code md5}. */
    public static String normaliseAlgorithm(String algorithm) {
        String a = algorithm.trim().toLowerCase(Locale.ROOT);
        if (a.startsWith("sha") && !a.startsWith("sha-") && a.length() > 3) {
            a = "sha-" + a.substring(3);
        }
        return a;
    }

    /** The JCA name ({@code MD5}, {@code SHA-1}, {@code SHA-256}) of a normalised algorithm name. */
    public static String jcaName(String algorithm) {
        return normaliseAlgorithm(algorithm).toUpperCase(Locale.ROOT);
    }

    /** algorithm (normalised) to lower case hex digest, in the order published. */
    public Map<String, String> digests() {
        return digests;
    }

    public String get(String algorithm) {
        return digests.get(normaliseAlgorithm(algorithm));
    }

    public boolean isEmpty() {
        return digests.isEmpty();
    }

    /**
     * Compares two hash sets on the algorithms they share.
     *
     * @return {@code TRUE} when they share at least one algorithm and all shared digests are equal, {@code FALSE} when a
     *         shared digest differs, {@code null} when they share no algorithm
     */
    public Boolean sameAs(Hashes other) {
        boolean shared = false;
        for (Map.Entry<String, String> e : digests.entrySet()) {
            String theirs = other.digests.get(e.getKey());
            if (theirs != null) {
                if (!theirs.equals(e.getValue())) {
                    return Boolean.FALSE;
                }
                shared = true;
            }
        }
        return shared ? Boolean.TRUE : null;
    }

    /** The attribute form, e.g. {@code md5:1e0d... sha-256:854f...}; empty string when there is none. */
    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            t = format();
            text = t;
        }
        return t;
    }

    private String format() {
        StringBuilder sb = new StringBuilder();
        digests.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(k).append(':').append(v);
        });
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Hashes h && h.digests.equals(digests);
    }

    @Override
    public int hashCode() {
        return Objects.hash(digests);
    }
}
