/**
 * Fetching capability documents and resource bodies.
 * <p>
 * {@link io.github.camelresourcesync.http.HttpFetcher} is the entry point: one pooled Apache HttpClient 5 per
 * instance, configured by {@link io.github.camelresourcesync.http.FetcherConfig}. How the work is split:
 * <ul>
 * <li>{@code HttpClientFactory} builds the client: pool, timeouts, TLS, proxy, redirects; HttpClient's own retries
 * are off because {@code Retrier} (with {@code RetryPolicy}, {@code Backoff}, {@code RetryAfter}) is the only retry
 * layer.</li>
 * <li>{@code OriginAuthInterceptor} adds credentials per request hop, only for the origin the caller asked for.</li>
 * <li>Documents stream to the caller through {@code GzipMagic}, {@code BoundedInputStream} and
 * {@code DocumentBodyStream}; resource bodies are read completely into a {@code ContentSink}, which digests them and
 * spools large ones, and come back as a {@link io.github.camelresourcesync.http.SpooledContent}.</li>
 * <li>{@code LocalResources} serves {@code file:} and {@code classpath:} URLs with HTTP-like semantics.</li>
 * <li>{@link io.github.camelresourcesync.http.UrlRedaction} keeps credentials out of every message, log line and
 * listener call.</li>
 * </ul>
 * <p>
 * Layer: core. May import: {@code model}; of Camel, only {@code org.apache.camel.util} (camel-util, which has no
 * Camel runtime: {@code UrlRedaction} masks the query parameters Camel itself treats as secrets).
 */
package io.github.camelresourcesync.http;
