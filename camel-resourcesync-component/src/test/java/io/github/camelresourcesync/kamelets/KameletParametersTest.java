package io.github.camelresourcesync.kamelets;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.camelresourcesync.ResourceSyncEndpoint;
import io.github.camelresourcesync.component.mirror.MirrorEndpoint;
import io.github.camelresourcesync.component.publish.PublishEndpoint;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A Kamelet property means what the wrapped endpoint's option means: the same YAML written once with the Kamelet and
 * once with the endpoint directly leaves the endpoint with the same values, for values with user-info, {@code +}
 * written literally (and percent-encoded in the sinks' directories), and characters that mean something in a URI
 * query.
 */
class KameletParametersTest {

    /**
     * Not among them: a {@code &} (in the YAML parameters map it splits the value on the endpoint itself), and a
     * percent-escape in a non-secret option other than {@code mediaTypes} ({@code stateId=p%2Bss}):
     * the endpoint decodes it, a Kamelet hands it on undecoded (docs/kamelets.md, "How values are written").
     */
    private static final List<String> VALUES = List.of("p+ss", "p@ss:w0rd", "p ss", "p=ss");

    private static <E extends Endpoint> String values(String yaml, Class<E> type, Function<E, String> read)
            throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("p.yaml", yaml));
            context.start();
            List<String> found = new ArrayList<>();
            for (Endpoint e : context.getEndpoints()) {
                if (type.isInstance(e)) {
                    found.add(read.apply(type.cast(e)));
                }
            }
            assertEquals(1, found.size(), yaml);
            return found.get(0);
        }
    }

    @Test
    void resourcesyncSource() throws Exception {
        String url = "http://harvester:s%40cret@127.0.0.1:9/base/";
        for (String v : VALUES) {
            String direct = values("""
                    - route:
                        from:
                          uri: "resourcesync:%s"
                          parameters: { password: "%s", username: u, stateId: "%s", initialDelay: 600000 }
                          steps: [ { to: "log:x" } ]
                    """.formatted(url, v, v), ResourceSyncEndpoint.class, KameletParametersTest::source);
            String kamelet = values("""
                    - route:
                        from:
                          uri: kamelet:resourcesync-source
                          parameters: { sourceUrl: "%s", password: "%s", username: u, stateId: "%s", period: 600000 }
                          steps: [ { to: "log:x" } ]
                    """.formatted(url, v, v), ResourceSyncEndpoint.class, KameletParametersTest::source);
            assertEquals(direct, kamelet, v);
        }
    }

    private static String source(ResourceSyncEndpoint e) {
        return e.getSourceUrl() + " " + e.getHttpConfiguration().getUsername() + " "
               + e.getHttpConfiguration().getPassword() + " " + e.getStateId();
    }

    @Test
    void mirrorAndPublishSinks() throws Exception {
        for (String v : List.of("dir+a", "dir%2Ba")) {
            String direct = values("""
                    - route:
                        from: { uri: "direct:in", steps: [ { to: "resourcesync-mirror:target/kp/%s" } ] }
                    """.formatted(v), MirrorEndpoint.class, MirrorEndpoint::getDirectory);
            String kamelet = values("""
                    - route:
                        from:
                          uri: "direct:in"
                          steps: [ { to: { uri: kamelet:resourcesync-mirror-sink, parameters: { directory: "target/kp/%s" } } } ]
                    """.formatted(v), MirrorEndpoint.class, MirrorEndpoint::getDirectory);
            assertEquals(direct, kamelet, v);

            String base = "http://example.org/rs/"; // user-info or a query: the publisher refuses them, directly too
            String publishDirect = values("""
                    - route:
                        from: { uri: "direct:in", steps: [ { to: { uri: "resourcesync-publish:target/kp/%s", parameters: { baseUrl: "%s" } } } ] }
                    """.formatted(v, base), PublishEndpoint.class, e -> e.getDirectory() + " " + e.getBaseUrl());
            String publishKamelet = values("""
                    - route:
                        from:
                          uri: "direct:in"
                          steps: [ { to: { uri: kamelet:resourcesync-publish-sink, parameters: { directory: "target/kp/%s", baseUrl: "%s" } } } ]
                    """.formatted(v, base), PublishEndpoint.class, e -> e.getDirectory() + " " + e.getBaseUrl());
            assertEquals(publishDirect, publishKamelet, v);
        }
    }
}
