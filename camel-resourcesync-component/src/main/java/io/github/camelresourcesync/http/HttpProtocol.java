package io.github.camelresourcesync.http;

import java.util.Locale;

/**
 * Which HTTP version a fetcher speaks ({@link FetcherConfig#httpVersion()}): {@code auto} negotiates HTTP/2 by ALPN
 * over TLS and keeps HTTP/1.1 keep-alive for servers that do not offer it and for cleartext {@code http://};
 * {@code 1.1} never tries HTTP/2; {@code 2} also speaks HTTP/2 over cleartext (prior knowledge, for servers known to
 * take it).
 */
public enum HttpProtocol {

    AUTO("auto"), HTTP_1_1("1.1"), HTTP_2("2");

    private final String option;

    HttpProtocol(String option) {
        this.option = option;
    }

    /** The option's value, as users write it. */
    public String option() {
        return option;
    }

    /** {@code auto}, {@code 1.1} or {@code 2} (also {@code http/1.1}, {@code h2}, {@code 2.0}), any case. */
    public static HttpProtocol parse(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "", "auto" -> AUTO;
            case "1.1", "http/1.1", "1" -> HTTP_1_1;
            case "2", "2.0", "h2", "http/2" -> HTTP_2;
            default -> throw new IllegalArgumentException("httpVersion: '" + value
                    + "' is not one of auto, 1.1, 2");
        };
    }
}
