package io.github.camelresourcesync.xml;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Turns absolute references that start with the scheme and authority of the previous one (in a list: nearly all) into
 * URIs without parsing that scheme and authority again: only the rest is parsed, as an absolute-path reference, and
 * resolved against the shared root. {@code new URI(loc)} re-parses the host of every entry, the largest single cost
 * of reading one. The result is the URI {@code new URI(reference)} gives: equal, same components, same
 * {@code toString()} (checked once per prefix with a probe, since {@code URI} rebuilds the string from components,
 * which differs for an authority such as {@code host:} with an empty port). One per document; not thread-safe.
 */
final class SameOriginReferences {

    /** A list mixing many hosts keeps the prefix it had after this many changes. */
    private static final int MAX_PREFIX_CHANGES = 16;
    private static final String PROBE = "/p;q?r=s#t";

    /** {@code scheme://authority} exactly as written, or null */
    private String prefix;
    /** {@code prefix + "/"} */
    private URI root;
    private int changes;

    /**
     * @return the URI of {@code reference}, or {@code null} when it does not start with the current prefix followed by
     *         an absolute path, or when the rest is not a valid URI: the caller then parses it in full (and repairs
     *         or refuses it with its own messages)
     */
    URI parse(String reference) {
        String p = prefix;
        if (p == null) {
            return null;
        }
        int n = p.length();
        int length = reference.length();
        if (length <= n || reference.charAt(n) != '/' || (length > n + 1 && reference.charAt(n + 1) == '/')
                || !reference.startsWith(p)) {
            return null; // "//" would start an authority
        }
        try {
            return root.resolve(new URI(reference.substring(n)));
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** Takes the scheme and authority of {@code uri}, parsed in full from {@code reference}, for the next ones. */
    void learn(URI uri, String reference) {
        if (changes >= MAX_PREFIX_CHANGES || uri == null || uri.isOpaque() || uri.getScheme() == null
                || uri.getRawAuthority() == null) {
            return;
        }
        String candidate = uri.getScheme() + "://" + uri.getRawAuthority();
        if (candidate.equals(prefix) || !reference.startsWith(candidate)) {
            return;
        }
        changes++;
        try {
            URI candidateRoot = new URI(candidate + "/");
            URI probe = candidateRoot.resolve(new URI(PROBE));
            URI parsed = new URI(candidate + PROBE);
            if (probe.toString().equals(parsed.toString()) && probe.equals(parsed)) {
                prefix = candidate;
                root = candidateRoot;
            }
        } catch (URISyntaxException e) {
            // keep the current prefix
        }
    }
}
