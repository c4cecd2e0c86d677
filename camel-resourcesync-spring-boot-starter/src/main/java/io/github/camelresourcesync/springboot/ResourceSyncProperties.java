package io.github.camelresourcesync.springboot;

import io.github.camelresourcesync.state.JdbcStateStore;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What the starter adds beyond the component options ({@code camel.component.resourcesync*.*}): the choice of the
 * state store the harvesting components share.
 */
@ConfigurationProperties(prefix = "camel.resourcesync")
public class ResourceSyncProperties {

    /** Kinds of state store. */
    public enum StateStoreKind {
        /** The embedded MVStore file in the component's state-directory (single node). */
        EMBEDDED,
        /** The JDBC state store on the application's DataSource (PostgreSQL: several nodes share the state). */
        JDBC
    }

    /**
     * Where the harvesting components keep what a destination has seen (resume points, per-resource fixity):
     * embedded (a file in camel.component.resourcesync.state-directory) or jdbc (tables in the application's
     * DataSource, spring.datasource.*).
     */
    private StateStoreKind stateStore = StateStoreKind.EMBEDDED;

    private final Jdbc jdbc = new Jdbc();

    public StateStoreKind getStateStore() {
        return stateStore;
    }

    public void setStateStore(StateStoreKind stateStore) {
        this.stateStore = stateStore;
    }

    public Jdbc getJdbc() {
        return jdbc;
    }

    /** The JDBC state store. */
    public static class Jdbc {

        /**
         * Prefix of the state store's two tables (PREFIXsource, PREFIXresource), so that several independent stores
         * can share a schema.
         */
        private String tablePrefix = JdbcStateStore.DEFAULT_TABLE_PREFIX;

        public String getTablePrefix() {
            return tablePrefix;
        }

        public void setTablePrefix(String tablePrefix) {
            this.tablePrefix = tablePrefix;
        }
    }
}
