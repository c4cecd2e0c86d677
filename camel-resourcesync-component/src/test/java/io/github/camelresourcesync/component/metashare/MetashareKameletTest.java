package io.github.camelresourcesync.component.metashare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code metashare-source} Kamelet shipped in the jar, used in one step from Java and from YAML. */
class MetashareKameletTest {

    static final String PASSWORD = "pw-kamelet!secret";

    @TempDir
    Path dir;

    private static String xml(String name) {
        return "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo><resourceName>" + name
               + "</resourceName></resourceInfo>";
    }

    private CamelContext javaRoute(MetashareNode node, Path mirror, Path state, List<String> seen) throws Exception {
        CamelContext context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("kamelet:metashare-source?nodeUrl=" + node.baseUri() + "&username=harvester&password="
                     + PASSWORD + "&period=200&stateDirectory=" + state)
                        .process(e -> seen.add(e.getIn().getHeader(MetashareConstants.IDENTIFIER, String.class)))
                        .to("resourcesync-mirror:" + mirror);
            }
        });
        context.start();
        return context;
    }

    @Test
    void javaRouteMirrorsAndResumesFromItsStateDirectory() throws Exception {
        Path mirror = dir.resolve("mirror");
        Path state = dir.resolve("state");
        List<String> seen = new CopyOnWriteArrayList<>();
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD)) {
            String a = node.add(xml("a"));
            String b = node.add(xml("b"));
            CamelContext context = javaRoute(node, mirror, state, seen);
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 2);
                assertArrayEquals(node.servedXml(a), Files.readAllBytes(mirror.resolve(a + ".xml")));
            } finally {
                context.stop();
            }
            assertTrue(Files.exists(state.resolve(MetashareComponent.STATE_FILE)));

            // a restart resumes: only the record changed meanwhile comes again
            node.update(b, xml("b, revised"));
            seen.clear();
            context = javaRoute(node, mirror, state, seen);
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> !seen.isEmpty());
                Polls.awaitQuiet(context);
                assertEquals(List.of(b), seen);
            } finally {
                context.stop();
            }
        }
    }

    @Test
    void yamlRouteOnACronSchedule() throws Exception {
        Path mirror = dir.resolve("mirror");
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD)) {
            String a = node.add(xml("a"));
            String yaml = """
                    - route:
                        from:
                          uri: kamelet:metashare-source
                          parameters:
                            nodeUrl: "%s"
                            username: harvester
                            password: "%s"
                            cron: "0/1 * * * * ?"
                            stateDirectory: "%s"
                          steps:
                            - to: "resourcesync-mirror:%s"
                    """.formatted(node.baseUri(), PASSWORD, dir.resolve("state"), mirror);
            CamelContext context = new DefaultCamelContext();
            PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("metashare.yaml", yaml));
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(mirror.resolve(a + ".xml")));
            } finally {
                context.stop();
            }
        }
    }
}
