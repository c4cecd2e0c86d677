package io.github.camelresourcesync;

import java.util.Properties;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.quartz.QuartzComponent;
import org.apache.camel.component.quartz.QuartzConstants;
import org.apache.camel.component.quartz.QuartzHelper;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.quartz.CronTrigger;
import org.quartz.Scheduler;
import org.quartz.Trigger;
import org.quartz.TriggerKey;
import org.quartz.impl.StdSchedulerFactory;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Polls scheduled by camel-quartz with a cron expression, as Camel's scheduled polling consumers allow. */
class ResourceSyncQuartzTest {

    @Test
    void cronScheduledPolls() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            AtomicInteger events = new AtomicInteger();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&scheduler=quartz"
                         + "&scheduler.cron=0/1+*+*+*+*+?").process(e -> events.incrementAndGet());
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 1);
                source.change("/res/b.txt", "bravo");
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 2);
                assertEquals(2, events.get());
            } finally {
                context.stop();
            }
        }
    }

    /**
     * The consumer schedules its polls with its own copy of camel-quartz's scheduler (one that survives nodes storing
     * one trigger at once); every {@code scheduler.*} option of camel-quartz reaches Quartz through that copy: the
     * Quartz scheduler given, the trigger's id, group and time zone, the trigger's and the job's parameters
     * ({@code scheduler.trigger.*}, {@code scheduler.job.*}), and {@code deleteJob=false}, which leaves the trigger in
     * the JobStore when the route stops.
     */
    @Test
    void camelQuartzSchedulerOptionsReachQuartz() throws Exception {
        Properties quartz = new Properties();
        quartz.setProperty("org.quartz.scheduler.instanceName", "resourcesync-own");
        quartz.setProperty("org.quartz.threadPool.threadCount", "2");
        quartz.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
        Scheduler own = new StdSchedulerFactory(quartz).getScheduler();
        own.start(); // camel-quartz starts its own scheduler only, one given is the application's to start
        TimeZone zone = TimeZone.getTimeZone("Pacific/Kiritimati"); // UTC+14: the default zone of no test machine
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            AtomicInteger events = new AtomicInteger();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.getRegistry().bind("own", own);
            // camel-quartz's jobs find their CamelContext in their scheduler's context: the component puts it in its
            // own scheduler's, the application in the one it gives
            own.getContext().put(QuartzConstants.QUARTZ_CAMEL_CONTEXT + "-" + QuartzHelper.getQuartzContextName(context),
                    context);
            // the component keeps a scheduler of its own instead of taking the one bean of type Scheduler
            QuartzComponent component = new QuartzComponent();
            component.setAutowiredEnabled(false);
            context.addComponent("quartz", component);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&scheduler=quartz"
                         + "&scheduler.cron=0/1+*+*+*+*+?&scheduler.quartzScheduler=#own"
                         + "&scheduler.triggerId=nightly&scheduler.triggerGroup=sources"
                         + "&scheduler.timeZone=" + zone.getID() + "&scheduler.deleteJob=false"
                         + "&scheduler.trigger.priority=7&scheduler.job.description=harvest")
                            .routeId("scheduled").process(e -> events.incrementAndGet());
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.get() == 1);
                TriggerKey key = TriggerKey.triggerKey("nightly", "sources");
                Trigger trigger = own.getTrigger(key);
                assertNotNull(trigger, "the trigger sources.nightly in the Quartz scheduler given");
                assertNull(component.getScheduler().getTrigger(key), "not in camel-quartz's shared scheduler");
                assertEquals(zone, assertInstanceOf(CronTrigger.class, trigger).getTimeZone());
                assertEquals(7, trigger.getPriority());
                assertEquals("harvest", own.getJobDetail(trigger.getJobKey()).getDescription());

                context.getRouteController().stopRoute("scheduled");
                assertNotNull(own.getTrigger(key), "deleteJob=false: the trigger stays when the route stops");
            } finally {
                context.stop();
                own.shutdown();
            }
        }
    }
}
