package io.github.camelresourcesync.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The value of a ResourceSync {@code hash} attribute: one or more space-separated {@code algorithm:hexdigest} pairs.
 * Algorithm names are normalised to the spelling of the specification ({@code md5}, {@code sha-1}, {@code sha-256},
 * {@code sha-512}); digests to lower case hex. Immutable.
 */
public final class Hashes {

    public static final Hashes EMPTY = new Hashes(new String[0]);

    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");

    /**
     * algorithm, digest, algorithm, digest, ...: normalised, each algorithm once, in the order published. An array
     * rather than a map because every listed resource carries one: a map costs several objects per entry.
     */
    private final String[] pairs;
    /** the map view, made on first use */
    private Map<String, String> digests;
    /** the attribute form, built once: it goes into a header of every event */
    private String text;

    private Hashes(String[] pairs) {
        this.pairs = pairs;
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
        return fromMap(map);
    }

    /** Parses a value that this project wrote itself (state, headers); invalid tokens are dropped silently. */
    public static Hashes parse(String attribute) {
        return parse(attribute, w -> {
        });
    }

    public static Hashes of(Map<String, String> digests) {
        Map<String, String> map = new LinkedHashMap<>();
        digests.forEach((k, v) -> map.put(normaliseAlgorithm(k), v.toLowerCase(Locale.ROOT)));
        return fromMap(map);
    }

    /**
     * The fast path of {@link #parse(String, Consumer)} for a value every token of which is a well-formed
     * {@code algorithm:hexdigest}, as nearly all are: it reads the characters in place, recognises the usual algorithm
     * names without allocating and makes one String per digest. For readers that hold the attribute as characters.
     *
     * @return the digests of {@code value[start, end)}, or {@code null} when a token is not well-formed: call
     *         {@link #parse(String, Consumer)}, which reports and skips such tokens
     */
    public static Hashes parseWellFormed(char[] value, int start, int end) {
        String[] pairs = null;
        int n = 0;
        int i = start;
        while (i < end) {
            if (isSpace(value[i])) {
                i++;
                continue;
            }
            int tokenStart = i;
            while (i < end && isAlgorithmChar(value[i])) {
                i++;
            }
            int colon = i;
            if (colon == tokenStart || colon == end || value[colon] != ':') {
                return null;
            }
            int digestStart = ++i;
            // one table look-up per digit: bit 0 marks A-F, anything above bit 0 a character that is no hex digit
            // (whitespace other than ' ' included: XML leaves none in attributes; parse(String, Consumer) handles it)
            int flags = 0;
            while (i < end) {
                char c = value[i];
                if (c == ' ') {
                    break;
                }
                flags |= HEX_CLASS[c & 0x7F] | ((c >> 7) << 2);
                i++;
            }
            if ((flags & ~UPPER_HEX) != 0 || i == digestStart) {
                return null;
            }
            String algorithm = knownAlgorithm(value, tokenStart, colon);
            if (algorithm == null) {
                algorithm = normaliseAlgorithm(new String(value, tokenStart, colon - tokenStart));
            }
            if (pairs == null) {
                pairs = new String[4];
            } else if (indexOf(pairs, n, algorithm) >= 0) {
                continue; // the first digest of an algorithm wins, as in parse(String, Consumer)
            } else if (n == pairs.length) {
                pairs = Arrays.copyOf(pairs, n * 2);
            }
            String digest = new String(value, digestStart, i - digestStart);
            pairs[n++] = algorithm;
            pairs[n++] = (flags & UPPER_HEX) != 0 ? digest.toLowerCase(Locale.ROOT) : digest;
        }
        if (n == 0) {
            return EMPTY;
        }
        return new Hashes(n == pairs.length ? pairs : Arrays.copyOf(pairs, n));
    }

    private static final int UPPER_HEX = 1;
    private static final int NOT_HEX = 2;
    /** 0 for {@code 0-9 a-f}, {@link #UPPER_HEX} for {@code A-F}, {@link #NOT_HEX} for any other ASCII character */
    private static final byte[] HEX_CLASS = hexClasses();

    private static byte[] hexClasses() {
        byte[] table = new byte[128];
        Arrays.fill(table, (byte) NOT_HEX);
        for (char c = '0'; c <= '9'; c++) {
            table[c] = 0;
        }
        for (char c = 'a'; c <= 'f'; c++) {
            table[c] = 0;
        }
        for (char c = 'A'; c <= 'F'; c++) {
            table[c] = UPPER_HEX;
        }
        return table;
    }

    /** Spellings seen in the wild, lower case, and their normalised names (see {@link #normaliseAlgorithm}). */
    private static final String[] KNOWN_ALGORITHMS = { "md5", "md5", "sha-1", "sha-1", "sha1", "sha-1",
            "sha-256", "sha-256", "sha256", "sha-256", "sha-512", "sha-512", "sha512", "sha-512", "sha-384", "sha-384",
            "sha384", "sha-384", "sha-224", "sha-224", "sha224", "sha-224" };

