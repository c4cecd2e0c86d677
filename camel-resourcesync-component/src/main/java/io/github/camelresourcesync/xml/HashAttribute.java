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

    private HashAttribute() {
    }

    static Hashes parse(String value, Consumer<String> warnings) {
        if (value == null) {
            return Hashes.EMPTY;
        }
        Map<String, String> digests = null;
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
            boolean hex = true;
            while (i < n && !isSpace(value.charAt(i))) {
                char c = value.charAt(i);
                if (colon < 0) {
                    if (c == ':') {
                        colon = i;
                    } else if (!isAlgorithmChar(c)) {
                        hex = false;
                    }
                } else if (!isHex(c)) {
                    hex = false;
                }
                i++;
            }
            if (colon <= start || colon == i - 1 || !hex) {
                return Hashes.parse(value, warnings);
            }
            if (digests == null) {
                digests = new LinkedHashMap<>(4);
            }
            digests.putIfAbsent(Hashes.normaliseAlgorithm(value.substring(start, colon)), value.substring(colon + 1, i));
        }
        return digests == null ? Hashes.EMPTY : Hashes.of(digests);
    }

    /** The whitespace of the regular expression {@code \s} that {@link Hashes#parse} splits on. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static boolean isAlgorithmChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
