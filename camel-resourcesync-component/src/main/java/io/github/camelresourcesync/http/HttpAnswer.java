package io.github.camelresourcesync.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The answer to a request sent with {@link HttpFetcher#send}: its status, where it came from after redirects (without
 * credentials), its headers and its body up to the limit the caller gave.
 *
 * @param headers  header name (any case) to values
 * @param complete {@code false} when the body was longer than the limit and cut off
 */
public record HttpAnswer(int status, URI uri, Map<String, List<String>> headers, byte[] body, boolean complete) {

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    /** The values of header {@code name}, in order; empty when absent. */
    public List<String> headers(String name) {
        return headers.getOrDefault(name, List.of());
    }

    /** The first value of header {@code name}, or {@code null}. */
    public String header(String name) {
        List<String> values = headers(name);
        return values.isEmpty() ? null : values.get(0);
    }

    /** The body as UTF-8 text, "..." appended when it was cut off. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8) + (complete ? "" : "...");
    }
}
