package io.github.camelresourcesync;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The endpoint chooses its consumer by mode (a sync consumer, or the audit consumer for {@code mode=audit}), and the
 * MBean of either carries every attribute of {@link ManagedSyncStatistics} under its documented name, beside Camel's
 * own scheduled-poll attributes.
 */
class ManagedSyncStatisticsTest {

    /** The attribute names operators and docs/operations.md know. */
    private static final List<String> ATTRIBUTES = List.of("ResumePoints", "LastPollStarted", "LastPollDurationMillis",
            "LastPollEvents", "LastPollError", "LastEventError", "Polls", "FailedPolls", "CreatedEvents",
            "UpdatedEvents", "DeletedEvents", "BytesDelivered", "FailedEvents", "GivenUpEvents", "PendingRetries",
            "FixityFailures", "RefusedLinks", "Retries", "LagSeconds");

    private CamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
    }

    @Test
    void eachModeHasItsConsumerAndEveryConsumerMBeanTheSyncAttributes() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    String idle = "stateStore=#store&initialDelay=3600000&delay=3600000";
                    from("resourcesync:" + source.base() + "?stateId=sync&" + idle).routeId("sync").to("mock:sync");
                    from("resourcesync:" + source.base() + "?mode=audit&stateId=audit&" + idle).routeId("audit")
                            .to("mock:audit");
                }
            });
            context.start();

            assertInstanceOf(ResourceSyncConsumer.class, context.getRoute("sync").getConsumer());
            assertInstanceOf(ResourceSyncAuditConsumer.class, context.getRoute("audit").getConsumer());
            assertFalse(context.getRoute("sync").getConsumer() instanceof ResourceSyncAuditConsumer);

            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Set<ObjectName> names = server.queryNames(new ObjectName("org.apache.camel:context=" + context.getName()
                                                                     + ",type=consumers,*"), null);
            Map<String, Set<String>> attributes = new HashMap<>();
            for (ObjectName name : names) {
                String kind = name.getKeyProperty("name").replaceAll("\\(.*", "");
                attributes.put(kind, Arrays.stream(server.getMBeanInfo(name).getAttributes())
                        .map(MBeanAttributeInfo::getName).collect(Collectors.toSet()));
            }
            assertEquals(Set.of("ResourceSyncConsumer", "ResourceSyncAuditConsumer"), attributes.keySet());
            attributes.forEach((kind, found) -> {
                assertTrue(found.containsAll(ATTRIBUTES), kind + " lacks some of " + ATTRIBUTES + ": " + found);
                assertTrue(found.contains("Delay"), kind + ": Camel's own attributes are still there");
            });
            ObjectName sync = names.stream().filter(n -> n.getKeyProperty("name").startsWith("ResourceSyncConsumer("))
                    .findFirst().orElseThrow();
            assertEquals(0L, server.getAttribute(sync, "Polls"));
            assertEquals("", server.getAttribute(sync, "LastPollStarted"));
            assertEquals(-1L, server.getAttribute(sync, "LastPollDurationMillis"));
            assertEquals(-1L, server.getAttribute(sync, "LagSeconds"));
        }
    }
}
