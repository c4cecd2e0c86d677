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

    private final AllowedHosts allowed;

    HostCheckInterceptor(AllowedHosts allowed) {
        this.allowed = allowed;
    }

    @Override
    public void process(HttpRequest request, EntityDetails entity, HttpContext context) throws IOException {
        if (allowed.isAny() || request.getAuthority() == null
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
        throw HostNotAllowedException.refused(requested, target, allowed);
    }
}