    /** The whitespace of the regular expression {@code \s} that {@link #parse(String, Consumer)} splits on. */
    private static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** {@code [A-Za-z0-9-]}; setting bit 5 lower-cases an ASCII letter. */
    private static boolean isAlgorithmChar(char c) {
        return (char) ((c | 0x20) - 'a') < 26 || (char) (c - '0') < 10 || c == '-';
    }

    /** The normalised name of a usual algorithm in {@code v[start, end)} (of {@code [A-Za-z0-9-]}), or null. */
    private static String knownAlgorithm(char[] v, int start, int end) {
        int length = end - start;
        for (int k = 0; k < KNOWN_ALGORITHMS.length; k += 2) {
            String lowerCase = KNOWN_ALGORITHMS[k];
            if (lowerCase.length() == length && equalsIgnoreAsciiCase(lowerCase, v, start)) {
                return KNOWN_ALGORITHMS[k + 1];
            }
        }
        return null;
    }

    /** Setting bit 5 lower-cases an ASCII letter and leaves digits and {@code -} as they are. */
    private static boolean equalsIgnoreAsciiCase(String lowerCase, char[] v, int start) {
        for (int i = 0; i < lowerCase.length(); i++) {
            if ((v[start + i] | 0x20) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static Hashes fromMap(Map<String, String> map) {
        if (map.isEmpty()) {
            return EMPTY;
        }
        String[] pairs = new String[map.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> e : map.entrySet()) {
            pairs[i++] = e.getKey();
            pairs[i++] = e.getValue();
        }
        return new Hashes(pairs);
    }

    /** Index of {@code algorithm} among the algorithms of {@code pairs[0..length)}, or -1. */
    private static int indexOf(String[] pairs, int length, Object algorithm) {
        for (int i = 0; i < length; i += 2) {
            if (pairs[i].equals(algorithm)) {
                return i;
            }
        }
        return -1;
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
        Map<String, String> d = digests;
        if (d == null) {
            d = new PairMap(pairs);
            digests = d;
        }
        return d;
    }

    public String get(String algorithm) {
        return digest(normaliseAlgorithm(algorithm));
    }

    /** The digest of an already normalised algorithm name, or null. */
    private String digest(Object algorithm) {
        int i = indexOf(pairs, pairs.length, algorithm);
        return i < 0 ? null : pairs[i + 1];
    }

    public boolean isEmpty() {
        return pairs.length == 0;
    }

    /**
     * Compares two hash sets on the algorithms they share.
     *
     * @return {@code TRUE} when they share at least one algorithm and all shared digests are equal, {@code FALSE} when a
     *         shared digest differs, {@code null} when they share no algorithm
     */
    public Boolean sameAs(Hashes other) {
        boolean shared = false;
        for (int i = 0; i < pairs.length; i += 2) {
            String theirs = other.digest(pairs[i]);
            if (theirs != null) {
                if (!theirs.equals(pairs[i + 1])) {
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
        // the usual one or two digests: a concatenation allocates the text once, at its exact size
        switch (pairs.length) {
            case 0:
                return "";
            case 2:
                return pairs[0] + ':' + pairs[1];
            case 4:
                return pairs[0] + ':' + pairs[1] + ' ' + pairs[2] + ':' + pairs[3];
            default:
                break;
        }
        int length = pairs.length / 2 - 1;
        for (String s : pairs) {
            length += s.length() + 1;
        }
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < pairs.length; i += 2) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(pairs[i]).append(':').append(pairs[i + 1]);
        }
        return sb.toString();
    }

    /** Equal when the digests are, whatever their order (as maps compare). */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Hashes h) || h.pairs.length != pairs.length) {
            return false;
        }
        for (int i = 0; i < pairs.length; i += 2) {
            if (!pairs[i + 1].equals(h.digest(pairs[i]))) {
                return false;
            }
        }
        return true;
    }

    /** As {@code Objects.hash(digests())}, the value of the map-based version. */
    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < pairs.length; i += 2) {
            h += pairs[i].hashCode() ^ pairs[i + 1].hashCode();
        }
        return 31 + h;
    }

    /** The read-only, ordered map view of the pairs. */
    private static final class PairMap extends AbstractMap<String, String> {

        private final String[] pairs;

        PairMap(String[] pairs) {
            this.pairs = pairs;
        }

        @Override
        public int size() {
            return pairs.length / 2;
        }

        @Override
        public String get(Object key) {
            int i = indexOf(pairs, pairs.length, key);
            return i < 0 ? null : pairs[i + 1];
        }

        @Override
        public boolean containsKey(Object key) {
            return indexOf(pairs, pairs.length, key) >= 0;
        }

        @Override
        public Set<Map.Entry<String, String>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public int size() {
                    return pairs.length / 2;
                }

                @Override
                public Iterator<Map.Entry<String, String>> iterator() {
                    return new Iterator<>() {
                        private int next;

                        @Override
                        public boolean hasNext() {
                            return next < pairs.length;
                        }

                        @Override
                        public Map.Entry<String, String> next() {
                            if (next >= pairs.length) {
                                throw new NoSuchElementException();
                            }
                            Map.Entry<String, String> e = new AbstractMap.SimpleImmutableEntry<>(pairs[next],
                                    pairs[next + 1]);
                            next += 2;
                            return e;
                        }
                    };
                }
            };
        }
    }
}
