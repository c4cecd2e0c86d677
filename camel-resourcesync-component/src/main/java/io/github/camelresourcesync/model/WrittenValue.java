package io.github.camelresourcesync.model;

import java.util.Locale;

/** An enum constant that stands for a value written in documents (a capability, a change). */
interface WrittenValue {

    /** The value as written. */
    String value();

    /** The constant of {@code all} written as {@code value} (trimmed, in any case), else {@code otherwise}. */
    static <E extends WrittenValue> E find(E[] all, String value, E otherwise) {
        if (value == null) {
            return otherwise;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (E e : all) {
            if (e.value().equals(v)) {
                return e;
            }
        }
        return otherwise;
    }
}
