package io.github.camelresourcesync.http;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * Refuses a request whose host is not allowed. Runs for every hop of a redirect chain, before anything is sent, so a
 * Source cannot redirect the harvester to a host it could not link to directly.
 */
final class HostCheckInterceptor implements org.apache.hc.core5.http.HttpRequestInterceptor {

    /** Context attribute holding the URI the caller asked for (for the message). */
    static final String ATTRIBUTE = "io.github.camelresourcesync.http.requested-uri";
    /**
     * Context attribute holding the {@link AllowedHosts} of the fetcher that sent the request: the client may be shared
     * by fetchers of different Sources, so the policy travels with each request. Without it nothing is allowed.
     */
    static final String POLICY = "io.github.camelresourcesync.http.allowed-hosts";

    @Override
    public void process(HttpRequest request, EntityDetails entity, HttpContext context) throws IOException {
        AllowedHosts allowed = context.getAttribute(POLICY) instanceof AllowedHosts a ? a : AllowedHosts.NONE;
        if (allowed.isAnyHost() || request.getAuthority() == null
                || allowed.allowsHost(request.getAuthority().getHostName())) {
            return;
        }
        URI target;
        try {
            target = request.getUri();
        } catch (URISyntaxException e) {
            target = URI.create(request.getScheme() + "://" + request.getAuthority().getHostName() + "/");
        }
        URI requested = context.getAttribute(ATTRIBUTE) instanceof URI u ? u : target;
        throw LinkRefusedException.refused(request.getMethod(), requested, target, allowed.refusal(target));
    }
}
