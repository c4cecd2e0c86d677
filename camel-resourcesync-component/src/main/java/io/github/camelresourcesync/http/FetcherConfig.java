package io.github.camelresourcesync.http;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import javax.net.ssl.SSLContext;

/**
 * Settings of an {@link HttpFetcher}. Mutable builder-style bean; the fetcher takes a snapshot of it when created.
 * The {@code DEFAULT_*} constants are the only place the defaults are written: the Camel layer's
 * {@code HttpConfiguration} documents and starts from them.
 */
public final class FetcherConfig {

    public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 10_000;
    public static final long DEFAULT_READ_TIMEOUT_MILLIS = 30_000;
    public static final long DEFAULT_REQUEST_TIMEOUT_MILLIS = 600_000;
    public static final int DEFAULT_MAX_RETRIES = 3;
    public static final long DEFAULT_RETRY_DELAY_MILLIS = 500;
    public static final long DEFAULT_RETRY_MAX_DELAY_MILLIS = 30_000;
    public static final int DEFAULT_MAX_REDIRECTS = 5;
    public static final int DEFAULT_MAX_CONNECTIONS = 20;
    public static final String DEFAULT_USER_AGENT = "camel-resourcesync";
    public static final long DEFAULT_MAX_DOCUMENT_SIZE = 256L * 1024 * 1024;
    public static final long DEFAULT_MAX_CONTENT_SIZE = 0;
    public static final int DEFAULT_SPOOL_THRESHOLD = 256 * 1024;
    public static final String DEFAULT_HTTP_VERSION = "auto";
    /**
     * Requests in flight to one host (scheme, host, port) from all endpoints of a component; 0: no limit beyond each
     * route's fetch lanes and pool. 100 lets a Source 50 ms away answer 100 / 0.05 s = 2,000 requests a second over
     * HTTP/2 (one route's default lanes there), under nginx's 128 streams per connection (docs/far-sources.md). A document holds its place only until it
     * answers, so the entries it lists can always get places while it is read.
     */
    public static final int DEFAULT_MAX_REQUESTS_PER_HOST = 100;
    /** Connections to one host; as many as {@link #DEFAULT_MAX_CONNECTIONS}, as before the per-host option. */
    public static final int DEFAULT_MAX_CONNECTIONS_PER_HOST = DEFAULT_MAX_CONNECTIONS;

    private Duration connectTimeout = Duration.ofMillis(DEFAULT_CONNECT_TIMEOUT_MILLIS);
    private Duration readTimeout = Duration.ofMillis(DEFAULT_READ_TIMEOUT_MILLIS);
    private Duration requestTimeout = Duration.ofMillis(DEFAULT_REQUEST_TIMEOUT_MILLIS);
    private int maxRetries = DEFAULT_MAX_RETRIES;
    private Duration retryInitialDelay = Duration.ofMillis(DEFAULT_RETRY_DELAY_MILLIS);
    private Duration retryMaxDelay = Duration.ofMillis(DEFAULT_RETRY_MAX_DELAY_MILLIS);
    private int maxRedirects = DEFAULT_MAX_REDIRECTS;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private String userAgent = DEFAULT_USER_AGENT;
    private String username;
    private String password;
    private String bearerToken;
    private SSLContext sslContext;
    private String proxyHost;
    private int proxyPort;
    private long maxDocumentSize = DEFAULT_MAX_DOCUMENT_SIZE;
    private long maxContentSize = DEFAULT_MAX_CONTENT_SIZE;
    private int spoolThreshold = DEFAULT_SPOOL_THRESHOLD;
    private Path spoolDirectory;
    private HttpProtocol httpVersion = HttpProtocol.parse(DEFAULT_HTTP_VERSION);
    private int maxRequestsPerHost = DEFAULT_MAX_REQUESTS_PER_HOST;
    private int maxConnectionsPerHost = DEFAULT_MAX_CONNECTIONS_PER_HOST;
    private FetchListener listener = FetchListener.NONE;
    private AllowedHosts allowedHosts = AllowedHosts.NONE;

