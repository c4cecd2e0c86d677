package io.github.camelresourcesync.component.mirror;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PropertyBindingSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a mirror's options come from: the component's ({@code camel.component.resourcesync-mirror.*}) are the defaults
 * of every mirror, an endpoint's own option overrides them for that endpoint only, and an option given with an empty
 * value ({@code ?layout=}, as a Kamelet writes an unset one) is an option not given.
 */
class MirrorComponentOptionsTest {

    private static final Instant LASTMOD = Instant.parse("2024-03-01T12:00:00Z");
    /** The same event in both layouts: urlPath puts it at the location's path, collisionFree at the file name. */
    private static final Map<String, Object> EVENT = Map.of(
            ResourceSyncConstants.LOCATION, "http://origin.example/records/123",
            ResourceSyncConstants.FILE_NAME, "origin.example/records/123@",
            ResourceSyncConstants.CHANGE, "created",
            ResourceSyncConstants.LAST_MODIFIED, LASTMOD);

    @TempDir
    Path tmp;

    private static void routes(CamelContext context, Map<String, String> mirrors) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                mirrors.forEach((name, uri) -> from("direct:" + name).to(uri));
            }
        });
    }

    @Test
    void componentOptionsAreTheDefaultsOfEveryMirror() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            MirrorComponent component = context.getComponent("resourcesync-mirror", MirrorComponent.class);
            // what camel.component.resourcesync-mirror.layout=urlPath (and keepLastModified=false) does
            Map<String, Object> properties = new HashMap<>(Map.of("layout", "urlPath", "keepLastModified", "false"));
            assertTrue(PropertyBindingSupport.build().withReflection(false)
                    .withConfigurer(component.getComponentPropertyConfigurer())
                    .bind(context, component, properties));
            assertTrue(properties.isEmpty(), "unbound: " + properties);
            assertEquals("urlPath", component.getConfiguration().getLayout(), "the component's layout as bound");
            routes(context, Map.of(
                    "plain", "resourcesync-mirror:" + tmp.resolve("plain"),
                    "own", "resourcesync-mirror:" + tmp.resolve("own") + "?layout=collisionFree",
                    "empty", "resourcesync-mirror:" + tmp.resolve("empty") + "?layout=&keepLastModified="));
            context.start();
            for (String route : new String[] { "plain", "own", "empty" }) {
                context.createProducerTemplate().sendBodyAndHeaders("direct:" + route, "one two three", EVENT);
            }

            Path plain = tmp.resolve("plain/records/123");
            assertEquals("one two three", Files.readString(plain), "layout=urlPath from the component");
            assertTrue(Files.getLastModifiedTime(plain).toInstant().isAfter(LASTMOD),
                    "keepLastModified=false from the component");
            assertEquals("one two three", Files.readString(tmp.resolve("own/origin.example/records/123@")),
                    "the endpoint's own layout=collisionFree overrides the component's");
            assertFalse(Files.exists(tmp.resolve("own/records")), "nothing at the urlPath place");
            Path empty = tmp.resolve("empty/records/123");
            assertEquals("one two three", Files.readString(empty), "an empty layout= keeps the component's urlPath");
            assertTrue(Files.getLastModifiedTime(empty).toInstant().isAfter(LASTMOD),
                    "an empty keepLastModified= keeps the component's false");
            assertEquals("urlPath", component.getConfiguration().getLayout(),
                    "an endpoint's option changes its copy, never the component's");
        }
    }

    @Test
    void emptyOptionValuesKeepTheDefaults() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            routes(context, Map.of("empty", "resourcesync-mirror:" + tmp.resolve("mirror")
                                            + "?layout=&keepLastModified=&pruneEmptyDirectories=&fsync="));
            context.start();
            context.createProducerTemplate().sendBodyAndHeaders("direct:empty", "one two three", EVENT);

            Path file = tmp.resolve("mirror/origin.example/records/123@");
            assertEquals("one two three", Files.readString(file), "the default layout, collisionFree");
            assertEquals(LASTMOD, Files.getLastModifiedTime(file).toInstant(), "keepLastModified defaults to true");
            Map<String, Object> deleted = new HashMap<>(EVENT);
            deleted.put(ResourceSyncConstants.CHANGE, "deleted");
            context.createProducerTemplate().sendBodyAndHeaders("direct:empty", null, deleted);
            assertFalse(Files.exists(tmp.resolve("mirror/origin.example")),
                    "pruneEmptyDirectories defaults to true");
            assertTrue(Files.isDirectory(tmp.resolve("mirror")));
        }
    }
}
