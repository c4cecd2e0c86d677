package io.github.camelresourcesync.examples;

import java.security.SecureRandom;
import java.util.HexFormat;

import io.github.camelresourcesync.examples.demo.MetashareDemoNode;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.MainListenerSupport;
import org.apache.camel.spi.PropertiesComponent;

/**
 * {@code metashare.demo=true}: starts the demo META-SHARE node and points the bundled META-SHARE route
 * ({@code camel/metashare.yaml}) at it, so the {@code metashare-source} Kamelet can be seen at work without a node.
 * Stops the node after Camel has stopped.
 */
public final class MetashareDemoLauncher extends MainListenerSupport {

    private volatile MetashareDemoNode node;

    @Override
    public void beforeConfigure(BaseMainSupport main) {
        PropertiesComponent properties = main.getCamelContext().getPropertiesComponent();
        if (!"true".equalsIgnoreCase(properties.resolveProperty("metashare.demo").orElse("false").trim())) {
            return;
        }
        String username = properties.resolveProperty("metashare.username").orElse("harvester");
        // the node's only user; a password nobody has to type
        String password = properties.resolveProperty("metashare.password").filter(p -> !p.isBlank())
                .orElseGet(() -> HexFormat.of().formatHex(new SecureRandom().generateSeed(12)));
        long interval = Long.parseLong(properties.resolveProperty("metashare.demo.change-interval").orElse("10000")
                .trim());
        node = MetashareDemoNode.start(username, password, interval);
        properties.addOverrideProperty("metashare.enabled", "true");
        properties.addOverrideProperty("metashare.node-url", node.baseUri().toString());
        properties.addOverrideProperty("metashare.password", password);
        properties.resolveProperty("metashare.demo.period")
                .ifPresent(period -> properties.addOverrideProperty("metashare.period", period));
    }

    @Override
    public void afterStop(BaseMainSupport main) {
        stop();
    }

    /** Stops the node, if it runs; idempotent. */
    public synchronized void stop() {
        if (node != null) {
            node.close();
            node = null;
        }
    }

    /** The demo node, or {@code null} when {@code metashare.demo} is off (or after it stopped). */
    public MetashareDemoNode node() {
        return node;
    }
}