    public FetcherConfig copy() {
        FetcherConfig c = new FetcherConfig();
        c.connectTimeout = connectTimeout;
        c.readTimeout = readTimeout;
        c.requestTimeout = requestTimeout;
        c.maxRetries = maxRetries;
        c.retryInitialDelay = retryInitialDelay;
        c.retryMaxDelay = retryMaxDelay;
        c.maxRedirects = maxRedirects;
        c.maxConnections = maxConnections;
        c.userAgent = userAgent;
        c.username = username;
        c.password = password;
        c.bearerToken = bearerToken;
        c.sslContext = sslContext;
        c.proxyHost = proxyHost;
        c.proxyPort = proxyPort;
        c.maxDocumentSize = maxDocumentSize;
        c.maxContentSize = maxContentSize;
        c.spoolThreshold = spoolThreshold;
        c.spoolDirectory = spoolDirectory;
        c.httpVersion = httpVersion;
        c.maxRequestsPerHost = maxRequestsPerHost;
        c.maxConnectionsPerHost = maxConnectionsPerHost;
        c.listener = listener;
        c.allowedHosts = allowedHosts;
        return c;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** How long to wait for a TCP connection. */
    public FetcherConfig connectTimeout(Duration v) {
        this.connectTimeout = Objects.requireNonNull(v);
        return this;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    /** How long a read may wait for data (socket timeout), per read, not per response. */
    public FetcherConfig readTimeout(Duration v) {
        this.readTimeout = Objects.requireNonNull(v);
        return this;
    }

    public Duration requestTimeout() {
        return requestTimeout;
    }

    /**
     * The deadline of one request as a whole (connecting, headers and the whole body), so a server that trickles
     * bytes just under {@link #readTimeout()} cannot hold a fetch for ever; zero or negative for none.
     */
    public FetcherConfig requestTimeout(Duration v) {
        this.requestTimeout = Objects.requireNonNull(v);
        return this;
    }

    /**
     * The longest one fetch can legitimately take: every attempt within its deadline (or, without one, an hour) plus
     * the longest backoffs between them, plus as long again for time queued behind other fetches.
     */
    public Duration longestFetch() {
        Duration attempt = requestTimeout.isZero() || requestTimeout.isNegative() ? Duration.ofHours(1)
                : requestTimeout.plus(connectTimeout);
        int attempts = Math.max(0, maxRetries) + 1;
        return attempt.multipliedBy(attempts).plus(retryMaxDelay.multipliedBy(attempts - 1L)).multipliedBy(2);
    }

    public int maxRetries() {
        return maxRetries;
    }

    /** Retries after the first attempt on connection errors, 5xx and 429; 0 disables retrying. */
    public FetcherConfig maxRetries(int v) {
        this.maxRetries = v;
        return this;
    }

    public Duration retryInitialDelay() {
        return retryInitialDelay;
    }

    /** First backoff delay; doubled on each retry, with full jitter, capped by {@link #retryMaxDelay()}. */
    public FetcherConfig retryInitialDelay(Duration v) {
        this.retryInitialDelay = Objects.requireNonNull(v);
        return this;
    }

    public Duration retryMaxDelay() {
        return retryMaxDelay;
    }

    /** Upper bound of one backoff delay, also of an honoured {@code Retry-After}. */
    public FetcherConfig retryMaxDelay(Duration v) {
        this.retryMaxDelay = Objects.requireNonNull(v);
        return this;
    }

    public int maxRedirects() {
        return maxRedirects;
    }

    /** Redirects followed per request; 0 disables following. */
    public FetcherConfig maxRedirects(int v) {
        this.maxRedirects = v;
        return this;
    }

    public int maxConnections() {
        return maxConnections;
    }

    /** Pooled connections in total; to one host at most {@link #maxConnectionsPerHost()}. */
    public FetcherConfig maxConnections(int v) {
        this.maxConnections = v;
        return this;
    }

    public String userAgent() {
        return userAgent;
    }

    public FetcherConfig userAgent(String v) {
        this.userAgent = v;
        return this;
    }

    public String username() {
        return username;
    }

    /** Basic authentication user; sent to the Source's hosts only. */
    public FetcherConfig username(String v) {
        this.username = v;
        return this;
    }

    public String password() {
        return password;
    }

    public FetcherConfig password(String v) {
        this.password = v;
        return this;
    }

    public String bearerToken() {
        return bearerToken;
    }

    /** Sent as {@code Authorization: Bearer ...}; takes precedence over Basic. */
    public FetcherConfig bearerToken(String v) {
        this.bearerToken = v;
        return this;
    }

    public SSLContext sslContext() {
        return sslContext;
    }

    /** TLS settings; {@code null} uses the JVM default. */
    public FetcherConfig sslContext(SSLContext v) {
        this.sslContext = v;
        return this;
    }

    public String proxyHost() {
        return proxyHost;
    }

    public FetcherConfig proxyHost(String v) {
        this.proxyHost = v;
        return this;
    }

    public int proxyPort() {
        return proxyPort;
    }

    public FetcherConfig proxyPort(int v) {
        this.proxyPort = v;
        return this;
    }

    public long maxDocumentSize() {
        return maxDocumentSize;
    }

    /** Largest capability document accepted, in bytes after decompression; {@code <= 0} for no limit. */
    public FetcherConfig maxDocumentSize(long v) {
        this.maxDocumentSize = v;
        return this;
    }

    public long maxContentSize() {
        return maxContentSize;
    }

    /** Largest resource body accepted, in bytes; {@code <= 0} for no limit. */
    public FetcherConfig maxContentSize(long v) {
        this.maxContentSize = v;
        return this;
    }

    public int spoolThreshold() {
        return spoolThreshold;
    }

    /** Resource bodies up to this many bytes stay in memory; larger ones are spooled to a temporary file. */
    public FetcherConfig spoolThreshold(int v) {
        this.spoolThreshold = v;
        return this;
    }

    public Path spoolDirectory() {
        return spoolDirectory;
    }

    /** Where spooled bodies go; {@code null} for {@code java.io.tmpdir}. */
    public FetcherConfig spoolDirectory(Path v) {
        this.spoolDirectory = v;
        return this;
    }

    public HttpProtocol httpVersion() {
        return httpVersion;
    }

    /** HTTP/2 when the server offers it over TLS ({@code auto}), never ({@code 1.1}) or always ({@code 2}). */
    public FetcherConfig httpVersion(HttpProtocol v) {
        this.httpVersion = Objects.requireNonNull(v);
        return this;
    }

    public int maxRequestsPerHost() {
        return maxRequestsPerHost;
    }

    /**
     * Requests in flight to one host (scheme, host and port) from every fetcher of a {@link FetchEngine}, whatever
     * route they serve; {@code <= 0} for no limit.
     */
    public FetcherConfig maxRequestsPerHost(int v) {
        this.maxRequestsPerHost = v;
        return this;
    }

    public int maxConnectionsPerHost() {
        return maxConnectionsPerHost;
    }

    /** Pooled connections to one host; at most {@link #maxConnections()}. */
    public FetcherConfig maxConnectionsPerHost(int v) {
        this.maxConnectionsPerHost = v;
        return this;
    }

    public FetchListener listener() {
        return listener;
    }

    public FetcherConfig listener(FetchListener v) {
        this.listener = v == null ? FetchListener.NONE : v;
        return this;
    }

    public AllowedHosts allowedHosts() {
        return allowedHosts;
    }

    /**
     * Schemes and hosts that may be fetched from, checked on every URL and every redirect hop. Default
     * {@link AllowedHosts#NONE}: a fetcher nobody gave a policy fetches nothing; endpoints build theirs from the URL
     * their user configured.
     */
    public FetcherConfig allowedHosts(AllowedHosts v) {
        this.allowedHosts = v == null ? AllowedHosts.NONE : v;
        return this;
    }
}
