package io.github.camelresourcesync.http;

import java.net.URI;
import java.util.Locale;

import org.apache.hc.core5.net.URIAuthority;

/** Scheme, host and port: the unit to which credentials are bound (RFC 6454). Default ports are made explicit. */
record Origin(String scheme, String host, int port) {

    static Origin of(URI uri) {
        return of(uri.getScheme(), uri.getHost(), uri.getPort());
    }

    static Origin of(String scheme, URIAuthority authority) {
        return authority == null ? null : of(scheme, authority.getHostName(), authority.getPort());
    }

    private static Origin of(String scheme, String host, int port) {
        if (scheme == null || host == null) {
            return null;
        }
        String s = scheme.toLowerCase(Locale.ROOT);
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        int p = port >= 0 ? port : "https".equals(s) ? 443 : "http".equals(s) ? 80 : -1;
        return new Origin(s, h, p);
    }
}
