package io.github.camelresourcesync.http;

import java.io.IOException;
import java.util.Locale;

import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;

/**
 * {@code httpVersion=auto}: {@code https://} requests go to the async client, which offers HTTP/2 by ALPN and falls
 * back to HTTP/1.1 when the server does not take it; cleartext {@code http://} requests keep the classic HTTP/1.1
 * client (no prior-knowledge HTTP/2 to a server that was not asked).
 */
final class ProtocolRouter extends CloseableHttpClient {

    private final CloseableHttpClient cleartext;
    private final CloseableHttpClient tls;

    ProtocolRouter(CloseableHttpClient cleartext, CloseableHttpClient tls) {
        this.cleartext = cleartext;
        this.tls = tls;
    }

    @Override
    protected CloseableHttpResponse doExecute(HttpHost target, ClassicHttpRequest request, HttpContext context)
            throws IOException {
        String scheme = target != null ? target.getSchemeName() : request.getScheme();
        boolean secure = scheme != null && scheme.toLowerCase(Locale.ROOT).equals("https");
        return CloseableHttpResponse.adapt((secure ? tls : cleartext).executeOpen(target, request, context));
    }

    @Override
    public void close() throws IOException {
        try {
            cleartext.close();
        } finally {
            tls.close();
        }
    }

    @Override
    public void close(CloseMode closeMode) {
        cleartext.close(closeMode);
        tls.close(closeMode);
    }
}
