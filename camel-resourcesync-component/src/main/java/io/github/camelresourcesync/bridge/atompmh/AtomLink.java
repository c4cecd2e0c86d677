package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.util.Locale;

/**
 * An {@code atom:link} of an entry: {@code rel} defaults to {@code alternate} (RFC 4287), {@code href} is absolute.
 *
 * @param rel  the relation, never null
 * @param href the target, resolved against the feed document
 * @param type the media type as published, or null
 */
public record AtomLink(String rel, URI href, String type) {

    public boolean isAlternate() {
        return "alternate".equals(rel);
    }

    /**
     * {@code true} when this link's type is {@code wanted}: base types compared without case; parameters only when the
     * wanted type names some ({@code application/atom+xml} matches {@code application/atom+xml;type=entry}).
     */
    public boolean hasType(String wanted) {
        if (type == null) {
            return false;
        }
        String have = normalize(type);
        String want = normalize(wanted);
        return want.indexOf(';') >= 0 ? have.equals(want) : baseType(have).equals(want);
    }

    private static String normalize(String mediaType) {
        return mediaType.replace(" ", "").toLowerCase(Locale.ROOT);
    }

    private static String baseType(String mediaType) {
        int semi = mediaType.indexOf(';');
        return semi < 0 ? mediaType : mediaType.substring(0, semi);
    }
}
