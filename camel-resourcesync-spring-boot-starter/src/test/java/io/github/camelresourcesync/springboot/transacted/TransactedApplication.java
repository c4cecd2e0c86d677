package io.github.camelresourcesync.springboot.transacted;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The Spring Boot recipe of docs/state-and-delivery.md: no bean but the route. Spring Boot makes the DataSource
 * ({@code spring.datasource.url}) and its {@code JdbcTransactionManager}, the starter the {@code JdbcStateStore} on
 * that DataSource ({@code camel.resourcesync.state-store=jdbc}), Camel the {@code transacted()} policy from the one
 * transaction manager; camel-sql autowires the DataSource.
 */
@SpringBootApplication
public class TransactedApplication {

    /** Locations whose first exchange fails after the insert, as a later step of the route would. */
    public static final Set<String> FAIL_ONCE = ConcurrentHashMap.newKeySet();
    /** Whether one did. */
    public static final AtomicBoolean FAILED = new AtomicBoolean();

    @Bean
    RouteBuilder loadRoute() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:{{test.source-url}}?initialDelay=0&delay=100&fetchContent=false").routeId("load")
                        .transacted()
                        .to("sql:INSERT INTO {{test.prefix}}events (event_id, location, tx) VALUES"
                            + " (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation},"
                            + " txid_current())")
                        .process(e -> {
                            String location = e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class);
                            if (FAIL_ONCE.remove(location)) {
                                FAILED.set(true);
                                throw new IllegalStateException("failing once after the insert");
                            }
                        });
            }
        };
    }
}
