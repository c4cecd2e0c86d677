package io.github.camelresourcesync.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.RedirectException;
import org.apache.hc.client5.http.cookie.CookieStore;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.protocol.RedirectLocations;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.camelresourcesync.model.Content;

/**
 * Fetches capability documents and resource bodies over HTTP(S) with one pooled Apache HttpClient 5, and from
 * {@code file:} and {@code classpath:} URLs. Thread-safe; one instance per endpoint.
 * <p>
 * Transient failures (connection errors, timeouts, truncated bodies, 5xx, 429, 408) are retried up to
 * {@link FetcherConfig#maxRetries()} times with exponential backoff and full jitter, honouring {@code Retry-After};
 * {@link FetchListener#retrying} receives the number of the retry (1 for the first). For documents only the phase up to
 * the response headers is retried: the body streams to the caller. Resource bodies are read completely inside the
 * fetcher, so a body cut short is retried too.
 * <p>
 * Every URL, and every hop of a redirect chain, is checked against {@link FetcherConfig#allowedHosts()} before a
 * request is sent ({@link LinkRefusedException}, never retried).
 * <p>
 * Credentials (bearer token, else user and password, else the URL's user-info) are sent preemptively, and only to the
 * scheme, host and port of the URL the caller asked for, never to a redirect target elsewhere. URLs in messages and
 * logs never carry credentials; the URIs given to the listener and {@link FetchException#getUri()} are redacted the
 * same way ({@link UrlRedaction#safe}). {@link DocumentResponse#uri()} is the URI as given when there was no redirect,
 * so relative locations resolve against it unchanged.
 */
