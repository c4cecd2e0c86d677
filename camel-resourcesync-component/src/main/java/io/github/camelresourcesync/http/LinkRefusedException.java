package io.github.camelresourcesync.http;

import java.net.URI;

/**
 * A URL the fetch policy refuses (a link in a document, or a redirect hop): another host, or a scheme that is not
 * fetched. Refused before any request is sent to it, and never retried. The message says what was refused and why.
 */
public final class LinkRefusedException extends FetchException {

    private LinkRefusedException(URI uri, String message) {
        super(uri, 0, message);
    }

    /**
     * @param method    the request method, e.g. {@code GET}
     * @param requested the URL the caller asked for
     * @param target    the URL refused: {@code requested} itself, or a redirect hop
     * @param reason    why, from {@link AllowedHosts#refusal(URI)}
     */
    static LinkRefusedException refused(String method, URI requested, URI target, String reason) {
        String request = method + " " + UrlRedaction.redact(requested);
        String what = requested.equals(target) ? request + " refused: "
                : request + " was redirected to " + UrlRedaction.redact(target) + ", refused: ";
        return new LinkRefusedException(UrlRedaction.safe(requested), what + reason);
    }
}
