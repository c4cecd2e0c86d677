package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Hashes;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * One {@code hash} attribute as read. The usual value, where every token is a well-formed {@code algorithm:hexdigest},
 * is split straight from the parser's characters: one String per digest, algorithm names from constants, no regular
 * expression, no map. Any other value is kept as text and goes to {@link Hashes#parse(String, Consumer)} itself once
 * the entry is complete, which reports and skips the bad tokens (with the entry named), so results and warnings are
 * those of {@link Hashes#parse(String, Consumer)}. Reusable.
 */
final class HashAttribute {

    private static final boolean[] HEX_DIGIT = hexTable();
    /** Spellings seen in the wild, lower case, and their normalised names (see {@link Hashes#normaliseAlgorithm}). */
    private static final String[] KNOWN_ALGORITHMS = { "md5", "md5", "sha-1", "sha-1", "sha1", "sha-1",
            "sha-256", "sha-256", "sha256", "sha-256", "sha-512", "sha-512", "sha512", "sha-512", "sha-384", "sha-384",
            "sha384", "sha-384", "sha-224", "sha-224", "sha224", "sha-224" };

    private boolean present;
    /** algorithm, digest, ... of a well-formed value */
    private String[] pairs = new String[4];
    private int length;
    /** the whole value when a token is not well-formed */
    private String text;

    void reset() {
        if (present) {
            present = false;
            text = null;
            Arrays.fill(pairs, 0, length, null);
            length = 0;
        }
    }

    boolean isPresent() {
        return present;
    }

    void read(AttributeValue value) {
        reset();
        present = true;
        if (!split(value.buffer(), value.start(), value.end())) {
            Arrays.fill(pairs, 0, length, null);
            length = 0;
            text = value.toString();
        }
    }

    Hashes build(Problems problems) {
        if (!present) {
            return Hashes.EMPTY;
        }
        if (text != null) {
            return Hashes.parse(text, problems::warn);
        }
        return Hashes.ofPairs(pairs, length);
    }

    /** {@link Hashes#parse(String, Consumer)}, faster for well-formed values. */
    static Hashes parse(String value, Consumer<String> warnings) {
        if (value == null) {
            return Hashes.EMPTY;
        }
        HashAttribute attribute = new HashAttribute();
        char[] chars = value.toCharArray();
        if (!attribute.split(chars, 0, chars.length)) {
            return Hashes.parse(value, warnings);
        }
        return Hashes.ofPairs(attribute.pairs, attribute.length);
    }

    /**
     * Splits {@code v[start, end)} into {@link #pairs}, the first digest of an algorithm winning.
     *
     * @return {@code false} when a token is not {@code algorithm:hexdigest}
     */
    private boolean split(char[] v, int start, int end) {
        int i = start;
        while (i < end) {
            while (i < end && isSpace(v[i])) {
                i++;
            }
            if (i == end) {
                break;
            }
            int tokenStart = i;
            int colon = -1;
            boolean valid = true;
            boolean upperCase = false;
            while (i < end && !isSpace(v[i])) {
                char c = v[i];
                if (colon < 0) {
                    if (c == ':') {
                        colon = i;
                    } else {
                        valid &= isAlgorithmChar(c);
                    }
                } else {
                    valid &= isHex(c);
                    upperCase |= c <= 'F' && c >= 'A';
                }
                i++;
            }
            if (!valid || colon <= tokenStart || colon == i - 1) {
                return false;
            }
            String algorithm = algorithm(v, tokenStart, colon);
            if (!contains(algorithm)) {
                String digest = new String(v, colon + 1, i - colon - 1);
                add(algorithm, upperCase ? digest.toLowerCase(java.util.Locale.ROOT) : digest);
            }
        }
        return true;
    }

    private boolean contains(String algorithm) {
        for (int j = 0; j < length; j += 2) {
            if (pairs[j].equals(algorithm)) {
                return true;
            }
        }
        return false;
    }

    private void add(String algorithm, String digest) {
        if (length == pairs.length) {
            pairs = Arrays.copyOf(pairs, length * 2);
        }
        pairs[length++] = algorithm;
        pairs[length++] = digest;
    }

    /** The normalised name of the algorithm in {@code v[start, end)}, which holds only {@code [A-Za-z0-9-]}. */
    private static String algorithm(char[] v, int start, int end) {
        for (int k = 0; k < KNOWN_ALGORITHMS.length; k += 2) {
            if (equalsIgnoreCase(KNOWN_ALGORITHMS[k], v, start, end)) {
                return KNOWN_ALGORITHMS[k + 1];
            }
        }
        return Hashes.normaliseAlgorithm(new String(v, start, end - start));
    }

    /** {@code lowerCase} against characters of {@code [A-Za-z0-9-]}: setting bit 5 lower-cases a letter only. */
    private static boolean equalsIgnoreCase(String lowerCase, char[] v, int start, int end) {
        if (lowerCase.length() != end - start) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            if ((v[start + i] | 0x20) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The whitespace of the regular expression {@code \s} that {@link Hashes#parse} splits on. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static boolean isAlgorithmChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    }

    private static boolean isHex(char c) {
        return c < 128 && HEX_DIGIT[c];
    }

    private static boolean[] hexTable() {
        boolean[] table = new boolean[128];
        for (char c : "0123456789abcdefABCDEF".toCharArray()) {
            table[c] = true;
        }
        return table;
    }
}
