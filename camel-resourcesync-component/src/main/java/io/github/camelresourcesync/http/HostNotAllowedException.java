package io.github.camelresourcesync.http;

import java.net.URI;

/**
 * A URL whose host is not among the allowed hosts (a link in a document, or a redirect hop): refused before any request
 * is sent to it, and never retried.
 */
public final class HostNotAllowedException extends FetchException {

    private HostNotAllowedException(URI uri, String message) {
        super(uri, 0, message);
    }

    /**
     * @param requested the URL the caller asked for
     * @param target    the URL refused: {@code requested} itself, or a redirect hop
     */
    static HostNotAllowedException refused(URI requested, URI target, AllowedHosts allowed) {
        String host = target.getHost() == null ? target.getScheme() + ": URLs are" : "host " + target.getHost()
                + " is";
        String request = "GET " + UrlRedaction.redact(requested);
        String what = requested.equals(target) ? request + " refused: "
                : request + " was redirected to " + UrlRedaction.redact(target) + ", refused: ";
        return new HostNotAllowedException(UrlRedaction.safe(requested), what + host + " not allowed (allowed: "
                + allowed.describe() + "); add the host to allowedHosts, or set allowedHosts=* to allow any");
    }
}
