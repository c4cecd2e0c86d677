package io.github.camelresourcesync.cluster;

import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.ClusteredQuartz;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.ServiceStatus;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.quartz.QuartzComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.quartz.JobPersistenceException;
import org.quartz.TriggerKey;
import org.quartz.impl.jdbcjobstore.JobStoreTX;
import org.quartz.spi.OperableTrigger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Nodes starting one route together on a clustered JobStore race to store its trigger: camel-quartz reads the
 * trigger, finds none and stores one, which fails when another node stored it in between, and with camel-quartz's own
 * scheduler the route (the node) failed to start. The consumer's scheduler joins the other node's trigger instead and
 * the route polls. The race is made exactly, in one JVM: a JobStore that answers the start's first read as if the
 * other node had not written yet, while the trigger is in the tables (left there by the route's first start, as
 * another node's would be).
 */
class QuartzTriggerRaceTest {

    /** Quartz's JDBC JobStore, hiding the trigger from one read when armed. */
    public static class LateTriggerStore extends JobStoreTX {
        static final AtomicBoolean HIDE_NEXT_READ = new AtomicBoolean();

        @Override
        public OperableTrigger retrieveTrigger(TriggerKey key) throws JobPersistenceException {
            return HIDE_NEXT_READ.getAndSet(false) ? null : super.retrieveTrigger(key);
        }
    }

    @Test
    void aTriggerStoredByAnotherNodeBetweenTheReadAndTheWriteIsJoined() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        QuartzTables.create(url, prefix);
        Properties clustered = ClusteredQuartz.postgres(url, prefix, 2, 1000);
        clustered.setProperty("org.quartz.scheduler.instanceName", "race-" + prefix);
        clustered.setProperty("org.quartz.jobStore.class", LateTriggerStore.class.getName());
        AtomicInteger events = new AtomicInteger();
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            CamelContext context = new DefaultCamelContext();
            context.getComponent("quartz", QuartzComponent.class).setProperties(clustered);
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&scheduler=quartz"
                         + "&scheduler.cron=0/1+*+*+*+*+?&scheduler.triggerId=raced&scheduler.triggerGroup=sources")
                            .routeId("raced").process(e -> events.incrementAndGet());
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 1);
                context.getRouteController().stopRoute("raced");
                QuartzComponent quartz = context.getComponent("quartz", QuartzComponent.class);
                assertNotNull(quartz.getScheduler().getTrigger(TriggerKey.triggerKey("raced", "sources")),
                        "a clustered JobStore keeps the trigger when the route stops");

                LateTriggerStore.HIDE_NEXT_READ.set(true);
                context.getRouteController().startRoute("raced");
                assertFalse(LateTriggerStore.HIDE_NEXT_READ.get(), "the start read the trigger");
                assertEquals(ServiceStatus.Started, context.getRouteController().getRouteStatus("raced"));
                source.change("/res/b.txt", "bravo");
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 2);
            } finally {
                context.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }
}
