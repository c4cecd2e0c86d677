package io.github.camelresourcesync.component.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import org.apache.camel.util.URISupport;

/**
 * How the endpoints of this project read their URI options before Camel binds them.
 * <p>
 * An option given with an empty value ({@code stateId=}) is an option not given: it keeps the endpoint's default. The
 * shipped Kamelets rely on it. They write an optional property as {@code {{name:}}} (empty when not given), never as
 * Camel's optional placeholder {@code {{?name}}}: when such a placeholder stays unresolved, Camel drops its parameter
 * by parsing and re-encoding the whole query, which percent-encodes every {@code %} of the other values once more
 * ({@code %2B} reaches the endpoint as the three characters {@code %2B}, where the same URI written directly gives
 * {@code +}). With no optional placeholder the Kamelet's values are written into the wrapped endpoint's URI as the user
 * wrote them, and Camel reads them as it reads that URI written by hand. Secrets do not go through the URI at all: the
 * Kamelets hand them over as template beans ({@code #bean:{{passwordValue}}}), since Camel's YAML wraps a secret
 * placeholder in RAW(...) before it is filled and this class, reading RAW as Camel does, would take the value's own
 * {@code %25} as {@code %} (docs/kamelets.md).
 */
public final class EndpointOptions {

    private EndpointOptions() {
    }

    /**
     * Decodes the option values of a URI the component took raw ({@code useRawUri}, so that the URL in its path keeps
     * its escapes: {@code https://user:p%40ss@host/}) as Camel decodes those of any other endpoint URI: a
     * {@code RAW(...)} value as written (as Camel, {@code %25} read as {@code %}); otherwise percent-escapes decoded (UTF-8; a {@code %} that starts no escape
     * kept), then {@code +} read as a space. So {@code a+b} and {@code a%2Bb} are both {@code a b}, as everywhere in
     * Camel; {@code RAW(a+b)} is {@code a+b}.
     */
    public static void decode(Map<String, Object> parameters) {
        for (Map.Entry<String, Object> e : parameters.entrySet()) {
            if (e.getValue() instanceof String s) {
                String raw = rawValue(s);
                // RAW: Camel's own reading (its query builder writes a RAW value's % as %25)
                e.setValue(raw != null ? raw.replace("%25", "%") : percentDecode(s).replace('+', ' '));
            }
        }
    }

    /**
     * Takes out of {@code parameters} those that {@code known} left unset and returns them as a query, each pair as
     * written in {@code written} (the raw values, in the order they were written); empty when there are none.
     */
    public static String takeLeftovers(Map<String, Object> parameters, Map<String, Object> written) {
        StringJoiner query = new StringJoiner("&");
        for (Map.Entry<String, Object> e : written.entrySet()) {
            if (parameters.containsKey(e.getKey())) {
                Object v = e.getValue();
                query.add(v == null || "".equals(v) ? e.getKey() : e.getKey() + "=" + v);
            }
        }
        parameters.clear();
        return query.toString();
    }

    /** A copy of the raw parameters, in the order they were written. */
    public static Map<String, Object> written(Map<String, Object> parameters) {
        return new LinkedHashMap<>(parameters);
    }

    private static String rawValue(String s) {
        for (int i = 0; i < URISupport.RAW_TOKEN_START.length; i++) {
            if (s.startsWith(URISupport.RAW_TOKEN_PREFIX + URISupport.RAW_TOKEN_START[i])
                && s.endsWith(String.valueOf(URISupport.RAW_TOKEN_END[i]))) {
                return s.substring(URISupport.RAW_TOKEN_PREFIX.length() + 1, s.length() - 1);
            }
        }
        return null;
    }

    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int hi = i + 2 < bytes.length ? Character.digit(bytes[i + 1], 16) : -1;
            int lo = i + 2 < bytes.length ? Character.digit(bytes[i + 2], 16) : -1;
            if (bytes[i] == '%' && hi >= 0 && lo >= 0) {
                out.write(hi * 16 + lo);
                i += 2;
            } else {
                out.write(bytes[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Removes the options whose value is the empty string (or {@code RAW()}), so they keep their defaults. */
    public static void dropEmpty(Map<String, Object> parameters) {
        parameters.values().removeIf(v -> v instanceof String s && (s.isEmpty() || "RAW()".equals(s)
                                                                    || "RAW{}".equals(s)));
    }
}
