package io.github.camelresourcesync.examples.springboot;

import java.io.IOException;
import java.util.Map;

import io.github.camelresourcesync.examples.demo.DemoSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * When no {@code sync.source-url} is configured, starts the examples' demo Source on 127.0.0.1 (shaped by the
 * {@code demo.*} properties) and points {@code sync.source-url} at it; the routes are built after the beans, so they
 * see it. Spring stops the demo Source after Camel.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${sync.source-url:}'.isBlank()")
public class DemoSourceConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(DemoSourceConfiguration.class);

    @Bean(destroyMethod = "close")
    public DemoSource demoSource(ConfigurableEnvironment environment) throws IOException {
        DemoSource.Settings defaults = DemoSource.Settings.defaults();
        DemoSource.Settings settings = defaults
                .withPort(environment.getProperty("demo.port", Integer.class, defaults.port()))
                .withChangeInterval(environment.getProperty("demo.change-interval", Long.class,
                        defaults.changeInterval()))
                .withChangesPerList(environment.getProperty("demo.changes-per-list", Integer.class,
                        defaults.changesPerList()))
                .withHistory(environment.getProperty("demo.history", Integer.class, defaults.history()));
        DemoSource source = DemoSource.start(settings); // a taken port falls back to a free one
        LOG.info("No sync.source-url given: mirroring the demo Source at {}", source.base());
        environment.getPropertySources().addFirst(new MapPropertySource("demoSource",
                Map.of("sync.source-url", source.base().toString())));
        return source;
    }
}
