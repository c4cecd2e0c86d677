package io.github.camelresourcesync;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Camel's idle options see what a poll delivered: with {@code sendEmptyMessageWhenIdle=true} a poll that found nothing
 * new sends one empty exchange, and a poll that delivered events sends none (the poll reports its count to Camel).
 */
class IdlePollsTest {

    @Test
    void onlyAPollThatFoundNothingNewSendsAnEmptyExchange() throws Exception {
        List<String> received = new ArrayList<>();
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha");
             CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // no scheduled poll: the test runs each poll itself, on its own thread
                    from("resourcesync:" + source.base() + "?stateStore=#store&initialDelay=3600000&delay=3600000"
                         + "&sendEmptyMessageWhenIdle=true").routeId("sync")
                            .process(e -> received.add(e.getIn().getBody(String.class)));
                }
            });
            context.start();
            SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");

            consumer.run();
            assertEquals(List.of("alpha"), received, "the baseline's event and no empty exchange after it");
            consumer.run();
            assertEquals(Arrays.asList("alpha", null), received, "nothing new: one empty exchange");
        }
    }
}
