package io.github.camelresourcesync;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The consumer's health check as docs/operations.md describes it: camel-health's registry (what camel-main sets up with
 * {@code camel.health.enabled=true}) lists it as {@code consumer:<routeId>} for readiness and liveness, disabling it
 * there takes the sync details out, a failed poll is DOWN with Camel's message; and the consumer's own check (what
 * {@code HealthCheckAware} hands out, and what Camel's consumer check calls) presents itself as the check it wraps.
 */
class ConsumerHealthCheckRegistrationTest {

    private TestSource source;
    private CamelContext context;

    @BeforeEach
    void source() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private void startHarvest() throws Exception {
        context = new DefaultCamelContext();
        TestContexts.withConsumerHealthChecks(context);
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0&retryDelay=5")
                        .routeId("sync").to("mock:out");
            }
        });
        context.start();
    }

    private static Optional<HealthCheck.Result> result(Collection<HealthCheck.Result> results) {
        return results.stream().filter(r -> r.getCheck().getId().equals("consumer:sync")).findFirst();
    }

    @Test
    void theRegistryListsTheConsumerCheckForReadinessAndLivenessAndDisablingItThereWorks() throws Exception {
        startHarvest();
        SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
        // ready once the first poll is done (Camel's readiness: DOWN before it)
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer.isFirstPollDone()
                                                          && consumer.getStatistics().events() == 2);

        HealthCheck check = HealthCheckHelper.getHealthCheck(context, "consumer:sync");
        assertNotNull(check, "consumer:sync registered");
        assertEquals("camel", check.getGroup());
        // Camel's consumer checks are readiness checks: a failing Source makes the route not ready, not dead
        assertTrue(check.isReadiness());
        assertFalse(check.isLiveness());
        assertTrue(result(HealthCheckHelper.invokeLiveness(context)).isEmpty());
        Collection<HealthCheck.Result> results = HealthCheckHelper.invokeReadiness(context);
        HealthCheck.Result r = result(results).orElseThrow(() -> new AssertionError("consumer:sync in " + results));
        assertEquals(HealthCheck.State.UP, r.getState(), r.toString());
        assertEquals(2L, r.getDetails().get("resourcesync.events.created"), r.getDetails().toString());
        // no event was given up: the count shows only once one was
        assertFalse(r.getDetails().containsKey("resourcesync.events.given.up"), r.getDetails().toString());

        check.setEnabled(false);
        HealthCheck.Result disabled = result(HealthCheckHelper.invoke(context)).orElseThrow();
        assertEquals(HealthCheck.State.UNKNOWN, disabled.getState());
        assertEquals(false, disabled.getDetails().get("check.enabled"));
        assertFalse(disabled.getDetails().containsKey("resourcesync.events.created"), disabled.getDetails().toString());
        check.setEnabled(true);
        assertEquals(2L, result(HealthCheckHelper.invoke(context)).orElseThrow().getDetails()
                .get("resourcesync.events.created"));
    }

    @Test
    void aFailedPollIsDownWithCamelsMessageAndError() throws Exception {
        source.fail("/.well-known/resourcesync", 403, 1000);
        startHarvest();
        // DOWN from the start ("not yet polled"); after the first failed poll with Camel's message for it
        SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
        // (Camel counts the failed poll once the poll has thrown)
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer.getErrorCounter() >= 1);
        HealthCheck.Result down = result(HealthCheckHelper.invoke(context)).orElseThrow();
        String message = down.getMessage().orElse("");
        assertTrue(message.contains("failed polling") && message.contains("route: sync"), message);
        assertTrue(down.getError().map(Throwable::getMessage).orElse("").contains("403"), down.toString());
    }

    @Test
    void theConsumersOwnCheckPresentsItselfAsTheCheckItWraps() throws Exception {
        startHarvest();
        SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer.getStatistics().events() == 2);

        // Camel's scheduled-poll check, set by Camel when the route was built, under the registry's id
        HealthCheck own = consumer.getHealthCheck();
        assertEquals("consumer:sync", own.getId());
        assertEquals("camel", own.getGroup());
        assertTrue(own.isReadiness());
        assertFalse(own.isLiveness());
        assertEquals(Map.of(), own.getMetaData());
        assertTrue(own.isEnabled());
        own.setEnabled(false);
        assertFalse(own.isEnabled());
        HealthCheck.Result off = own.call(Map.of());
        assertEquals(HealthCheck.State.UNKNOWN, off.getState(), off.toString());
        assertEquals("Disabled", off.getMessage().orElse(""));
        own.setEnabled(true);
        assertEquals(HealthCheck.State.UP, own.call(Map.of()).getState());

        // any other check given to the consumer keeps what it says of itself, with the sync details on top
        Custom custom = new Custom();
        consumer.setHealthCheck(custom);
        HealthCheck wrapped = consumer.getHealthCheck();
        assertEquals("custom-id", wrapped.getId());
        assertEquals("custom-group", wrapped.getGroup());
        assertFalse(wrapped.isReadiness());
        assertTrue(wrapped.isLiveness());
        assertEquals(Map.of("owner", "ops"), wrapped.getMetaData());
        assertTrue(wrapped.isEnabled());
        wrapped.setEnabled(false);
        assertFalse(custom.isEnabled());
        assertFalse(wrapped.isEnabled());
        HealthCheck.Result r = wrapped.call(Map.of());
        assertEquals(HealthCheck.State.UP, r.getState());
        assertEquals("custom", r.getDetails().get("from"));
        assertEquals(2L, r.getDetails().get("resourcesync.events.created"));
    }

    /** A check of the user's own, set on the consumer. */
    private static final class Custom implements HealthCheck {

        private boolean enabled = true;

        @Override
        public Result call(Map<String, Object> options) {
            return HealthCheckResultBuilder.on(this).up().detail("from", "custom").build();
        }

        @Override
        public boolean isEnabled() {
            return enabled;
        }

        @Override
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        @Override
        public boolean isReadiness() {
            return false;
        }

        @Override
        public boolean isLiveness() {
            return true;
        }

        @Override
        public Map<String, Object> getMetaData() {
            return Map.of("owner", "ops");
        }

        @Override
        public String getGroup() {
            return "custom-group";
        }

        @Override
        public String getId() {
            return "custom-id";
        }
    }
}
