package io.github.camelresourcesync.component.support;

import java.lang.reflect.Field;
import java.sql.Connection;
import java.util.Map;
import java.util.concurrent.Callable;

import javax.sql.DataSource;

import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;
import org.apache.camel.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A Spring transaction around each exchange of a transacted route, the one the route's {@code transacted()} joins
 * (propagation {@code REQUIRED}), as camel-jms's consumer does with {@code transacted=true}: the route runs in it, then
 * the consumer writes the state of the exchange's events on the transaction's connection (Spring binds it to the
 * thread: {@link TransactionSynchronizationManager}) and commits. Loaded only for a route transacted by camel-spring,
 * so Spring stays an optional dependency.
 */
final class SpringDeliveryTransaction implements DeliveryTransaction {

    private static final Logger LOG = LoggerFactory.getLogger(SpringDeliveryTransaction.class);

    private final TransactionTemplate template;

    private SpringDeliveryTransaction(PlatformTransactionManager manager, String routeId) {
        template = new TransactionTemplate(manager);
        template.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRED);
        template.setName("resourcesync:" + routeId);
    }

    static DeliveryTransaction forRoute(Route route, Processor handler, SyncStateStore store, String routeId) {
        PlatformTransactionManager manager = manager(route, handler);
        String atLeastOnce = ": its state commits after each exchange, outside the route's transaction, so a crash"
                             + " between the two delivers events again (at least once)";
        if (manager == null) {
            LOG.warn("Route '{}' is transacted, but its transaction manager was not found{}", routeId, atLeastOnce);
            return null;
        }
        if (!(store instanceof JdbcStateStore jdbc)) {
            LOG.warn("Route '{}' is transacted, but its state store is {}, not a JdbcStateStore on the transaction's"
                     + " DataSource{}. For exactly once, set stateStore to a JdbcStateStore with the DataSource of the"
                     + " transaction manager (docs/state-and-delivery.md)", routeId, store, atLeastOnce);
            return null;
        }
        DataSource managed = manager instanceof ResourceTransactionManager r
                             && r.getResourceFactory() instanceof DataSource ds ? ds : null;
        if (managed == null) {
            // JTA's manager, for one: the state store's connection is not the one it enlists
            LOG.warn("Route '{}' is transacted by {}, which manages no single DataSource the JdbcStateStore could"
                     + " write in{}. For exactly once, use a DataSourceTransactionManager (or JdbcTransactionManager)"
                     + " on the DataSource of the JdbcStateStore (docs/state-and-delivery.md)", routeId,
                    manager.getClass().getName(), atLeastOnce);
            return null;
        }
        if (unwrap(managed) != unwrap(jdbc.getDataSource())) {
            LOG.warn("Route '{}' is transacted by {}, but the JdbcStateStore keeps its state in another DataSource ({}){}."
                     + " For exactly once, give the store the DataSource of the transaction manager"
                     + " (docs/state-and-delivery.md)", routeId, manager.getClass().getSimpleName(), jdbc, atLeastOnce);
            return null;
        }
        jdbc.setCallerTransaction(SpringDeliveryTransaction::boundConnection);
        LOG.info("Route '{}' is transacted on the DataSource of its state store: the state of each exchange commits in"
                 + " the exchange's transaction (exactly once into that database)", routeId);
        return new SpringDeliveryTransaction(manager, routeId);
    }

    @Override
    public boolean run(Callable<Boolean> deliver, Runnable beforeCommit) throws Exception {
        try {
            return template.execute(status -> {
                boolean ok;
                try {
                    ok = deliver.call();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new Checked(e);
                }
                // a route that joined the transaction and failed marked it rollback-only
                if (!ok || status.isRollbackOnly()) {
                    status.setRollbackOnly();
                    return false;
                }
                beforeCommit.run();
                return true;
            });
        } catch (Checked e) {
            throw (Exception) e.getCause();
        }
    }

    /** The connection of the Spring transaction the calling thread runs in on {@code dataSource}, or null. */
    static Connection boundConnection(DataSource dataSource) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            return null;
        }
        Object holder = TransactionSynchronizationManager.getResource(dataSource);
        return holder instanceof ConnectionHolder h && h.isSynchronizedWithTransaction() ? h.getConnection() : null;
    }

    /** The manager the route's error handler runs its transactions with; else the one the registry holds. */
    private static PlatformTransactionManager manager(Route route, Processor handler) {
        try {
            Field f = handler.getClass().getDeclaredField("transactionTemplate");
            f.setAccessible(true);
            if (f.get(handler) instanceof TransactionTemplate t && t.getTransactionManager() != null) {
                return t.getTransactionManager();
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("Cannot read the transaction template of {}", handler, e);
        }
        Map<String, PlatformTransactionManager> managers = route.getCamelContext().getRegistry()
                .findByTypeWithName(PlatformTransactionManager.class);
        return managers.size() == 1 ? managers.values().iterator().next() : null;
    }

    private static DataSource unwrap(DataSource ds) {
        while (ds instanceof DelegatingDataSource d && d.getTargetDataSource() != null) {
            ds = d.getTargetDataSource();
        }
        return ds;
    }

    /** Carries a checked exception of the delivery through the template. */
    private static final class Checked extends RuntimeException {
        Checked(Exception cause) {
            super(cause);
        }
    }
}
