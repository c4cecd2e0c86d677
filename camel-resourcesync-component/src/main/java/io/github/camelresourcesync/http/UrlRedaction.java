package io.github.camelresourcesync.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;

import org.apache.camel.util.SensitiveUtils;

/**
 * The one redaction function of the project: makes URLs safe to print by dropping the user-info part
 * ({@code user:password@}) and masking the values of query parameters named like secrets ({@code access_token=...};
 * the names Camel itself masks, {@link SensitiveUtils}, and a few more). Use it for every URL that goes into a log
 * line, an exception message, a thread name, a metric tag, health details, JMX or a header a route can see.
 */
public final class UrlRedaction {

    private static final String MASK = "***";

    private static final Set<String> SECRET_PARAMETERS = secretParameters();

    private static Set<String> secretParameters() {
        Set<String> names = new java.util.HashSet<>(SensitiveUtils.getSensitiveKeys());
        names.addAll(Set.of("access_token", "token", "api_key", "apikey", "password", "passwd", "pwd", "secret",
                "client_secret", "sig", "signature", "sessionid", "credentials"));
        return Set.copyOf(names);
    }

    private UrlRedaction() {
    }

    /**
     * A URL given as text (an endpoint option, a configured value) without credentials; a text that is not a URI is
     * cut at its last {@code @} before the host, so no user-info survives either way.
     */
    public static String redact(String url) {
        if (url == null) {
            return "null";
        }
        try {
            return redact(new URI(url.trim()));
        } catch (URISyntaxException e) {
            int scheme = url.indexOf("://");
            int at = url.lastIndexOf('@');
            return scheme >= 0 && at > scheme ? url.substring(0, scheme + 3) + url.substring(at + 1) : url;
        }
    }

    /** The URL as text, without credentials. */
    public static String redact(URI uri) {
        if (uri == null) {
            return "null";
        }
        if (uri.isOpaque()) {
            return uri.toString();
        }
        String userInfo = uri.getRawUserInfo();
        String query = uri.getRawQuery();
        boolean secretQuery = query != null && hasSecretParameter(query);
        if (userInfo == null && !secretQuery) {
            return uri.toString();
        }
        StringBuilder sb = new StringBuilder();
        if (uri.getScheme() != null) {
            sb.append(uri.getScheme()).append(':');
        }
        String authority = withoutUserInfo(uri.getRawAuthority());
        if (authority != null) {
            sb.append("//").append(authority);
        }
        if (uri.getRawPath() != null) {
            sb.append(uri.getRawPath());
        }
        if (query != null) {
            sb.append('?').append(secretQuery ? maskQuery(query) : query);
        }
        if (uri.getRawFragment() != null) {
            sb.append('#').append(uri.getRawFragment());
        }
        return sb.toString();
    }

    /**
     * {@link #redact(URI)} as a URI: what listeners and {@link FetchException#getUri()} receive. Identical to
     * {@code uri} unless it carries credentials.
     */
    public static URI safe(URI uri) {
        if (uri == null || uri.isOpaque() || (uri.getRawUserInfo() == null
                && (uri.getRawQuery() == null || !hasSecretParameter(uri.getRawQuery())))) {
            return uri;
        }
        return URI.create(redact(uri));
    }

    /**
     * The same URI without its user-info part; the URI itself when it has none. Query secrets are kept: this is the URI
     * to request, not to print.
     */
    public static URI stripUserInfo(URI uri) {
        if (uri == null || uri.isOpaque() || uri.getRawUserInfo() == null) {
            return uri;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(uri.getScheme()).append("://").append(withoutUserInfo(uri.getRawAuthority()));
        if (uri.getRawPath() != null) {
            sb.append(uri.getRawPath());
        }
        if (uri.getRawQuery() != null) {
            sb.append('?').append(uri.getRawQuery());
        }
        if (uri.getRawFragment() != null) {
            sb.append('#').append(uri.getRawFragment());
        }
        try {
            return new URI(sb.toString());
        } catch (URISyntaxException e) {
            // cannot happen: the parts come from a URI that parsed
            throw new IllegalArgumentException("cannot strip user info from " + redact(uri), e);
        }
    }

    private static String withoutUserInfo(String rawAuthority) {
        if (rawAuthority == null) {
            return null;
        }
        int at = rawAuthority.lastIndexOf('@');
        return at < 0 ? rawAuthority : rawAuthority.substring(at + 1);
    }

    private static boolean hasSecretParameter(String rawQuery) {
        for (String pair : rawQuery.split("&")) {
            if (isSecret(pair)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSecret(String pair) {
        int eq = pair.indexOf('=');
        String name = eq < 0 ? pair : pair.substring(0, eq);
        return eq >= 0 && SECRET_PARAMETERS.contains(name.toLowerCase(Locale.ROOT));
    }

    private static String maskQuery(String rawQuery) {
        StringBuilder sb = new StringBuilder();
        for (String pair : rawQuery.split("&", -1)) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(isSecret(pair) ? pair.substring(0, pair.indexOf('=') + 1) + MASK : pair);
        }
        return sb.toString();
    }
}
