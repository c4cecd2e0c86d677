package io.github.camelresourcesync.springboot.app;

import org.apache.camel.builder.RouteBuilder;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application as a user writes one with the starter: a route from {@code test.source-url} into the
 * mirror directory {@code test.mirror-dir}, with push when {@code test.push=true} (the callback served by the
 * application's own web server, at the port Spring Boot chose).
 */
@SpringBootApplication
public class StarterTestApplication {

    @Bean
    RouteBuilder mirrorRoute() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:{{test.source-url}}?delay=3600000&initialDelay=0&push={{test.push:false}}"
                     + "&pushCallbackUrl=http://127.0.0.1:{{local.server.port:0}}&pushSecret={{test.push-secret:}}")
                        .routeId("mirror")
                        .to("resourcesync-mirror:{{test.mirror-dir}}");
            }
        };
    }
}
