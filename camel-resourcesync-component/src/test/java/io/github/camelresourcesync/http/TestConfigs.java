package io.github.camelresourcesync.http;

import java.time.Duration;

/** Fetcher settings that keep tests fast: millisecond backoff, short timeouts. */
final class TestConfigs {

    private TestConfigs() {
    }

    static FetcherConfig fast() {
        return new FetcherConfig().allowedHosts(AllowedHosts.ANY)
                .connectTimeout(Duration.ofSeconds(2))
                .readTimeout(Duration.ofSeconds(5))
                .retryInitialDelay(Duration.ofMillis(5))
                .retryMaxDelay(Duration.ofMillis(50))
                .maxRetries(3);
    }
}
