package io.github.camelresourcesync.component.telemetry;

import java.net.URI;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.http.UrlRedaction;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.telemetry.Span;
import org.apache.camel.telemetry.SpanContextPropagationExtractor;
import org.apache.camel.telemetry.SpanLifecycleManager;
import org.apache.camel.telemetry.TagConstants;
import org.apache.camel.telemetry.Tracer;
import org.apache.camel.telemetry.propagation.CamelHeadersSpanContextPropagationInjector;

/**
 * {@link PollTracer} over camel-telemetry's {@link Tracer}: spans made by its {@link SpanLifecycleManager}, so they
 * go wherever the application's tracer sends the route's spans. Fetch spans carry the attributes of OpenTelemetry's
 * HTTP client conventions ({@code http.request.method}, {@code url.full} without credentials,
 * {@code server.address}, {@code server.port}, {@code http.response.status_code}, {@code error.type}).
 */
public final class TelemetryPollTracer implements PollTracer {

    static final String POLL_EVENTS = "resourcesync.poll.events";

    /** A fetch or a poll has no upstream context to extract. */
    private static final SpanContextPropagationExtractor NO_CONTEXT = new SpanContextPropagationExtractor() {
        @Override
        public Object get(String key) {
            return null;
        }

        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public Iterator<Map.Entry<String, Object>> iterator() {
            return Collections.emptyIterator();
        }
    };

    private final Tracer tracer;
    private final String scheme;
    private final String sourceUrl;
    /** The poll in progress: the parent of the fetches, which run on the fetch pool's threads too. */
    private volatile Span currentPoll;

    private TelemetryPollTracer(Tracer tracer, String scheme, String sourceUrl) {
        this.tracer = tracer;
        this.scheme = scheme;
        this.sourceUrl = sourceUrl;
    }

    /**
     * camel-telemetry's tracer for a consumer of {@code endpoint}, or {@link PollTracer#NONE} when the context has
     * none or it excludes the endpoint. Only called when camel-telemetry is on the class path.
     */
    public static PollTracer create(Endpoint endpoint, String sourceUrl) {
        CamelContext context = endpoint.getCamelContext();
        Tracer tracer = context.hasService(Tracer.class);
        if (tracer == null || tracer.exclude(endpoint.getEndpointUri(), context)) {
            return PollTracer.NONE;
        }
        String scheme = endpoint.getEndpointUri().substring(0, endpoint.getEndpointUri().indexOf(':'));
        return new TelemetryPollTracer(tracer, scheme, UrlRedaction.redact(sourceUrl));
    }

    private SpanLifecycleManager spans() {
        // set when the tracer starts, which is before any route's consumer polls
        return tracer.getSpanLifecycleManager();
    }

    @Override
    public Poll pollStarted() {
        SpanLifecycleManager spans = spans();
        if (spans == null) {
            return Poll.NONE;
        }
        Span span = spans.create(scheme + " poll", null, NO_CONTEXT);
        span.setComponent("camel-" + scheme);
        span.setTag(SyncSpanDecorator.SOURCE, sourceUrl);
        span.setTag(TagConstants.URL_SCHEME, scheme);
        spans.activate(span);
        currentPoll = span;
        return new Poll() {
            @Override
            public void inject(Exchange exchange) {
                spans.inject(span, new CamelHeadersSpanContextPropagationInjector(exchange.getIn().getHeaders()),
                        false);
            }

            @Override
            public void ended(int events, Exception failure) {
                currentPoll = null;
                span.setTag(POLL_EVENTS, Integer.toString(events));
                if (failure != null) {
                    failed(span, failure.getClass().getName(), failure.getMessage());
                }
                spans.deactivate(span);
                spans.close(span);
            }
        };
    }

    @Override
    public Request requesting(String method, URI uri) {
        SpanLifecycleManager spans = spans();
        if (spans == null) {
            return Request.NONE;
        }
        Span span = spans.create(method, currentPoll, NO_CONTEXT);
        span.setComponent("camel-" + scheme);
        span.setTag("http.request.method", method);
        span.setTag("url.full", UrlRedaction.redact(uri));
        span.setTag(TagConstants.URL_SCHEME, uri.getScheme());
        if (uri.getHost() != null) {
            span.setTag(TagConstants.SERVER_ADDRESS, uri.getHost());
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        span.setTag("server.port", Integer.toString(port));
        return (status, finalUri, failure) -> {
            if (status > 0) {
                span.setTag("http.response.status_code", Integer.toString(status));
                if (!finalUri.equals(uri)) {
                    span.setTag("resourcesync.redirected_to", UrlRedaction.redact(finalUri));
                }
            }
            if (failure != null) {
                failed(span, "fetch", failure);
            } else if (status >= 400) {
                failed(span, Integer.toString(status), null);
            }
            spans.deactivate(span);
            spans.close(span);
        };
    }

    private static void failed(Span span, String type, String message) {
        span.setError(true);
        span.setTag("error.type", type);
        if (message != null) {
            span.log(Map.of("event", "error", "message", message));
        }
    }
}
