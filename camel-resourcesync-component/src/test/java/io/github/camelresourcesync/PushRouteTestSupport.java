package io.github.camelresourcesync;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;

/**
 * A push route's surroundings: a loopback WebSub hub, a loopback Source, and a Camel context that serves callbacks
 * through platform-http on a free port ({@link #httpPort}) with a state store bound as {@code #store}. After each test
 * the context stops first, so routes unsubscribe while the hub is still there.
 */
abstract class PushRouteTestSupport extends CamelTestSupport {

    protected TestHub hub;
    protected TestSource source;
    protected int httpPort;

    /** The Source the test harvests; {@link #hub} is already running. */
    protected abstract TestSource newSource() throws Exception;

    /** The state store bound as {@code #store}. */
    protected SyncStateStore stateStore() {
        return new InMemoryStateStore();
    }

    /** Closes what the test started beside the hub and the Source, after the context has stopped. */
    protected void closeOthers() {
    }

    @Override
    protected void doPreSetup() throws Exception {
        hub = new TestHub();
        source = newSource();
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        httpPort = TestContexts.platformHttpOnFreePort(context);
        context.getRegistry().bind("store", stateStore());
        return context;
    }

    @AfterEach
    void stopServers() {
        context.stop(); // unsubscribes while the hub is still there
        closeOthers();
        source.close();
        hub.close();
    }
}
