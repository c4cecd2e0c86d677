package io.github.camelresourcesync.component.telemetry;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.http.UrlRedaction;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.telemetry.Span;
import org.apache.camel.telemetry.TagConstants;
import org.apache.camel.telemetry.decorators.AbstractSpanDecorator;
import org.apache.camel.util.URISupport;

/**
 * The span of an exchange at one of the project's endpoints: named after the scheme and the change
 * ({@code resourcesync updated}), with the sync event's location, change, capability, Source document and Source as
 * attributes ({@code resourcesync.*}). URLs in attributes carry no credentials: the endpoint URI and every URL are
 * redacted ({@link UrlRedaction}), unlike Camel's default decorator, which puts the raw endpoint path into
 * {@code url.path}.
 */
public abstract class SyncSpanDecorator extends AbstractSpanDecorator {

    public static final String LOCATION = "resourcesync.location";
    public static final String CHANGE = "resourcesync.change";
    public static final String CAPABILITY = "resourcesync.capability";
    public static final String SOURCE_DOCUMENT = "resourcesync.source_document";
    public static final String SOURCE = "resourcesync.source";
    public static final String CAMEL_URI = "camel.uri";

    private final String scheme;
    private final String componentClassName;

    protected SyncSpanDecorator(String scheme, String componentClassName) {
        this.scheme = scheme;
        this.componentClassName = componentClassName;
    }

    @Override
    public String getComponent() {
        return scheme;
    }

    @Override
    public String getComponentClassName() {
        return componentClassName;
    }

    /** {@code resourcesync updated}: the scheme and, on an event's exchange, its change (few distinct names). */
    @Override
    public String getOperationName(Exchange exchange, Endpoint endpoint) {
        String change = exchange.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class);
        return change == null || change.isBlank() ? scheme : scheme + " " + change;
    }

    @Override
    public void beforeTracingEvent(Span span, Exchange exchange, Endpoint endpoint) {
        span.setComponent("camel-" + scheme);
        span.setTag(TagConstants.URL_SCHEME, scheme);
        span.setTag(TagConstants.EXCHANGE_ID, exchange.getExchangeId());
        span.setTag(CAMEL_URI, safeEndpointUri(endpoint));
        if (endpoint instanceof EndpointServiceLocation location && location.getServiceUrl() != null) {
            span.setTag(TagConstants.SERVER_ADDRESS, UrlRedaction.redact(location.getServiceUrl()));
        }
        url(span, LOCATION, exchange, ResourceSyncConstants.LOCATION);
        text(span, CHANGE, exchange, ResourceSyncConstants.CHANGE);
        text(span, CAPABILITY, exchange, ResourceSyncConstants.CAPABILITY);
        url(span, SOURCE_DOCUMENT, exchange, ResourceSyncConstants.SOURCE_DOCUMENT);
        url(span, SOURCE, exchange, ResourceSyncConstants.SOURCE);
    }

    /**
     * The endpoint URI without credentials: a consumer's is its scheme and its Source without user-info or secret
     * query parameters (its service URL, options left out); another's is the URI with Camel's secret options masked.
     */
    static String safeEndpointUri(Endpoint endpoint) {
        if (endpoint instanceof EndpointServiceLocation location && location.getServiceUrl() != null) {
            String uri = endpoint.getEndpointUri();
            return uri.substring(0, uri.indexOf(':') + 1) + UrlRedaction.redact(location.getServiceUrl());
        }
        return URISupport.sanitizeUri(endpoint.getEndpointUri());
    }

    private static void text(Span span, String attribute, Exchange exchange, String header) {
        String value = exchange.getIn().getHeader(header, String.class);
        if (value != null) {
            span.setTag(attribute, value);
        }
    }

    private static void url(Span span, String attribute, Exchange exchange, String header) {
        String value = exchange.getIn().getHeader(header, String.class);
        if (value != null) {
            span.setTag(attribute, UrlRedaction.redact(value));
        }
    }
}
