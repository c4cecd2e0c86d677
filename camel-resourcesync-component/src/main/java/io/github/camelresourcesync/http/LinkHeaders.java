package io.github.camelresourcesync.http;

import java.net.URI;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads RFC 8288 {@code Link} headers ({@code <uri>; rel="a b", <uri2>; rel=c}), one or several header values. */
public final class LinkHeaders {

    private static final Pattern LINK = Pattern.compile("<([^>]*)>\\s*((?:;[^,<]*)*)");
    private static final Pattern PARAM = Pattern.compile("(\\w+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s;,]+))");

    private LinkHeaders() {
    }

    /** The first link whose relation includes {@code rel}, resolved against {@code base}; {@code null} if none. */
    public static URI find(List<String> values, URI base, String rel) {
        if (values == null) {
            return null;
        }
        for (String value : values) {
            Matcher m = LINK.matcher(value);
            while (m.find()) {
                if (hasRel(m.group(2), rel)) {
                    String target = m.group(1).trim();
                    return base == null ? URI.create(target) : base.resolve(target);
                }
            }
        }
        return null;
    }

    private static boolean hasRel(String params, String rel) {
        Matcher a = PARAM.matcher(params);
        while (a.find()) {
            if (a.group(1).equalsIgnoreCase("rel")) {
                String v = a.group(2) != null ? a.group(2) : a.group(3) != null ? a.group(3) : a.group(4);
                for (String r : v.trim().split("\\s+")) {
                    if (r.equalsIgnoreCase(rel)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
