package io.github.camelresourcesync.component.support;

import java.util.concurrent.Callable;

/**
 * The transaction of a transacted route, opened by the consumer around one exchange so that the route's
 * {@code transacted()} joins it and the state of the exchange's events is written in it before it commits: the
 * sink's writes and the resume point commit together or not at all (see {@link TransactedRoutes}).
 */
interface DeliveryTransaction {

    /**
     * Runs {@code deliver} in a new transaction; when it returns {@code true} and nothing in the route marked the
     * transaction rollback-only, runs {@code beforeCommit} in it and commits; otherwise rolls back.
     *
     * @return {@code true} when the transaction committed
     * @throws Exception what {@code deliver} or {@code beforeCommit} threw, or the commit's failure (rolled back)
     */
    boolean run(Callable<Boolean> deliver, Runnable beforeCommit) throws Exception;
}
