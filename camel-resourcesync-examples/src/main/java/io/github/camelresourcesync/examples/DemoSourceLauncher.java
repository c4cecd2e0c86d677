package io.github.camelresourcesync.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.github.camelresourcesync.examples.demo.DemoSource;
import org.apache.camel.Route;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.MainListenerSupport;
import org.apache.camel.spi.PropertiesComponent;
import org.apache.camel.support.ScheduledPollConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the demo Source when no {@code sync.source-url} is configured, and points {@code sync.source-url} at it
 * before the routes are built; stops it after Camel has stopped. The demo's {@code demo.*} properties shape it; with
 * {@code demo.state-dir} it continues the demo Source the last run left.
 */
public final class DemoSourceLauncher extends MainListenerSupport {

    private static final Logger LOG = LoggerFactory.getLogger(DemoSourceLauncher.class);

    private volatile DemoSource source;
    private boolean stopped;

    @Override
    public void beforeConfigure(BaseMainSupport main) {
        PropertiesComponent properties = main.getCamelContext().getPropertiesComponent();
        Optional<String> url = properties.resolveProperty(ExamplesApplication.SOURCE_URL).filter(s -> !s.isBlank());
        if (url.isPresent()) {
            LOG.info("Mirroring the ResourceSync Source at {}", url.get());
            return;
        }
        DemoSource.Settings defaults = DemoSource.Settings.defaults();
        DemoSource.Settings settings = defaults
                .withPort((int) number(properties, "demo.port", defaults.port()))
                .withChangeInterval(number(properties, "demo.change-interval", defaults.changeInterval()))
                .withChangesPerList((int) number(properties, "demo.changes-per-list", defaults.changesPerList()))
                .withHistory((int) number(properties, "demo.history", defaults.history()))
                .withStateDirectory(properties.resolveProperty("demo.state-dir").filter(d -> !d.isBlank())
                        .map(Path::of).orElse(null));
        try {
            source = DemoSource.start(settings);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the demo Source on 127.0.0.1:" + settings.port()
                                           + "; set demo.port to a free port (0: any), or sync.source-url to mirror"
                                           + " another Source", e);
        }
        LOG.info("No {} given: mirroring the demo Source at {}", ExamplesApplication.SOURCE_URL, source.base());
        properties.addOverrideProperty(ExamplesApplication.SOURCE_URL, source.base().toString());
    }

    /**
     * Before Camel stops: the demo stops changing and the bundled mirror route polls once more, so the mirror and the
     * demo's saved state agree, and the next run's {@code --audit} finds them in sync.
     */
    @Override
    public void beforeStop(BaseMainSupport main) {
        DemoSource s = source;
        if (s == null || main.getCamelContext() == null) {
            return;
        }
        s.pauseChanges(true);
        for (String id : List.of("mirror", "mirror-java")) {
            Route route = main.getCamelContext().getRoute(id);
            if (route != null && route.getConsumer() instanceof ScheduledPollConsumer poll
                && main.getCamelContext().getRouteController().getRouteStatus(id).isStarted()) {
                poll.run();
            }
        }
    }

    @Override
    public void afterStop(BaseMainSupport main) {
        stop();
    }

    /** Stops the demo Source, if it runs; idempotent. */
    public synchronized void stop() {
        if (source != null && !stopped) {
            stopped = true;
            source.close();
        }
    }

    /** The demo Source, or {@code null} when another Source is mirrored (or before Camel is configured). */
    public DemoSource source() {
        return source;
    }

    private static long number(PropertiesComponent properties, String key, long fallback) {
        String value = properties.resolveProperty(key).orElse(null);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Property " + key + "=" + value + " is not a whole number", e);
        }
    }
}
