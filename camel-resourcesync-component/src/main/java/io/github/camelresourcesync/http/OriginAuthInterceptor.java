package io.github.camelresourcesync.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpRequestInterceptor;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * Adds the {@code Authorization} header preemptively, but only to requests for the origin the caller asked for. The
 * interceptor runs for every hop of a redirect chain, so a Source that redirects to a CDN or another host never
 * receives the credentials meant for the Source.
 */
final class OriginAuthInterceptor implements HttpRequestInterceptor {

    /** Context attribute holding the {@link Grant} of one fetch. */
    static final String ATTRIBUTE = "io.github.camelresourcesync.http.auth-grant";

    /** Credentials granted to one origin. {@code toString} stays silent about the value. */
    record Grant(Origin origin, String authorization) {
        @Override
        public String toString() {
            return "Grant[" + origin + "]";
        }
    }

    /**
     * The credentials for a request to {@code uri}: the configured bearer token, else the configured user and password,
     * else the user-info of the URL itself; {@code null} when there are none.
     */
    static Grant grantFor(URI uri, FetcherConfig config) {
        String value = null;
        if (config.bearerToken() != null && !config.bearerToken().isEmpty()) {
            value = "Bearer " + config.bearerToken();
        } else if (config.username() != null) {
            value = basic(config.username(), config.password());
        } else if (uri.getUserInfo() != null) {
            String userInfo = uri.getUserInfo();
            int colon = userInfo.indexOf(':');
            value = colon < 0 ? basic(userInfo, null) : basic(userInfo.substring(0, colon), userInfo.substring(colon + 1));
        }
        Origin origin = Origin.of(uri);
        return value == null || origin == null ? null : new Grant(origin, value);
    }

    private static String basic(String user, String password) {
        String pair = user + ":" + (password == null ? "" : password);
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void process(HttpRequest request, EntityDetails entity, HttpContext context) {
        if (context.getAttribute(ATTRIBUTE) instanceof Grant grant
                && grant.origin().equals(Origin.of(request.getScheme(), request.getAuthority()))) {
            request.setHeader(HttpHeaders.AUTHORIZATION, grant.authorization());
        }
    }
}
