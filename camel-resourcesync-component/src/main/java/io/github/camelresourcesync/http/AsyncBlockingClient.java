package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.Future;

import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.core5.concurrent.CancellableDependency;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.io.entity.BasicHttpEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.entity.AsyncEntityProducers;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;

/**
 * Apache HttpClient's async client (HTTP/2 multiplexing, ALPN) behind the blocking interface {@link HttpFetcher}
 * uses, so both protocols go through one fetch path: the caller's thread waits for the head and reads the body from an
 * {@link AsyncBodyPipe} while the client's I/O threads serve every stream. Cancelling the request (a deadline, an
 * abort) resets its stream and wakes its reader.
 */
final class AsyncBlockingClient extends CloseableHttpClient {

    private final CloseableHttpAsyncClient client;
    private final Duration headLimit;
    private final Duration readTimeout;

    /**
     * @param headLimit   the longest wait for a response head, as a guard: the client's own timeouts (connection
     *                    lease, connect, response) and the request deadline normally end the wait first
     * @param readTimeout the longest wait for the next bytes of a body
     */
    AsyncBlockingClient(CloseableHttpAsyncClient client, Duration headLimit, Duration readTimeout) {
        this.client = client;
        this.headLimit = headLimit;
        this.readTimeout = readTimeout;
    }

    @Override
    protected CloseableHttpResponse doExecute(HttpHost target, ClassicHttpRequest request, HttpContext context)
            throws IOException {
        AsyncBodyPipe pipe = new AsyncBodyPipe(readTimeout);
        Future<Void> exchange = client.execute(new BasicRequestProducer(request, entityOf(request)), pipe, null,
                context, null);
        Runnable cancel = () -> {
            exchange.cancel(true);
            pipe.failed(new InterruptedIOException("request cancelled"));
        };
        pipe.onCancel(cancel);
        if (request instanceof CancellableDependency dependency) {
            dependency.setDependency(() -> {
                cancel.run();
                return true;
            });
        }
        HttpResponse head = pipe.awaitHead(headLimit);
        BasicClassicHttpResponse response = new BasicClassicHttpResponse(head.getCode(), head.getReasonPhrase());
        response.setVersion(head.getVersion());
        for (Header h : head.getHeaders()) {
            response.addHeader(h);
        }
        EntityDetails details = pipe.entity();
        if (details != null) {
            response.setEntity(new BasicHttpEntity(pipe, details.getContentLength(),
                    details.getContentType() == null ? null : ContentType.parseLenient(details.getContentType()),
                    details.getContentEncoding(), details.isChunked()));
        } else {
            pipe.close();
        }
        return CloseableHttpResponse.adapt(response);
    }

    /** A request body (hub forms and notifications: small, in memory), or none. */
    private static AsyncEntityProducer entityOf(ClassicHttpRequest request) throws IOException {
        HttpEntity entity = request.getEntity();
        if (entity == null) {
            return null;
        }
        byte[] bytes = EntityUtils.toByteArray(entity);
        return AsyncEntityProducers.create(bytes,
                entity.getContentType() == null ? null : ContentType.parseLenient(entity.getContentType()));
    }

    @Override
    public void close() throws IOException {
        client.close();
    }

    @Override
    public void close(CloseMode closeMode) {
        client.close(closeMode);
    }
}
