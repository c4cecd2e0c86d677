package io.github.camelresourcesync.xml;

import java.net.URI;
import java.net.URISyntaxException;

/** Turns {@code <loc>} and {@code href} text into absolute URIs. */
public final class UriReferences {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UriReferences() {
    }

    /**
     * The base to resolve against. {@code http://host} (empty path) becomes {@code http://host/}: {@link URI#resolve}
     * would otherwise glue a relative path straight onto the host name.
     */
    public static URI base(URI documentUri) {
        if (documentUri == null || documentUri.isOpaque() || documentUri.getRawAuthority() == null
                || !documentUri.getRawPath().isEmpty()) {
            return documentUri;
        }
        String query = documentUri.getRawQuery() == null ? "" : "?" + documentUri.getRawQuery();
        return URI.create(documentUri.getScheme() + "://" + documentUri.getRawAuthority() + "/" + query);
    }

    /**
     * Parses a reference as published.
     *
     * @return the URI (maybe relative), or {@code null} when it is not a URI even after {@link #escapeIllegal}
     */
    public static URI parse(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            try {
                return new URI(escapeIllegal(text));
            } catch (URISyntaxException stillBad) {
                return null;
            }
        }
    }

    /**
     * Percent-encodes what browsers encode too (spaces, {@code " < > \ ^ ` { | }}, control characters, a second
     * {@code #}, a {@code %} not followed by two hex digits), so a carelessly written but unambiguous reference still
     * names its resource.
     */
    static String escapeIllegal(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        boolean seenHash = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean escape;
            if (c == '#') {
                escape = seenHash;
                seenHash = true;
            } else if (c == '%') {
                escape = i + 2 >= text.length() || !isHex(text.charAt(i + 1)) || !isHex(text.charAt(i + 2));
            } else {
                escape = c <= 0x20 || c == 0x7f || "\"<>\\^`{|}".indexOf(c) >= 0;
            }
            if (escape) {
                sb.append('%').append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
