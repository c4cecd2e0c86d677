package io.github.camelresourcesync.component.support;

import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;

import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Navigate;
import org.apache.camel.Processor;
import org.apache.camel.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds out at start whether a consumer's route is transacted ({@code transacted()}) and, when it is, whether its
 * state can commit in the route's transaction: only with Spring's transactions (camel-spring's
 * {@code SpringTransactionPolicy}) whose manager works on the very {@code DataSource} of a {@link JdbcStateStore}.
 * Anything else is explained with a WARN at start and delivery stays at least once, as without a transaction.
 */
final class TransactedRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(TransactedRoutes.class);
    private static final String SPRING_ERROR_HANDLER = "org.apache.camel.spring.spi.TransactionErrorHandler";

    private TransactedRoutes() {
    }

    /**
     * The transaction the consumer opens around each exchange, or {@code null}: the route is not transacted, or its
     * transaction cannot hold the state (WARN logged).
     */
    static DeliveryTransaction forRoute(Route route, SyncStateStore store, String routeId) {
        Processor handler = route == null ? null : transactionErrorHandler(route);
        if (handler == null) {
            return null;
        }
        if (!SPRING_ERROR_HANDLER.equals(handler.getClass().getName())) {
            LOG.warn("Route '{}' is transacted by {}, which the ResourceSync consumer cannot join: its state commits"
                     + " after each exchange, outside the route's transaction (at least once). Exactly once needs"
                     + " camel-spring's SpringTransactionPolicy over a DataSourceTransactionManager",
                    routeId, handler.getClass().getName());
            return null;
        }
        return SpringDeliveryTransaction.forRoute(route, handler, store, routeId);
    }

    /** The first error handler in the route's processors that supports transactions, or {@code null}. */
    static Processor transactionErrorHandler(Route route) {
        Deque<Object> todo = new ArrayDeque<>();
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        todo.add(route.navigate());
        todo.add(route.getProcessor());
        while (!todo.isEmpty()) {
            Object o = todo.poll();
            if (o == null || seen.put(o, Boolean.TRUE) != null) {
                continue;
            }
            if (o instanceof Processor p && supportsTransactions(p)) {
                return p;
            }
            if (o instanceof Navigate<?> n && n.hasNext() && n.next() != null) {
                todo.addAll(n.next());
            }
        }
        return null;
    }

    private static boolean supportsTransactions(Processor p) {
        try {
            Method m = p.getClass().getMethod("supportTransacted");
            return m.getReturnType() == boolean.class && (Boolean) m.invoke(p);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
