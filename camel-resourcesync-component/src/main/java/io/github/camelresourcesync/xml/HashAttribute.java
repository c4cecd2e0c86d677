package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Hashes;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@link Hashes#parse(String, Consumer)} without its per-call regular expressions for the usual case where every
 * token is a well-formed {@code algorithm:hexdigest}. Any other value goes to {@link Hashes#parse(String, Consumer)}
 * itself, which reports and skips the bad tokens, so results and warnings are the same.
 */
final class HashAttribute {

    private static final boolean[] HEX_DIGIT = hexTable();

    private HashAttribute() {
    }

    static Hashes parse(String value, Consumer<String> warnings) {
        if (value == null) {
            return Hashes.EMPTY;
        }
        String firstAlgorithm = null;
        String firstDigest = null;
        Map<String, String> more = null;
        int i = 0;
        int n = value.length();
        while (i < n) {
            while (i < n && isSpace(value.charAt(i))) {
                i++;
            }
            if (i == n) {
                break;
            }
            int start = i;
            int colon = -1;
            boolean valid = true;
            while (i < n && !isSpace(value.charAt(i))) {
                char c = value.charAt(i);
                if (colon < 0) {
                    if (c == ':') {
                        colon = i;
                    } else {
                        valid &= isAlgorithmChar(c);
                    }
                } else {
                    valid &= isHex(c);
                }
                i++;
            }
            if (!valid || colon <= start || colon == i - 1) {
                return Hashes.parse(value, warnings);
            }
            String algorithm = Hashes.normaliseAlgorithm(value.substring(start, colon));
            String digest = value.substring(colon + 1, i);
            if (firstAlgorithm == null) {
                firstAlgorithm = algorithm;
                firstDigest = digest;
            } else {
                if (more == null) {
                    more = new LinkedHashMap<>(4);
                    more.put(firstAlgorithm, firstDigest);
                }
                more.putIfAbsent(algorithm, digest);
            }
        }
        if (firstAlgorithm == null) {
            return Hashes.EMPTY;
        }
        return Hashes.of(more != null ? more : Map.of(firstAlgorithm, firstDigest));
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