public final class HttpFetcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpFetcher.class);
    /** The start of an answer's body kept for messages ({@link #send}). */
    private static final int ANSWER_TEXT_LIMIT = 2000;
    private static final String DOCUMENT_ACCEPT = "application/xml, text/xml;q=0.9, */*;q=0.5";

    private final FetcherConfig config;
    private final FetchListener listener;
    private final CloseableHttpClient client;
    /** Lets go of the client: closes it when it is this fetcher's own, releases a shared pool's use otherwise. */
    private final Runnable onClose;
    private final RetryPolicy policy;
    private final Retrier retrier;
    private final LocalResources local;
    private final HostLimits hosts;
    /** the last answer came over HTTP/2 */
    private volatile boolean multiplexing;

    /** A fetcher with a client of its own, closed with it. */
    public HttpFetcher(FetcherConfig config) {
        // the client gets its own copy of the settings, as the fetcher keeps one: later changes to config reach neither
        this(config, HttpClientFactory.create(Objects.requireNonNull(config, "config").copy()), null,
                new HostLimits());
    }

    /**
     * A fetcher over a shared client ({@link FetchEngine}); {@code onClose} releases it. A null {@code onClose} means
     * the client is this fetcher's own: closing the fetcher closes it.
     */
    HttpFetcher(FetcherConfig config, CloseableHttpClient client, Runnable onClose, HostLimits hosts) {
        this.config = Objects.requireNonNull(config, "config").copy();
        this.listener = SafeListener.wrap(this.config.listener());
        this.policy = new RetryPolicy(this.config.connectTimeout(), this.config.readTimeout());
        Backoff backoff = new Backoff(this.config.retryInitialDelay(), this.config.retryMaxDelay());
        this.retrier = new Retrier(this.config.maxRetries(), policy, backoff, listener);
        this.local = new LocalResources(this.config, listener);
        this.client = client;
        this.hosts = hosts;
        this.onClose = onClose != null ? onClose : () -> client.close(CloseMode.GRACEFUL);
    }

    /**
     * GETs a capability document, conditionally when {@code validators} are given.
     *
     * @throws FetchException on an error status (after retries), or when no response could be had
     */
    public DocumentResponse fetchDocument(URI uri, Validators validators) throws IOException {
        Objects.requireNonNull(uri, "uri");
        checkAllowed("GET", uri);
        Validators sent = validators == null ? Validators.NONE : validators;
        return switch (schemeOf(uri)) {
            case "http", "https" -> {
                Target target = Target.of(uri, config);
                yield retrier.call(target.safeUri(), target.description(), () -> attemptDocument(target, sent));
            }
            case "file" -> local.fileDocument(uri, sent);
            default -> local.classpathDocument(uri);
        };
    }

    /**
     * GETs a resource body completely (memory or temporary file), computing the digests of {@code algorithms}
     * ({@code md5}, {@code sha-1}, {@code sha-256}, ... as in {@link io.github.camelresourcesync.model.Hashes}) while
     * it streams by. Not decompressed beyond the HTTP content coding.
     *
     * @throws FetchException on an error status (after retries), no response, or a body over the size limit
     */
    public Content fetchContent(URI uri, Collection<String> algorithms) throws IOException {
        return fetchContent(uri, algorithms, -1);
    }

    /**
     * {@link #fetchContent(URI, Collection)} for a resource whose length was published: at most {@code publishedLength}
     * + 1 bytes are read, so a server that sends more is found out without downloading (or spooling) the rest, and
     * a {@code Content-Length} above it fails before the body is read at all ({@link PublishedLengthExceededException}).
     *
     * @param publishedLength the length the Source published, or -1 when it published none
     */
    public Content fetchContent(URI uri, Collection<String> algorithms, long publishedLength) throws IOException {
        return fetchContent(uri, algorithms, publishedLength, config.spoolThreshold());
    }

    /**
     * {@link #fetchContent(URI, Collection, long)} keeping at most {@code spoolThreshold} bytes of the body in memory
     * (at most the policy's own): a run with many fetches in flight shares the memory the policy allows a few.
     */
    public Content fetchContent(URI uri, Collection<String> algorithms, long publishedLength, int spoolThreshold)
            throws IOException {
        Objects.requireNonNull(uri, "uri");
        int threshold = Math.max(0, Math.min(spoolThreshold, config.spoolThreshold()));
        checkAllowed("GET", uri);
        List<String> algs = algorithms == null ? List.of() : List.copyOf(algorithms);
        return switch (schemeOf(uri)) {
            case "http", "https" -> {
                Target target = Target.of(uri, config);
                yield retrier.call(target.safeUri(), target.description(),
                        () -> attemptContent(target, algs, publishedLength, threshold));
            }
            case "file" -> local.fileContent(uri, algs, publishedLength);
            default -> local.classpathContent(uri, algs, publishedLength);
        };
    }

    /**
     * Whether this fetcher's last answer came over HTTP/2, where requests share one connection: a run may then have
     * many more in flight than the few keep-alive connections HTTP/1.1 allows politely.
     */
    public boolean multiplexing() {
        return multiplexing;
    }

    /** Bodies up to this many bytes are kept in memory, larger ones spooled (the fetch policy's). */
    public int spoolThreshold() {
        return config.spoolThreshold();
    }

    /** Refuses {@code uri} when the fetch policy does not allow it: before any request, never retried. */
    void checkAllowed(String method, URI uri) throws LinkRefusedException {
        String refusal = config.allowedHosts().refusal(uri);
        if (refusal != null) {
            throw LinkRefusedException.refused(method, uri, uri, refusal);
        }
    }

    /**
     * Receives a body that did not come over HTTP (a bitstream inside a dump package) the way fetched bodies are
     * received: in memory or spooled to a temporary file, digested, and under {@link FetcherConfig#maxContentSize()}.
     * Closes {@code in}.
     *
     * @param uri            the resource the bytes are for, named in errors
     * @param expectedLength the announced length, or -1; sizes the memory buffer
     */
    public Content receive(InputStream in, URI uri, Collection<String> algorithms, long expectedLength,
                           String mediaType) throws IOException {
        URI safe = UrlRedaction.safe(uri);
        ContentSink sink = new ContentSink(safe, "reading " + UrlRedaction.redact(uri), Digests.of(algorithms),
                config.maxContentSize(), config.spoolThreshold(), config.spoolDirectory(), expectedLength);
        try (in) {
            sink.readAll(in);
            return sink.finish(mediaType);
        } catch (IOException | RuntimeException e) {
            sink.discard();
            throw e;
        }
    }

    /**
     * Sends one request (a WebSub hub's form or notification, a topic's discovery) under the same policy as every
     * fetch: allowed hosts on every hop, credentials to the origin only, timeouts and deadline, proxy, TLS. Redirects
     * are followed up to {@link FetcherConfig#maxRedirects()} (307 and 308 keep the method and body). Not retried: the
     * caller decides. The answer keeps the start of the body, for messages.
     *
     * @param headers extra request headers (e.g. {@code Content-Type}, {@code Link})
     * @return the answer, whatever its status
     * @throws FetchException when no answer could be had (refused link, connection error, deadline)
     */
    public HttpAnswer send(String method, URI uri, byte[] body, Map<String, String> headers) throws IOException {
        return send(method, uri, body, headers, null, ANSWER_TEXT_LIMIT);
    }

    /**
     * {@link #send(String, URI, byte[], Map)} with a cookie store (a login session) and up to {@code maxBody} bytes of
     * the answer's body kept ({@link HttpAnswer#complete()} says whether that was all of it).
     */
    public HttpAnswer send(String method, URI uri, byte[] body, Map<String, String> headers, CookieStore cookies,
                           int maxBody) throws IOException {
        Objects.requireNonNull(uri, "uri");
        checkAllowed(method, uri);
        if (!schemeOf(uri).startsWith("http")) {
            throw new FetchException(UrlRedaction.safe(uri), 0, method + " " + UrlRedaction.redact(uri)
                    + " refused: only http: and https: URLs are sent requests");
        }
        Target target = Target.of(method, uri, config);
        HttpUriRequestBase request = new HttpUriRequestBase(method, target.requestUri());
        headers.forEach(request::setHeader);
        if (body != null) {
            request.setEntity(new ByteArrayEntity(body, null));
        }
        OpenResponse response;
        try {
            response = execute(target, request, cookies);
        } catch (FetchException e) {
            throw e;
        } catch (IOException e) {
            throw new FetchException(target.safeUri(), 0, target.description() + " failed: " + policy.describe(e), e);
        }
        URI safeFinal = UrlRedaction.safe(response.finalUri());
        long received = 0;
        try (InputStream in = response.body()) {
            byte[] start = in.readNBytes(maxBody);
            received = start.length;
            boolean complete = in.read() < 0;
            HttpAnswer answer = new HttpAnswer(response.status(), safeFinal, response.allHeaders(), start, complete);
            if (complete) {
                response.release();
                listener.received(safeFinal, received);
            } else {
                response.abort();
            }
            return answer;
        } catch (IOException e) {
            response.abort();
            if (response.deadline().expired()) {
                throw response.deadline().failure(target.safeUri(), target.description(), received, e);
            }
            throw new FetchException(target.safeUri(), response.status(), target.description()
                    + ": reading the answer failed: " + policy.describe(e), e);
        }
    }

    @Override
    public void close() {
        onClose.run();
    }

    private DocumentResponse attemptDocument(Target target, Validators sent) throws IOException {
        HttpGet get = new HttpGet(target.requestUri());
        get.setHeader(HttpHeaders.ACCEPT, DOCUMENT_ACCEPT);
        if (sent.etag() != null) {
            get.setHeader(HttpHeaders.IF_NONE_MATCH, sent.etag());
        }
        if (sent.lastModified() != null) {
            get.setHeader(HttpHeaders.IF_MODIFIED_SINCE, sent.lastModified());
        }
        OpenResponse response = execute(target, get);
        try {
            int status = response.status();
            if (status == 304) {
                return HttpDocumentResponse.notModified(response, sent);
            }
            if (!isSuccess(status)) {
                throw statusFailure(target, response);
            }
            String description = describe(target, response);
            long limit = config.maxDocumentSize();
            URI safeFinal = UrlRedaction.safe(response.finalUri());
            // peeking at the magic reads the first bytes here, inside the retried phase
            InputStream decoded = GzipMagic.gunzipIfMagic(response.body());
            InputStream bounded = new BoundedInputStream(decoded, limit,
                    () -> Limits.documentTooLarge(safeFinal, description, limit));
            response.returnHostSlot();
            return HttpDocumentResponse.ok(response,
                    new DocumentBodyStream(bounded, safeFinal, description, listener, response.deadline()));
        } catch (IOException | RuntimeException e) {
            response.abort();
            throw e;
        }
    }

    private Content attemptContent(Target target, List<String> algorithms, long publishedLength, int spoolThreshold)
            throws IOException {
        HttpGet get = new HttpGet(target.requestUri());
        OpenResponse response = execute(target, get);
        ContentSink sink = null;
        try {
            if (!isSuccess(response.status())) {
                throw statusFailure(target, response);
            }
            String description = describe(target, response);
            URI safeFinal = UrlRedaction.safe(response.finalUri());
            long limit = config.maxContentSize();
            long declared = response.declaredLength();
            if (limit > 0 && declared > limit) {
                throw Limits.contentAnnouncedTooLarge(safeFinal, description, declared, limit);
            }
            if (publishedLength >= 0 && declared > publishedLength) {
                throw PublishedLengthExceededException.announced(safeFinal, description, declared, publishedLength);
            }
            sink = new ContentSink(safeFinal, description, Digests.of(algorithms), limit, spoolThreshold,
                    config.spoolDirectory(), declared >= 0 ? declared : publishedLength);
            InputStream in = PublishedLengthExceededException.cap(response.body(), safeFinal, description,
                    publishedLength);
            sink.readAll(in);
            if (declared >= 0 && sink.length() != declared) {
                // HttpClient reports a short Content-Length body itself; this guards the contract if it ever does not
                throw new EOFException("body ended after " + sink.length() + " of " + declared + " bytes");
            }
            in.close();
            SpooledContent content = sink.finish(response.contentType());
            response.release();
            listener.received(safeFinal, content.length());
            return content;
        } catch (IOException | RuntimeException e) {
            if (sink != null) {
                sink.discard();
            }
            response.abort();
            if (e instanceof IOException && !(e instanceof FetchException) && response.deadline().expired()) {
                throw response.deadline().failure(target.safeUri(), target.description(),
                        sink == null ? 0 : sink.length(), e);
            }
            throw e;
        }
    }

    /** Sends the request; the response is open (body unread) and must be released, discarded or aborted. */
    private OpenResponse execute(Target target, HttpUriRequestBase get) throws IOException {
        return execute(target, get, null);
    }

    private OpenResponse execute(Target target, HttpUriRequestBase get, CookieStore cookies) throws IOException {
        HttpClientContext context = HttpClientContext.create();
        if (cookies != null) {
            context.setCookieStore(cookies);
        }
        context.setAttribute(HostCheckInterceptor.ATTRIBUTE, target.original());
        context.setAttribute(HostCheckInterceptor.POLICY, config.allowedHosts());
        if (target.grant() != null) {
            context.setAttribute(OriginAuthInterceptor.ATTRIBUTE, target.grant());
        }
        ClassicHttpResponse response;
        HostLimits.Host host = hosts.of(target.original());
        host.acquire(config.maxRequestsPerHost());
        FetchListener.Request request = listener.requesting(get.getMethod(), target.safeUri());
        RequestDeadline deadline = RequestDeadline.start(get, config.requestTimeout());
        try {
            response = client.executeOpen(null, get, context);
        } catch (ClientProtocolException e) {
            deadline.close();
            host.release();
            FetchException failure = protocolFailure(target, e);
            request.ended(0, target.safeUri(), failure.getMessage());
            throw failure;
        } catch (IOException e) {
            deadline.close();
            host.release();
            IOException failure = deadline.expired() && !(e instanceof FetchException)
                    ? deadline.failure(target.safeUri(), target.description(), 0, e) : e;
            request.ended(0, target.safeUri(), failure instanceof FetchException ? failure.getMessage()
                    : policy.describe(failure));
            throw failure;
        } catch (RuntimeException e) {
            deadline.close();
            host.release();
            request.ended(0, target.safeUri(), e.toString());
            throw e;
        }
        multiplexing = HttpVersion.HTTP_2.equals(response.getVersion());
        URI finalUri = target.original();
        RedirectLocations redirects = context.getRedirectLocations();
        if (redirects != null && redirects.size() > 0) {
            finalUri = redirects.get(redirects.size() - 1);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} -> {}{}", target.description(), response.getCode(),
                    finalUri == target.original() ? "" : " from " + UrlRedaction.redact(finalUri));
        }
        URI safeFinal = UrlRedaction.safe(finalUri);
        listener.responded(safeFinal, response.getCode());
        request.ended(response.getCode(), safeFinal, null);
        return new OpenResponse(get, response, finalUri, deadline, host::release);
    }

    /** A status that is not success: retryable ones are wrapped for the {@link Retrier}; the response is let go. */
    private IOException statusFailure(Target target, OpenResponse response) {
        int status = response.status();
        String message = describe(target, response) + " returned " + response.statusLine() + hint(status);
        FetchException failure = new FetchException(target.safeUri(), status, message);
        if (!policy.isRetryableStatus(status)) {
            response.discard();
            return failure;
        }
        Duration retryAfter = RetryAfter.parse(response.header(HttpHeaders.RETRY_AFTER), Clock.systemUTC())
                .orElse(null);
        response.discard();
        if (retryAfter != null && (status == 429 || status == 503)) {
            // the host asked to be left alone: every route waits, not only this request's retry
            Duration pause = retryAfter.compareTo(config.retryMaxDelay()) > 0 ? config.retryMaxDelay() : retryAfter;
            hosts.of(target.original()).pause(pause);
        }
        return new RetryableResponseException(failure, response.statusLine(), retryAfter);
    }

    private String hint(int status) {
        if (status == 401) {
            boolean configured = config.bearerToken() != null || config.username() != null;
            return configured ? " (the credentials were rejected: check username/password or bearerToken)"
                    : " (the Source requires authentication: set username/password or bearerToken)";
        }
        if (status == 407) {
            return " (the proxy requires authentication)";
        }
        return "";
    }

    private FetchException protocolFailure(Target target, ClientProtocolException e) {
        if (e.getCause() instanceof RedirectException) {
            return new FetchException(target.safeUri(), 0, target.description() + " was redirected more than "
                    + config.maxRedirects() + " times (maxRedirects)", e);
        }
        String reason = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
                : e.getMessage();
        return new FetchException(target.safeUri(), 0, target.description() + " failed: HTTP protocol error: "
                + reason, e);
    }

    /** {@code GET <url>}, plus where a redirect chain ended. */
    private static String describe(Target target, OpenResponse response) {
        if (response.finalUri().equals(target.original())) {
            return target.description();
        }
        return target.description() + " (redirected to " + UrlRedaction.redact(response.finalUri()) + ")";
    }

    private static boolean isSuccess(int status) {
        return status >= 200 && status < 300;
    }

    private static String schemeOf(URI uri) throws FetchException {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "http", "https", "file", "classpath" -> scheme;
            default -> throw new FetchException(UrlRedaction.safe(uri), 0, "cannot fetch "
                    + UrlRedaction.redact(uri) + ": unsupported URL scheme (expected http, https, file or classpath)");
        };
    }

    /** One caller request: the URI as given, the URI to send (no user-info), and the credentials for its origin. */
    private record Target(String method, URI original, URI requestUri, OriginAuthInterceptor.Grant grant) {

        static Target of(URI uri, FetcherConfig config) {
            return of("GET", uri, config);
        }

        static Target of(String method, URI uri, FetcherConfig config) {
            return new Target(method, uri, UrlRedaction.stripUserInfo(uri),
                    OriginAuthInterceptor.grantFor(uri, config));
        }

        /** For exceptions and the listener: no user-info, no secret query values. */
        URI safeUri() {
            return UrlRedaction.safe(original);
        }

        String description() {
            return method + " " + UrlRedaction.redact(original);
        }
    }
}
