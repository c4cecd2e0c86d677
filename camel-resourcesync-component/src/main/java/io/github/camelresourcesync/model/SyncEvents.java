package io.github.camelresourcesync.model;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Derivations every producer of sync events shares, so the same change gets the same id and file name everywhere. */
public final class SyncEvents {

    private SyncEvents() {
    }

    /**
     * A stable id for one change of one resource: {@code location@datetime}. The hash is added only when there is no
     * time, so a change seen in a notification and later in a Change List (which may differ in what fixity they
     * publish) gets the same id.
     */
    public static String eventId(URI location, Instant datetime, Hashes hash) {
        StringBuilder sb = new StringBuilder(location.toString());
        if (datetime != null) {
            sb.append('@').append(datetime);
        } else if (hash != null && !hash.isEmpty()) {
            sb.append('#').append(hash);
        }
        return sb.toString();
    }

    /**
     * A relative path for a resource, safe under a mirror directory: the location's path relative to the Source's
     * origin ({@code http://host:port/res/1.txt} from a Source at {@code http://host:port/} gives {@code res/1.txt});
     * resources on another origin go under {@code host[_port]/path}. Dot segments are dropped, so a path can never
     * climb out of the directory; a path ending in {@code /} gets {@code index}; a query is kept, made file-safe.
     */
    public static String fileName(URI location, URI sourceOrigin) {
        List<String> segments = new ArrayList<>();
        if (sourceOrigin == null || !sameOrigin(location, sourceOrigin)) {
            String host = location.getHost() == null ? "local" : location.getHost().toLowerCase(Locale.ROOT);
            segments.add(location.getPort() == -1 ? host : host + "_" + location.getPort());
        }
        String path = location.getPath() == null ? "" : location.getPath();
        for (String s : path.split("/")) {
            if (s.isEmpty() || s.equals(".") || s.equals("..")) {
                continue;
            }
            segments.add(safeSegment(s));
        }
        if (path.isEmpty() || path.endsWith("/")) {
            segments.add("index");
        }
        String query = location.getRawQuery();
        if (query != null && !query.isEmpty()) {
            int last = segments.size() - 1;
            segments.set(last, segments.get(last) + "_" + safeSegment(query));
        }
        return String.join("/", segments);
    }

    private static boolean sameOrigin(URI a, URI b) {
        return eq(a.getScheme(), b.getScheme()) && eq(a.getHost(), b.getHost()) && effectivePort(a) == effectivePort(b);
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static int effectivePort(URI u) {
        if (u.getPort() != -1) {
            return u.getPort();
        }
        return "https".equalsIgnoreCase(u.getScheme()) ? 443 : "http".equalsIgnoreCase(u.getScheme()) ? 80 : -1;
    }

    /** Keeps letters, digits and {@code . - _ ~}; anything else becomes {@code _} (including {@code \} and NUL). */
    private static String safeSegment(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' || c == '~' || c == '%') {
                sb.append(c);
            } else {
                sb.append('_');
            }
        }
        String r = sb.toString();
        return r.equals(".") || r.equals("..") ? "_" : r;
    }
}
