package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Hashes;

import java.util.function.Consumer;

/**
 * One {@code hash} attribute as read. The usual value, where every token is a well-formed {@code algorithm:hexdigest},
 * is split straight from the parser's characters ({@link Hashes#parseWellFormed}). Any other value is kept as text
 * and goes to {@link Hashes#parse(String, Consumer)} once the entry is complete, which reports and skips the bad tokens
 * with the entry named; results and warnings are those of {@link Hashes#parse(String, Consumer)}. Reusable.
 */
final class HashAttribute {

    private Hashes hashes = Hashes.EMPTY;
    /** the whole value when a token is not well-formed */
    private String text;

    void reset() {
        hashes = Hashes.EMPTY;
        text = null;
    }

    void read(AttributeValue value) {
        hashes = Hashes.parseWellFormed(value.buffer(), value.start(), value.end());
        text = hashes == null ? value.toString() : null;
    }

    Hashes build(Problems problems) {
        return text == null ? hashes : Hashes.parse(text, problems::warn);
    }

    /** {@link Hashes#parse(String, Consumer)}, faster for well-formed values. */
    static Hashes parse(String value, Consumer<String> warnings) {
        if (value == null) {
            return Hashes.EMPTY;
        }
        Hashes fast = Hashes.parseWellFormed(value.toCharArray(), 0, value.length());
        return fast != null ? fast : Hashes.parse(value, warnings);
    }
}
