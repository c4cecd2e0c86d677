package io.github.camelresourcesync.component.publish;

import org.apache.camel.Endpoint;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.http.base.HttpHeaderFilterStrategy;
import org.apache.camel.spi.HeaderFilterStrategyAware;

/**
 * Serves a published Source directory over HTTP with Camel's {@code platform-http} (add
 * {@code camel-platform-http-main} or {@code camel-platform-http-vertx} to the application):
 *
 * <pre>{@code
 * context.addRoutes(new PublishedSourceRoutes("/var/www/rs", "/rs"));
 * from("...").to("resourcesync-publish:/var/www/rs?baseUrl=http://host:8080/rs/");
 * }</pre>
 *
 * See {@link PublishedFileProcessor} for what it answers.
 */
public class PublishedSourceRoutes extends RouteBuilder {

    private final String directory;
    private final String contextPath;

    /**
     * @param directory   the publisher's {@code directory}
     * @param contextPath the HTTP path to serve it under, e.g. {@code /rs}; the publisher's {@code baseUrl} must end
     *                    with it
     */
    public PublishedSourceRoutes(String directory, String contextPath) {
        this.directory = directory;
        this.contextPath = contextPath == null || contextPath.isBlank() || contextPath.equals("/") ? ""
                : (contextPath.startsWith("/") ? contextPath : "/" + contextPath).replaceAll("/+$", "");
    }

    @Override
    public void configure() {
        Endpoint http = endpoint("platform-http:" + (contextPath.isEmpty() ? "/" : contextPath)
                                 + "?matchOnUriPrefix=true");
        if (http instanceof HeaderFilterStrategyAware aware) {
            aware.setHeaderFilterStrategy(new ServedHeaders());
        }
        from(http)
                .routeId("resourcesync-serve" + contextPath.replace('/', '-'))
                .process(new PublishedFileProcessor(directory, contextPath.isEmpty() ? "/" : contextPath));
    }

    /**
     * Camel's HTTP filter, but the {@code Content-Length} {@link PublishedFileProcessor} gives a {@code HEAD} answer
     * goes out: the only way to tell a file's size without sending it (a {@code GET} streams chunked). For routes
     * declared elsewhere (YAML): {@code headerFilterStrategy=#class:io.github.camelresourcesync.component.publish.PublishedSourceRoutes$ServedHeaders}.
     */
    public static final class ServedHeaders extends HttpHeaderFilterStrategy {

        public ServedHeaders() {
            getOutFilter().remove("content-length");
        }
    }
}
