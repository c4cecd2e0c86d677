package io.github.camelresourcesync.model;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The relative path under a mirror directory of a resource: a pure function of the location (and the Source's
 * origin), so the consumer, an audit and a repair compute the same name without state, whatever order resources come
 * in.
 *
 * <p>
 * Collision-free: two locations get the same name only when they are the same URI after RFC 3986 normalization (case
 * of scheme and host, default port, percent-encoding, dot segments; the fragment is ignored). No name is a directory
 * that another name needs as a file, no segment is longer than {@value #MAX_BYTES} bytes, no segment is {@code .},
 * {@code ..}, empty, or a name Windows cannot create. Readable: a segment is kept as it is when it can be; otherwise
 * {@code @} marks it:
 *
 * <ul>
 * <li>{@code name} as is: letters and digits of any script and {@code . - _ ~ %}, at most 255 bytes, and fitting its
 * place: a file name has a dot, a directory name has none;</li>
 * <li>{@code name@}: the same in the other place, a file without a dot ({@code records/123@}) or a directory with one
 * ({@code v1.2@/a.txt});</li>
 * <li>{@code prefix@hash[.ext]}: any other segment (another character, an escape that is not UTF-8, empty, too long,
 * a Windows device name, a query): its safe form cut to fit, {@code @}, 16 base32 characters of the SHA-256 of the
 * segment and its role, and a file's short extension;</li>
 * <li>{@code @index}: a directory URL's own file ({@code /x/} is {@code x/@index});</li>
 * <li>{@code host[_port]@hash}: the first directory of a resource on another origin than the Source's (without a
 * Source origin, as for the publisher's store, plain {@code host[_port]} for http and https, which then share it).</li>
 * </ul>
 */
public final class FileNames {

    /** The longest segment in bytes most file systems take (ext4, XFS, btrfs; NTFS counts UTF-16 units). */
    static final int MAX_BYTES = 255;
    /** The name of a directory URL's own content. */
    public static final String INDEX = "@index";

    private static final char MARK = '@';
    private static final int HASH_CHARS = 16;
    private static final int MAX_EXTENSION = 10;
    private static final char FILE = 'f';
    private static final char DIRECTORY = 'd';
    private static final char ORIGIN = 'o';
    private static final char[] BASE32 = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    private FileNames() {
    }

    /** The name of {@code location} under a mirror of the Source at {@code sourceOrigin} (null: no origin is own). */
    public static String of(URI location, URI sourceOrigin) {
        StringBuilder sb = new StringBuilder(64);
        boolean own = sourceOrigin != null && sameOrigin(location, sourceOrigin);
        if (!own) {
            sb.append(originName(location, sourceOrigin == null)).append('/');
        }
        if (!location.isOpaque() && location.getRawQuery() == null && appendPlainPath(sb, location.getRawPath())) {
            return sb.toString();
        }
        List<String> segments;
        String query;
        if (location.isOpaque()) {
            // urn:uuid:x: the scheme-specific part's ':'-separated parts, a '/' in them is a character like any other
            segments = new ArrayList<>();
            String ssp = location.getRawSchemeSpecificPart();
            int from = 0;
            for (int colon = ssp.indexOf(':'); colon >= 0; colon = ssp.indexOf(':', from)) {
                segments.add(normalize(ssp, from, colon));
                from = colon + 1;
            }
            segments.add(normalize(ssp, from, ssp.length()));
            query = null;
        } else {
            segments = pathSegments(location.getRawPath());
            query = location.getRawQuery();
        }
        int last = segments.size() - 1;
        for (int i = 0; i < last; i++) {
            sb.append(segmentName(segments.get(i), DIRECTORY, null)).append('/');
        }
        String file = segments.get(last);
        sb.append(file.isEmpty() && query == null ? INDEX
                : segmentName(file, FILE, query == null ? null : normalize(query, 0, query.length())));
        return sb.toString();
    }

    /**
     * The location a name stands for, as far as the name tells: exact for names without a hash ({@code name@} and
     * {@code @index} undone), the safe form for a hashed segment. For files found in a mirror that no list names.
     */
    public static URI locationOf(String fileName, URI sourceOrigin) throws URISyntaxException {
        String[] parts = fileName.split("/", -1);
        StringBuilder path = new StringBuilder(fileName.length() + 1);
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            path.append('/');
            if (i == parts.length - 1 && p.equals(INDEX)) {
                continue;
            }
            int mark = p.indexOf(MARK);
            path.append(mark == p.length() - 1 && mark > 0 ? p.substring(0, mark) : p);
        }
        return sourceOrigin.resolve(new URI(null, null, path.toString(), null));
    }

    // ---- origins

    private static boolean sameOrigin(URI a, URI b) {
        return !a.isOpaque() && a.getRawUserInfo() == null && a.getHost() != null && eq(a.getScheme(), b.getScheme())
               && eq(a.getHost(), b.getHost()) && effectivePort(a) == effectivePort(b);
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static int effectivePort(URI u) {
        return u.getPort() != -1 ? u.getPort() : defaultPort(u.getScheme());
    }

    private static int defaultPort(String scheme) {
        return "https".equalsIgnoreCase(scheme) ? 443 : "http".equalsIgnoreCase(scheme) ? 80 : -1;
    }

    /** The first directory of a resource that is not on the Source's origin. */
    private static String originName(URI location, boolean plain) {
        String scheme = location.getScheme() == null ? "" : location.getScheme().toLowerCase(Locale.ROOT);
        String host = location.getHost() == null ? null : location.getHost().toLowerCase(Locale.ROOT);
        int port = location.getPort() == defaultPort(scheme) ? -1 : location.getPort();
        String authority = location.isOpaque() ? null
                : host != null ? host + (port == -1 ? "" : ":" + port) : registryAuthority(location, scheme);
        if (plain && host != null && location.getRawUserInfo() == null && isHostName(host)
            && (scheme.equals("http") || scheme.equals("https"))) {
            return authority.replace(':', '_');
        }
        // the hash tells origins apart (the origin as RFC 3986 normalizes it), the readable part only shows them
        String readable = authority == null || authority.isEmpty() ? (scheme.isEmpty() ? "local" : scheme) : authority;
        String userInfo = location.getRawUserInfo() == null ? "" : location.getRawUserInfo() + "@";
        String identity = scheme + ":" + (location.isOpaque() ? "" : "//" + userInfo + (authority == null ? "" : authority));
        return hashed(safe(readable), "", ORIGIN, identity);
    }

    /** An authority {@link URI} could not take for a host name ({@code host_1}): lower case, default port dropped. */
    private static String registryAuthority(URI location, String scheme) {
        String authority = location.getRawAuthority();
        if (authority == null) {
            return null;
        }
        authority = authority.toLowerCase(Locale.ROOT);
        String defaultPort = ":" + defaultPort(scheme);
        return authority.endsWith(defaultPort) ? authority.substring(0, authority.length() - defaultPort.length())
                : authority;
    }

    private static boolean isHostName(String host) {
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-')) {
                return false;
            }
        }
        return !host.isEmpty();
    }

    // ---- paths

    /**
     * The usual path, in one pass and without allocating: every segment unreserved ASCII characters only (nothing to
     * decode or normalize), none of them a dot segment, empty (but a trailing one) or too long. False (and nothing
     * appended) for any other path, which takes the general way.
     */
    private static boolean appendPlainPath(StringBuilder sb, String path) {
        int n = path == null ? 0 : path.length();
        if (n < 2 || path.charAt(0) != '/') {
            return false;
        }
        int start = sb.length();
        int from = 1;
        while (from < n) {
            int end = from;
            boolean dotted = false;
            while (end < n && path.charAt(end) != '/') {
                char c = path.charAt(end);
                if (!isUnreserved(c)) {
                    sb.setLength(start);
                    return false;
                }
                dotted |= c == '.';
                end++;
            }
            int len = end - from;
            boolean file = end == n;
            boolean marked = dotted != file;
            if (len == 0 || len + 1 > MAX_BYTES || dotted && len <= 2 && (len == 1 || path.charAt(from + 1) == '.')
                || path.charAt(end - 1) == '.' && !marked || isDevice(path, from, end)) {
                sb.setLength(start);
                return false;
            }
            sb.append(path, from, end);
            if (marked) {
                sb.append(MARK);
            }
            if (file) {
                return true;
            }
            sb.append('/');
            from = end + 1;
        }
        sb.append(INDEX); // a trailing '/'
        return true;
    }

    /** Whether the name in {@code s[from, to)} is a Windows device name, alone or before a dot. */
    private static boolean isDevice(String s, int from, int to) {
        char first = (char) (s.charAt(from) | 0x20); // lower case, for letters
        if (first != 'c' && first != 'p' && first != 'a' && first != 'n' && first != 'l') {
            return false; // most names: no device name starts so
        }
        int dot = s.indexOf('.', from);
        int len = (dot < 0 || dot > to ? to : dot) - from;
        if (len == 3) {
            return s.regionMatches(true, from, "con", 0, 3) || s.regionMatches(true, from, "prn", 0, 3)
                   || s.regionMatches(true, from, "aux", 0, 3) || s.regionMatches(true, from, "nul", 0, 3);
        }
        return len == 4 && (s.regionMatches(true, from, "com", 0, 3) || s.regionMatches(true, from, "lpt", 0, 3))
               && s.charAt(from + 3) >= '1' && s.charAt(from + 3) <= '9';
    }

    /** The path's segments, escapes normalized and dot segments resolved (RFC 3986 5.2.4); a trailing "" for "/". */
    private static List<String> pathSegments(String rawPath) {
        List<String> out = new ArrayList<>();
        String path = rawPath == null ? "" : rawPath;
        int from = path.startsWith("/") ? 1 : 0;
        int n = path.length();
        if (from >= n) {
            out.add("");
            return out;
        }
        while (true) {
            int end = path.indexOf('/', from);
            boolean last = end < 0;
            if (last) {
                end = n;
            }
            String s = normalize(path, from, end);
            if (s.equals(".") || s.equals("..")) {
                if (s.equals("..") && !out.isEmpty()) {
                    out.remove(out.size() - 1);
                }
                if (last) {
                    out.add(""); // "/a/b/.." is "/a/"
                }
            } else {
                out.add(s);
            }
            if (last) {
                break;
            }
            from = end + 1;
        }
        if (out.isEmpty()) {
            out.add("");
        }
        return out;
    }

    /**
     * A raw URI part as RFC 3986 6.2.2 normalizes it: escapes of unreserved characters decoded, other escapes in upper
     * case, characters outside ASCII (which {@link URI} lets through raw) escaped as UTF-8.
     */
    static String normalize(String raw, int from, int to) {
        int i = from;
        while (i < to && isUnreserved(raw.charAt(i))) {
            i++;
        }
        if (i == to) {
            return raw.substring(from, to); // the usual case: nothing to normalize
        }
        StringBuilder sb = new StringBuilder(to - from + 8).append(raw, from, i);
        while (i < to) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < to) {
                int b = Integer.parseInt(raw.substring(i + 1, i + 3), 16);
                if (b < 0x80 && isUnreserved((char) b)) {
                    sb.append((char) b);
                } else {
                    appendEscape(sb, b);
                }
                i += 3;
            } else if (c < 0x80) {
                sb.append(c);
                i++;
            } else {
                int cp = raw.codePointAt(i);
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    appendEscape(sb, b & 0xff);
                }
                i += Character.charCount(cp);
            }
        }
        return sb.toString();
    }

    private static void appendEscape(StringBuilder sb, int b) {
        sb.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
    }

    private static boolean isUnreserved(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
               || c == '_' || c == '~';
    }

    // ---- segments

    /**
     * @param segment a normalized raw segment
     * @param role    {@link #FILE} or {@link #DIRECTORY}
     * @param query   the normalized raw query of a file, or null
     */
    private static String segmentName(String segment, char role, String query) {
        String decoded = decode(segment, false);
        if (query == null && decoded != null && !decoded.isEmpty() && !decoded.equals(".") && !decoded.equals("..")
            && isSafe(decoded)) {
            boolean dotted = decoded.indexOf('.') >= 0;
            String name = dotted == (role == DIRECTORY) ? decoded + MARK : decoded;
            if (!windowsReserved(name) && utf8Length(name) <= MAX_BYTES) {
                return name;
            }
        }
        String readable = decode(segment, true);
        if (query != null) {
            readable = (readable.isEmpty() ? "index" : readable) + "_" + decode(query, true);
        }
        String extension = role == FILE && query == null ? extension(readable) : "";
        readable = readable.substring(0, readable.length() - extension.length());
        return hashed(safe(readable), extension, role, query == null ? segment : segment + "?" + query);
    }

    /** {@code prefix@hash[.ext]}, the prefix cut (at a character) so the whole stays within {@link #MAX_BYTES}. */
    private static String hashed(String readable, String extension, char role, String identity) {
        int room = MAX_BYTES - 1 - HASH_CHARS - extension.length() - 1;
        StringBuilder sb = new StringBuilder(Math.min(readable.length(), room) + 1 + HASH_CHARS + extension.length());
        int bytes = 0;
        for (int i = 0; i < readable.length();) {
            int cp = readable.codePointAt(i);
            int len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + len > room) {
                break;
            }
            sb.appendCodePoint(cp);
            bytes += len;
            i += Character.charCount(cp);
        }
        if (sb.length() == 0) {
            sb.append('_'); // never a bare "@...": that shape is @index's
        }
        String name = sb.append(MARK).append(hash(role, identity)).append(extension).toString();
        // "con.@..." is still the device CON on Windows; the cut keeps room for the '_'
        return windowsReserved(name) ? "_" + name : name;
    }

    /** ".pdf" of "a b.pdf": up to ten ASCII letters and digits after the last dot, so a hashed file keeps its type. */
    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        if (dot <= 0 || dot == name.length() - 1 || name.length() - dot - 1 > MAX_EXTENSION) {
            return "";
        }
        for (int i = dot + 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')) {
                return "";
            }
        }
        return name.substring(dot);
    }

    private static String hash(char role, String identity) {
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256")
                    .digest((role + ":" + identity).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
        // 80 bits in base32: lower case letters and digits, so the name means the same on case-insensitive systems
        char[] out = new char[HASH_CHARS];
        long bits = 0;
        int have = 0;
        int d = 0;
        for (int i = 0; i < HASH_CHARS; i++) {
            if (have < 5) {
                bits = bits << 8 | (digest[d++] & 0xff);
                have += 8;
            }
            out[i] = BASE32[(int) (bits >> (have - 5)) & 31];
            have -= 5;
        }
        return new String(out);
    }

    /** Percent-decodes as UTF-8: null for bytes that are not UTF-8 unless {@code lenient} (then U+FFFD for them). */
    static String decode(String normalized, boolean lenient) {
        if (normalized.indexOf('%') < 0) {
            return normalized;
        }
        ByteBuffer bytes = ByteBuffer.allocate(normalized.length());
        for (int i = 0; i < normalized.length(); i++) {
            char c = normalized.charAt(i);
            if (c == '%' && i + 2 < normalized.length()) {
                bytes.put((byte) Integer.parseInt(normalized.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.put((byte) c);
            }
        }
        bytes.flip();
        CodingErrorAction action = lenient ? CodingErrorAction.REPLACE : CodingErrorAction.REPORT;
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(action)
                    .onUnmappableCharacter(action).decode(bytes);
            return chars.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static boolean isSafe(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c < 0x80 ? SAFE_ASCII[c] : isSafe(c))) {
                return false;
            }
        }
        return true;
    }

    /** Letters and digits of any script and {@code . - _ ~ %}; everything else, {@code @} included, becomes {@code _}. */
    static String safe(String s) {
        if (isSafe(s)) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append((c < 0x80 ? SAFE_ASCII[c] : isSafe(c)) ? c : '_');
        }
        return sb.toString();
    }

    private static boolean isSafe(char c) {
        return Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' || c == '~' || c == '%';
    }

    private static final boolean[] SAFE_ASCII = safeAscii();

    private static boolean[] safeAscii() {
        boolean[] safe = new boolean[0x80];
        for (char c = 0; c < 0x80; c++) {
            safe[c] = isSafe(c);
        }
        return safe;
    }

    /** Windows drops a trailing dot and reserves device names, with or without an extension. */
    private static boolean windowsReserved(String name) {
        return name.endsWith(".") || isDevice(name, 0, name.length());
    }

    private static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }
}
