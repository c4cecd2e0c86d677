package io.github.camelresourcesync.springboot;

import javax.sql.DataSource;

import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The state store of the harvesting components. With {@code camel.resourcesync.state-store=jdbc} it is a
 * {@link JdbcStateStore} on the application's {@link DataSource}; being the only {@link SyncStateStore} bean, it is
 * autowired into every component's {@code stateStore} option. Otherwise each component opens its embedded store.
 * Meters and health checks need nothing here: the components find Spring's (primary) MeterRegistry in the Camel
 * registry, and Camel Spring Boot shows the consumers' health checks in Actuator's health endpoint.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
        "org.apache.camel.spring.boot.CamelAutoConfiguration" })
@EnableConfigurationProperties(ResourceSyncProperties.class)
public class ResourceSyncAutoConfiguration {

    @Bean
    @ConditionalOnProperty(prefix = "camel.resourcesync", name = "state-store", havingValue = "jdbc")
    @ConditionalOnMissingBean(SyncStateStore.class)
    public JdbcStateStore resourceSyncJdbcStateStore(ObjectProvider<DataSource> dataSource,
                                                     ResourceSyncProperties properties) {
        DataSource ds = dataSource.getIfUnique();
        if (ds == null) {
            throw new IllegalStateException("camel.resourcesync.state-store=jdbc needs the application's DataSource,"
                                            + " and there is " + (dataSource.stream().findAny().isPresent()
                                                    ? "more than one without a @Primary one" : "none")
                                            + ": add spring-boot-starter-jdbc and the database's JDBC driver, and"
                                            + " set spring.datasource.url");
        }
        JdbcStateStore store = new JdbcStateStore(ds);
        store.setTablePrefix(properties.getJdbc().getTablePrefix());
        return store;
    }
}
