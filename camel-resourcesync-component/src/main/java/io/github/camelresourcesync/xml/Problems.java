package io.github.camelresourcesync.xml;

import java.net.URI;

import io.github.camelresourcesync.model.Printable;

/**
 * Where the attribute readers report what they find wrong; the document adds the context (document URL, entry number,
 * loc, line) so every message tells a person where to look.
 */
interface Problems {

    int MAX_QUOTED = 300;

    /** Values quoted in messages are cut: a loc may be megabytes of garbage. */
    static String shorten(String value) {
        return Printable.escaped(value, MAX_QUOTED);
    }

    /** An error that makes the document unusable (strict: going on would lose or misorder data). */
    DocumentException error(String message);

    /** Something skipped or repaired; logged, never fatal. */
    void warn(String message);

    /** Resolves a reference against the document URI; an error when it cannot be made absolute. */
    URI resolve(String reference, String what) throws DocumentException;
}
