package io.github.camelresourcesync.model;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The {@code urlPath} layout: a resource's file is its URL path under the Source's origin, decoded
 * ({@code /records/123} is {@code records/123}, {@code /a%20b.txt} is {@code a b.txt}), so the mirror can be served
 * back at the Source's own paths and matches what a client that maps URLs to paths writes.
 *
 * <p>
 * Only what can be written safely gets a name; anything else is refused with the reason, never rewritten into another
 * name: a location with a query or a fragment-free directory URL ({@code /x/}, which has no file name), one on another
 * origin than the Source's, an empty, {@code .} or {@code ..} segment (in any spelling: {@code %2e%2E}), a segment that
 * decodes to a {@code /}, a {@code \}, a control character or bytes that are not UTF-8, or one longer than 255 bytes.
 * So no name leaves the mirror directory. Two locations that need one path as a file and as a directory cannot both
 * be written; the mirror finds that on disk and fails the later event.
 */
public final class UrlPathNames {

    private static final int MAX_BYTES = 255;

    private UrlPathNames() {
    }

    /**
     * @throws IllegalArgumentException when the location cannot be a file in this layout, naming it and why
     */
    public static String of(URI location, URI sourceOrigin) {
        String why = refusal(location, sourceOrigin);
        if (why != null) {
            throw new IllegalArgumentException("Location " + Printable.quoted(location) + " has no file in layout"
                                               + " urlPath: " + why);
        }
        String raw = location.getRawPath();
        StringBuilder sb = new StringBuilder(raw.length());
        for (String segment : raw.substring(1).split("/", -1)) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(decode(segment));
        }
        return sb.toString();
    }

    /** The location of a file of a mirror in this layout: the Source's origin with the file's path. */
    public static URI locationOf(String fileName, URI sourceOrigin) throws URISyntaxException {
        return sourceOrigin.resolve(new URI(null, null, "/" + fileName, null));
    }

    private static String refusal(URI location, URI sourceOrigin) {
        if (location.isOpaque() || location.getRawPath() == null || !location.getRawPath().startsWith("/")) {
            return "it has no path";
        }
        if (location.getRawQuery() != null) {
            return "it has a query, which a file name cannot hold";
        }
        if (sourceOrigin != null && !sameOrigin(location, sourceOrigin)) {
            return "it is not on the Source's origin " + Printable.quoted(sourceOrigin.resolve("/"));
        }
        String raw = location.getRawPath();
        if (raw.endsWith("/")) {
            return "a directory URL has no file name";
        }
        for (String segment : raw.substring(1).split("/", -1)) {
            String s = decode(segment);
            if (s == null) {
                return "a segment is not percent-encoded UTF-8";
            }
            if (s.isEmpty() || s.equals(".") || s.equals("..")) {
                return "it has an empty, '.' or '..' segment";
            }
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '/' || c == '\\' || c < 0x20 || c == 0x7f) {
                    return "a segment holds a '/', a '\\' or a control character";
                }
            }
            if (s.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
                return "a segment is longer than " + MAX_BYTES + " bytes";
            }
        }
        return null;
    }

    private static boolean sameOrigin(URI a, URI b) {
        return eq(a.getScheme(), b.getScheme()) && eq(a.getHost(), b.getHost()) && port(a) == port(b);
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static int port(URI u) {
        return u.getPort() != -1 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443
                : "http".equalsIgnoreCase(u.getScheme()) ? 80 : -1;
    }

    /** The segment's percent-escapes decoded as UTF-8; null when they are malformed or not UTF-8. */
    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                if (i + 2 >= segment.length()) {
                    return null;
                }
                int hi = Character.digit(segment.charAt(i + 1), 16);
                int lo = Character.digit(segment.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else {
                int cp = segment.codePointAt(i);
                byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
                i += Character.charCount(cp) - 1;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
