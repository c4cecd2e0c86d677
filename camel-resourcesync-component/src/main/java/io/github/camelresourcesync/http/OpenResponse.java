package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.camelresourcesync.model.MediaTypes;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.impl.EnglishReasonPhraseCatalog;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * A response whose body has not been read yet, with the two ways to let go of it: {@link #release()} after the body
 * was read to its end (the connection goes back to the pool) and {@link #abort()} otherwise (the connection is closed
 * rather than drained, so an unwanted gigabyte is not downloaded just to reuse a socket).
 */
final class OpenResponse {

    /** Error bodies up to this size are read so the connection can be reused; larger ones are cut off. */
    private static final long DRAIN_LIMIT = 16 * 1024;

    private final HttpUriRequestBase request;
    private final ClassicHttpResponse response;
    private final URI finalUri;
    private final RequestDeadline deadline;
    /** Gives back the request's place among its host's requests in flight. */
    private final Runnable onDone;
    private boolean done;
    private boolean slotReturned;

    OpenResponse(HttpUriRequestBase request, ClassicHttpResponse response, URI finalUri, RequestDeadline deadline,
                 Runnable onDone) {
        this.onDone = onDone;
        this.request = request;
        this.response = response;
        this.finalUri = finalUri;
        this.deadline = deadline;
    }

    /** The request's deadline: when it passed, failures reading the body are its doing. */
    RequestDeadline deadline() {
        return deadline;
    }

    int status() {
        return response.getCode();
    }

    /** E.g. {@code 404 Not Found}. */
    String statusLine() {
        String reason = response.getReasonPhrase();
        if (reason == null || reason.isBlank()) {
            reason = EnglishReasonPhraseCatalog.INSTANCE.getReason(response.getCode(), Locale.ENGLISH);
        }
        return reason == null ? String.valueOf(response.getCode()) : response.getCode() + " " + reason;
    }

    /** Where the response came from, after redirects. */
    URI finalUri() {
        return finalUri;
    }

    String header(String name) {
        Header h = response.getFirstHeader(name);
        return h == null ? null : h.getValue();
    }

    List<String> headers(String name) {
        Header[] all = response.getHeaders(name);
        List<String> values = new ArrayList<>(all.length);
        for (Header h : all) {
            values.add(h.getValue());
        }
        return List.copyOf(values);
    }

    /** Every header, name to values in order (names as the server sent them). */
    java.util.Map<String, List<String>> allHeaders() {
        java.util.Map<String, List<String>> all = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Header h : response.getHeaders()) {
            all.computeIfAbsent(h.getName(), k -> new ArrayList<>()).add(h.getValue());
        }
        return all;
    }

    /** {@code Content-Type} when it is a media type: anything else (a control character) is not passed on. */
    String contentType() {
        String type = header(HttpHeaders.CONTENT_TYPE);
        return MediaTypes.isValid(type) ? type : null;
    }

    Validators validators() {
        return new Validators(header(HttpHeaders.ETAG), header(HttpHeaders.LAST_MODIFIED));
    }

    /**
     * The {@code Content-Length} of the body as delivered, or -1. HttpClient drops the header when it decompresses a
     * content coding, so a value here always describes the bytes the caller will read.
     */
    long declaredLength() {
        String value = header(HttpHeaders.CONTENT_LENGTH);
        if (value == null) {
            return -1;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    InputStream body() throws IOException {
        HttpEntity entity = response.getEntity();
        return entity == null ? InputStream.nullInputStream() : entity.getContent();
    }

    /** After the body was read completely: the connection returns to the pool. Later calls do nothing. */
    synchronized void release() {
        if (done) {
            return;
        }
        done = true;
        deadline.close();
        try {
            response.close();
        } catch (IOException ignored) {
            // the connection is discarded instead; nothing else to do
        } finally {
            returnHostSlot();
        }
    }

    /**
     * Gives back the request's place among its host's requests in flight before the body is read: for a document,
     * whose body is read as fast as its entries are handled. The content fetches those entries start need places of
     * their own, and a document holding its place until its end would wait for them while they wait for it (with a
     * limit at or below the documents a run holds open, the run stalled). Later calls do nothing.
     */
    synchronized void returnHostSlot() {
        if (!slotReturned) {
            slotReturned = true;
            onDone.run();
        }
    }

    /** Reads a small error body so the connection stays reusable; aborts for a large or unknown one. */
    synchronized void discard() {
        if (done) {
            return;
        }
        HttpEntity entity = response.getEntity();
        if (entity != null && entity.getContentLength() >= 0 && entity.getContentLength() <= DRAIN_LIMIT) {
            try {
                EntityUtils.consume(entity);
                release();
                return;
            } catch (IOException e) {
                // fall through to abort
            }
        }
        abort();
    }

    /** Closes the connection without reading the rest of the body. */
    synchronized void abort() {
        if (done) {
            return;
        }
        request.cancel();
        release();
    }
}
