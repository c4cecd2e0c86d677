package io.github.camelresourcesync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.NamedNode;
import org.apache.camel.Processor;
import java.sql.Statement;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.spi.TransactedPolicy;
import org.apache.camel.spring.spi.SpringTransactionPolicy;
import org.apache.camel.support.AsyncProcessorSupport;
import org.apache.camel.support.processor.DelegateAsyncProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * A transacted route whose sink and {@link JdbcStateStore} share one PostgreSQL {@code DataSource}: the state of each
 * exchange commits in the exchange's own transaction. Proved through PostgreSQL's transaction ids: the state row was
 * last written by the transaction that inserted the last event ({@code xmin}), and a failure after the sink's insert
 * leaves no row behind. {@code ExactlyOnceCrashTest} proves the same under SIGKILL.
 */
class TransactedDeliveryTest extends TransactedRouteFixture {

    private static final Duration PATIENCE = Duration.ofSeconds(60);



    @Test
    void eachExchangeCommitsTheStateInItsOwnTransactionAndAFailureRollsBackBoth() throws Exception {
        Set<String> failedOnce = ConcurrentHashMap.newKeySet();
        try (TestSource source = source(20)) {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri(source, "")).routeId("tx").transacted()
                            .to("sql:INSERT INTO " + prefix + "events (event_id, location, tx) VALUES"
                                + " (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation},"
                                + " txid_current())")
                            .process(e -> {
                                // the sink wrote, then the route fails: both must roll back, the event come again
                                if (firstTimeAt(e, "/r7.txt", failedOnce)) {
                                    throw new IllegalStateException("failing once after the insert");
                                }
                            });
                }
            });
            await().atMost(PATIENCE).until(() -> count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events") == 20);
            context.getRouteController().stopRoute("tx");
            assertEquals(1, failedOnce.size());
            assertEquals(20, count("SELECT COUNT(*) FROM " + prefix + "events"),
                    "every event once: the failed attempt's insert rolled back");
            assertStateWrittenByLastSinkTransaction();
        }
    }

    @Test
    void batchingHoldsAWholeBatchInOneTransactionWithAPlainBeanSink() throws Exception {
        try (TestSource source = source(300)) {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri(source, "&batching=true")).routeId("tx").transacted().process(this::insertAll);
                }

                @SuppressWarnings("unchecked")
                private void insertAll(Exchange e) throws SQLException {
                    // a plain bean on the DataSource: Spring hands it the transaction's connection
                    Connection c = DataSourceUtils.getConnection(ds);
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + prefix
                            + "events (event_id, location, tx) VALUES (?, ?, txid_current())")) {
                        for (SyncEvent event : (List<SyncEvent>) e.getIn().getBody(List.class)) {
                            ps.setString(1, event.eventId());
                            ps.setString(2, event.location().toString());
                            ps.addBatch();
                        }
                        ps.executeBatch();
                    } finally {
                        DataSourceUtils.releaseConnection(c, ds);
                    }
                }
            });
            await().atMost(PATIENCE).until(() -> count("SELECT COUNT(*) FROM " + prefix + "events") == 300);
            context.getRouteController().stopRoute("tx");
            assertEquals(1, count("SELECT COUNT(DISTINCT tx) FROM " + prefix + "events"),
                    "300 events, one batch, one transaction");
            assertStateWrittenByLastSinkTransaction();
        }
    }

    @Test
    void camelJdbcOnATransactionAwareDataSourceJoinsTheTransaction() throws Exception {
        try (TestSource source = source(10)) {
            DataSource aware = new TransactionAwareDataSourceProxy(ds);
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    getContext().getRegistry().bind("aware", aware);
                    from(uri(source, "")).routeId("tx").transacted()
                            .setBody(simple("INSERT INTO " + prefix + "events (event_id, location, tx) VALUES"
                                            + " ('${header.CamelResourceSyncEventId}', '${header.CamelResourceSyncLocation}',"
                                            + " txid_current())"))
                            .to("jdbc:aware?resetAutoCommit=false");
                }
            });
            await().atMost(PATIENCE).until(() -> count("SELECT COUNT(*) FROM " + prefix + "events") == 10);
            // a committed exchange is a delivered event, not a failure to report, retry or pass over
            assertEquals(0, Polls.consumer(context, "tx").getFailedEvents());
            context.getRouteController().stopRoute("tx");
            assertStateWrittenByLastSinkTransaction();
        }
    }

    /**
     * The state store given a {@code TransactionAwareDataSourceProxy} over the transaction manager's DataSource (as
     * camel-jdbc needs it): the same database connection pool, so the state still commits in the exchange's
     * transaction.
     */
    @Test
    void aStateStoreOnATransactionAwareProxyOfTheDataSourceJoinsTheTransaction() throws Exception {
        try (TestSource source = source(10); LogCapture log = LogCapture.open()) {
            context = new DefaultCamelContext();
            JdbcStateStore store = new JdbcStateStore(new TransactionAwareDataSourceProxy(ds));
            store.setTablePrefix(prefix);
            context.getRegistry().bind("store", store);
            context.getRegistry().bind("dataSource", ds);
            context.getRegistry().bind("PROPAGATION_REQUIRED",
                    new SpringTransactionPolicy(new DataSourceTransactionManager(ds)));
            harvestTenEventsIntoTheTableThenCheckTheState(source, log);
        }
    }

    /**
     * No policy bean, only the one transaction manager in the registry (Spring Boot's case, docs/state-and-delivery.md):
     * Camel makes the {@code PROPAGATION_REQUIRED} policy from it, and the state commits in its transactions.
     */
    @Test
    void theOneTransactionManagerOfTheRegistryWithoutAPolicyBeanHoldsTheState() throws Exception {
        try (TestSource source = source(10); LogCapture log = LogCapture.open()) {
            context = new DefaultCamelContext();
            JdbcStateStore store = new JdbcStateStore(ds);
            store.setTablePrefix(prefix);
            context.getRegistry().bind("store", store);
            context.getRegistry().bind("dataSource", ds);
            context.getRegistry().bind("transactionManager", new DataSourceTransactionManager(ds));
            harvestTenEventsIntoTheTableThenCheckTheState(source, log);
        }
    }

    @Test
    void theYamlRecipeOfTheDocsCommitsTheStateInTheRoutesTransaction() throws Exception {
        try (TestSource source = source(15)) {
            // docs/state-and-delivery.md, "Camel Main, YAML": the beans and the route as a user writes them
            String yaml = """
                    - beans:
                        - name: dataSource
                          type: com.zaxxer.hikari.HikariDataSource
                          properties:
                            jdbcUrl: "%s"
                            maximumPoolSize: 4
                        - name: transactionManager
                          type: org.springframework.jdbc.datasource.DataSourceTransactionManager
                          properties:
                            dataSource: "#bean:dataSource"
                        - name: PROPAGATION_REQUIRED
                          type: org.apache.camel.spring.spi.SpringTransactionPolicy
                          properties:
                            transactionManager: "#bean:transactionManager"
                        - name: stateStore
                          type: io.github.camelresourcesync.state.JdbcStateStore
                          properties:
                            dataSource: "#bean:dataSource"
                            tablePrefix: %s
                    - route:
                        id: load
                        from:
                          uri: "resourcesync:%s"
                          parameters:
                            stateStore: "#bean:stateStore"
                            fetchContent: false
                            initialDelay: 0
                            delay: 100
                          steps:
                            - transacted: {}
                            - to:
                                uri: "sql:INSERT INTO %sevents (event_id, location, tx) VALUES (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation}, txid_current())"
                                parameters:
                                  dataSource: "#bean:dataSource"
                    """.formatted(url, prefix, source.base(), prefix);
            context = new DefaultCamelContext();
            org.apache.camel.support.PluginHelper.getRoutesLoader(context)
                    .loadRoutes(org.apache.camel.support.ResourceHelper.fromString("load.yaml", yaml));
            context.start();
            await().atMost(PATIENCE).until(() -> count("SELECT COUNT(*) FROM " + prefix + "events") == 15);
            context.getRouteController().stopRoute("load");
            HikariDataSource yamlDataSource = context.getRegistry().lookupByNameAndType("dataSource", HikariDataSource.class);
            assertStateWrittenByLastSinkTransaction();
            context.stop();
            yamlDataSource.close();
        }
    }

    @Test
    void aGiveUpIsRecordedInTheTransactionThatCommitsTheStateItMoves() throws Exception {
        sql("CREATE TABLE " + prefix + "dead (event_id TEXT NOT NULL, attempt INT NOT NULL, tx BIGINT NOT NULL)");
        try (TestSource source = source(5)) {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    // the dead letter: a handler writing the given-up event with the application's DataSource
                    getContext().getRegistry().bind("deadLetters", new DeadLetters(new JdbcTemplate(ds), prefix));
                    from(uri(source, "&maxEventAttempts=2&exceptionHandler=#deadLetters")).routeId("tx").transacted()
                            .to("sql:INSERT INTO " + prefix + "events (event_id, location, tx) VALUES"
                                + " (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation},"
                                + " txid_current())")
                            .process(e -> {
                                if (e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class).endsWith("/r4.txt")) {
                                    throw new IllegalStateException("r4 never goes in");
                                }
                            });
                }
            });
            await().atMost(PATIENCE).until(() -> count("SELECT COUNT(*) FROM " + prefix + "dead") == 1);
            context.getRouteController().stopRoute("tx");
            assertEquals(2, count("SELECT attempt FROM " + prefix + "dead"), "given up at the second attempt");
            assertEquals(4, count("SELECT COUNT(*) FROM " + prefix + "events"), "r0..r3 once, r4's inserts rolled back");
            assertEquals(0, count("SELECT COUNT(*) FROM " + prefix + "events WHERE location LIKE '%/r4.txt'"));
            long deadTx = count("SELECT tx % 4294967296 FROM " + prefix + "dead");
            assertEquals(deadTx, count("SELECT xmin::text::bigint FROM " + prefix + "source"),
                    "the resume point past the given-up event commits with its dead letter");
            assertEquals(0, count("SELECT COUNT(*) FROM " + prefix + "resource WHERE xmin::text::bigint NOT IN"
                                  + " (SELECT tx % 4294967296 FROM " + prefix + "events UNION SELECT tx % 4294967296"
                                  + " FROM " + prefix + "dead)"), "every state row commits with a sink write or the"
                                                                  + " dead letter");
        }
    }

    /**
     * With {@code bridgeErrorHandler=true} the failure handed to the route's error handler in the follow-up transaction
     * passes camel-spring's TransactionErrorHandler, which marks that transaction rollback-only: the give-up could never
     * commit and the consumer stopped polling with one exchange in flight. The combination is refused at start, naming
     * what works instead ({@link #aGiveUpIsRecordedInTheTransactionThatCommitsTheStateItMoves}).
     */
    @Test
    void bridgeErrorHandlerOnATransactedRouteIsRefusedAtStart() throws Exception {
        try (TestSource source = source(1)) {
            Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> start(new RouteBuilder() {
                        @Override
                        public void configure() {
                            from(uri(source, "&bridgeErrorHandler=true")).routeId("tx").transacted()
                                    .to("sql:INSERT INTO " + prefix + "events (event_id, location, tx) VALUES"
                                        + " (:#${header.CamelResourceSyncEventId},"
                                        + " :#${header.CamelResourceSyncLocation}, txid_current())");
                        }
                    }));
            Throwable cause = refused;
            while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)) {
                cause = cause.getCause();
            }
            assertTrue(cause.getMessage().contains("Route 'tx' is transacted and sets bridgeErrorHandler=true"),
                    cause.getMessage());
            assertTrue(cause.getMessage().contains("exceptionHandler bean"), cause.getMessage());
        }
    }

    /** Writes a given-up event into the dead-letter table, in the transaction the handler is called in. */
    private record DeadLetters(JdbcTemplate jdbc, String prefix) implements ExceptionHandler {

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            if (exchange.getIn().getHeader(ResourceSyncConstants.GIVEN_UP, false, Boolean.class)) {
                jdbc.update("INSERT INTO " + prefix + "dead (event_id, attempt, tx) VALUES (?, ?, txid_current())",
                        exchange.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class),
                        exchange.getIn().getHeader(ResourceSyncConstants.ATTEMPT, Integer.class));
            }
        }

        @Override
        public void handleException(String message, Throwable exception) {
        }

        @Override
        public void handleException(Throwable exception) {
        }
    }

    @Test
    void aTransactedRouteWhoseStateCannotJoinItIsExplainedAtStart() throws Exception {
        try (TestSource source = source(3); LogCapture log = LogCapture.open()) {
            context = new DefaultCamelContext();
            context.getRegistry().bind("memory", new InMemoryStateStore());
            JdbcStateStore elsewhere = new JdbcStateStore(url);
            elsewhere.setTablePrefix(prefix);
            context.getRegistry().bind("elsewhere", elsewhere);
            context.getRegistry().bind("PROPAGATION_REQUIRED",
                    new SpringTransactionPolicy(new DataSourceTransactionManager(ds)));
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#memory&initialDelay=0&delay=100")
                            .routeId("embedded").transacted().to("mock:a");
                    from("resourcesync:" + source.base() + "?stateStore=#elsewhere&stateId=b&initialDelay=0&delay=100")
                            .routeId("otherDataSource").transacted().to("mock:b");
                    from("resourcesync:" + source.base() + "?stateId=c&stateStore=#elsewhere&initialDelay=0&delay=100")
                            .routeId("plain").to("mock:c");
                }
            });
            context.start();
            await().atMost(PATIENCE).until(() -> log.contains("Route 'embedded' is transacted, but its state store is")
                    && log.contains("Route 'otherDataSource' is transacted by DataSourceTransactionManager, but the"
                                    + " JdbcStateStore keeps its state in another DataSource"));
            assertTrue(log.contains("Route 'embedded' is transacted, but its state store is", "not a JdbcStateStore on"
                                    + " the transaction's DataSource: its state commits after each exchange, outside"
                                    + " the route's transaction, so a crash between the two delivers events again (at"
                                    + " least once)"), log.lines().toString());
            assertTrue(log.lines().stream().noneMatch(l -> l.contains("'plain'") && l.contains("transacted")),
                    "a route without a transaction says nothing: " + log.lines());
        }
    }

    @Test
    void theDefaultEmbeddedStoreInATransactedRouteIsExplainedAtStart() throws Exception {
        try (TestSource source = source(3); LogCapture log = LogCapture.open()) {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateDirectory=target/" + prefix
                         + "embedded&initialDelay=0&delay=100").routeId("embeddedDefault").transacted().to("mock:a");
                }
            });
            await().atMost(PATIENCE).until(() -> log.contains("Route 'embeddedDefault' is transacted, but its state"
                                                              + " store is"));
            assertTrue(log.contains("Route 'embeddedDefault' is transacted, but its state store is", "For exactly once,"
                                    + " set stateStore to a JdbcStateStore with the DataSource of the transaction"
                                    + " manager"), log.lines().toString());
        }
    }

    @Test
    void aTransactionThatIsNotOnTheStoresDataSourceIsExplainedAtStart() throws Exception {
        try (TestSource source = source(3); LogCapture log = LogCapture.open()) {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    // a policy that is not Spring's (camel-jta's, for one)
                    getContext().getRegistry().bind("jta", new NotSpringPolicy());
                    // Spring's, over a manager of no DataSource (Spring's JtaTransactionManager, for one)
                    getContext().getRegistry().bind("noDataSource", new SpringTransactionPolicy(new NoDataSource()));
                    from(uri(source, "")).routeId("notSpring").transacted("jta").to("mock:a");
                    from(uri(source, "&stateId=b")).routeId("jtaLike").transacted("noDataSource").to("mock:b");
                }
            });
            await().atMost(PATIENCE).until(() -> log.contains("Route 'notSpring' is transacted by")
                                                 && log.contains("Route 'jtaLike' is transacted by"));
            assertTrue(log.contains("Route 'notSpring' is transacted by " + NotSpringTransactions.class.getName()
                                    + ", which the ResourceSync consumer cannot join: its state commits after each"
                                    + " exchange, outside the route's transaction (at least once)"), log.lines().toString());
            assertTrue(log.contains("Route 'jtaLike' is transacted by " + NoDataSource.class.getName() + ", which"
                                    + " manages no single DataSource the JdbcStateStore could write in: its state"
                                    + " commits after each exchange, outside the route's transaction"),
                    log.lines().toString());
        }
    }

    /**
     * A route without {@code transacted()} whose processor has a {@code supportTransacted()} answering false (the
     * method Camel's error handlers have): no transaction is made of it, and nothing is said about one at start.
     */
    @Test
    void aProcessorThatSupportsNoTransactionsMakesNoTransactedRoute() throws Exception {
        List<Boolean> audited = new CopyOnWriteArrayList<>();
        try (TestSource source = source(3); LogCapture log = LogCapture.open()) {
            context = new DefaultCamelContext();
            context.getRegistry().bind("memory", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#memory&initialDelay=0&delay=100")
                            .routeId("audited").process(new Audited())
                            .process(e -> audited.add(e.getIn().getHeader("audited", Boolean.class)));
                }
            });
            context.start();
            await().atMost(PATIENCE).until(() -> audited.size() == 3);
            assertEquals(List.of(true, true, true), audited);
            assertTrue(log.lines().stream().noneMatch(l -> l.contains("'audited'") && l.contains("transacted")),
                    "a route without a transaction says nothing of one: " + log.lines());
        }
    }

    /** A processor that stamps each exchange and says it supports no transactions. */
    public static final class Audited extends AsyncProcessorSupport {

        @Override
        public boolean process(Exchange exchange, AsyncCallback callback) {
            exchange.getIn().setHeader("audited", true);
            callback.done(true);
            return true;
        }

        public boolean supportTransacted() {
            return false;
        }
    }

    /** A transaction policy that is not Spring's, as camel-jta's: its error handler supports transactions. */
    private static final class NotSpringPolicy implements TransactedPolicy {

        @Override
        public void beforeWrap(Route route, NamedNode definition) {
        }

        @Override
        public Processor wrap(Route route, Processor processor) {
            return new NotSpringTransactions(processor);
        }
    }

    /** The error handler of {@link NotSpringPolicy}. */
    public static final class NotSpringTransactions extends DelegateAsyncProcessor {

        NotSpringTransactions(Processor processor) {
            super(processor);
        }

        public boolean supportTransacted() {
            return true;
        }
    }

    /** A transaction manager that holds no DataSource, as JTA's. */
    private static final class NoDataSource extends AbstractPlatformTransactionManager {

        @Override
        protected Object doGetTransaction() {
            return new Object();
        }

        @Override
        protected void doBegin(Object transaction, TransactionDefinition definition) {
        }

        @Override
        protected void doCommit(DefaultTransactionStatus status) {
        }

        @Override
        protected void doRollback(DefaultTransactionStatus status) {
        }
    }

    /** The state row was last written by the transaction of the last sink write: they committed together. */
    /**
     * A transacted camel-sql route of the ten events of {@code source} on the context the test set up: no WARN of
     * at-least-once delivery, and the state committed by the last sink transaction.
     */
    private void harvestTenEventsIntoTheTableThenCheckTheState(TestSource source, LogCapture log) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri(source, "")).routeId("tx").transacted()
                        .to("sql:INSERT INTO " + prefix + "events (event_id, location, tx) VALUES"
                            + " (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation},"
                            + " txid_current())");
            }
        });
        context.start();
        await().atMost(PATIENCE).until(() -> count("SELECT COUNT(*) FROM " + prefix + "events") == 10);
        context.getRouteController().stopRoute("tx");
        assertTrue(log.lines().stream().noneMatch(l -> l.contains("Route 'tx' is transacted")),
                "no WARN of at-least-once delivery: " + log.lines());
        assertStateWrittenByLastSinkTransaction();
    }

    /** A route the test polls itself ({@link #poll}), inserting each event it is given; {@code fail} may throw. */
    private void startPolledRoute(TestSource source, String options, Processor fail) throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&initialDelay=3600000&delay=3600000"
                     + options).routeId("tx").transacted()
                        .to("sql:INSERT INTO " + prefix + "events (event_id, location, tx) VALUES"
                            + " (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation},"
                            + " txid_current())")
                        .process(fail);
            }
        });
    }

    /** Runs one poll on the test's thread; returns the rows the sink then holds. */
    private long poll() throws SQLException {
        Polls.consumer(context, "tx").run();
        return count("SELECT COUNT(*) FROM " + prefix + "events");
    }

    /** Whether {@code e} carries the event of the location ending in {@code path} for the first time. */
    private static boolean firstTimeAt(Exchange e, String path, Set<String> seen) {
        String location = e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class);
        return location.endsWith(path) && seen.add(location);
    }

    /**
     * A route that marks its transaction rollback-only (no exception) has not taken the event: the sink's write and
     * the state roll back, the run stops there, and the next poll delivers the event and all after it.
     */
    @Test
    void aRouteThatMarksItsTransactionRollbackOnlyGetsTheEventAgain() throws Exception {
        Set<String> rolledBack = ConcurrentHashMap.newKeySet();
        try (TestSource source = source(20)) {
            startPolledRoute(source, "", e -> {
                if (firstTimeAt(e, "/r3.txt", rolledBack)) {
                    e.setRollbackOnly(true);
                }
            });
            // the list names r0, r1, r10 to r19, r2, r3, ...: 13 events before r3
            assertEquals(13, poll(), "the events before r3 committed, r3 rolled back and the run stopped at it");
            assertEquals(20, poll(), "the next poll delivers r3 and every event after it");
            assertEquals(20, count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events"), "each once");
            assertStateWrittenByLastSinkTransaction();
        }
    }

    /** With {@code breakOnFirstError=false} a failed exchange is passed over, the run goes on, the next poll retries. */
    @Test
    void aFailurePassedOverLetsTheRunGoOnAndTheNextPollRetriesIt() throws Exception {
        Set<String> failedOnce = ConcurrentHashMap.newKeySet();
        try (TestSource source = source(20)) {
            startPolledRoute(source, "&breakOnFirstError=false", e -> {
                if (firstTimeAt(e, "/r7.txt", failedOnce)) {
                    throw new IllegalStateException("failing once after the insert");
                }
            });
            assertEquals(19, poll(), "every event but r7, whose insert rolled back");
            assertEquals(20, poll(), "r7 again");
            assertEquals(20, count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events"), "each once");
        }
    }

    /**
     * An event that failed before reaching the route (the Source answered 500 for its body) fails its exchange though
     * no step of the route marked the transaction: its state is not committed, the run stops there
     * (breakOnFirstError) and the next poll delivers it.
     */
    @Test
    void anEventTheSourceFailedToServeStopsTheRunAndComesAgain() throws Exception {
        try (TestSource source = source(20)) {
            source.fail("/res/r3.txt", 500, 1);
            startPolledRoute(source, "&maxRetries=0", e -> {
            });
            assertEquals(13, poll(), "the events before r3, then the run stopped at r3");
            assertEquals(20, poll(), "r3 again, and every event after it");
            assertEquals(20, count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events"), "each once");
        }
    }

    /**
     * The commit itself fails (a deferred constraint, checked by PostgreSQL at commit): the event's state rolled back
     * with the sink's write, the poll fails, and the next poll delivers the event again; none is skipped.
     */
    @Test
    void aCommitThatFailsLeavesTheEventForTheNextPoll() throws Exception {
        sql("CREATE TABLE " + prefix + "guard (id INT, CONSTRAINT " + prefix + "guard_once UNIQUE (id)"
            + " DEFERRABLE INITIALLY DEFERRED)");
        Set<String> failedOnce = ConcurrentHashMap.newKeySet();
        try (TestSource source = source(20)) {
            startPolledRoute(source, "", e -> {
                if (firstTimeAt(e, "/r5.txt", failedOnce)) {
                    Connection c = DataSourceUtils.getConnection(ds);
                    try (Statement st = c.createStatement()) {
                        st.execute("INSERT INTO " + prefix + "guard VALUES (1), (1)"); // fails only at commit
                    } finally {
                        DataSourceUtils.releaseConnection(c, ds);
                    }
                }
            });
            assertEquals(15, poll(), "the 15 events before r5 committed; r5's commit failed");
            assertEquals(1, failedOnce.size());
            assertEquals(20, poll(), "r5 again, and every event after it");
            assertEquals(20, count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events"), "each once");
            assertStateWrittenByLastSinkTransaction();
        }
    }

    private void assertStateWrittenByLastSinkTransaction() throws SQLException {
        long stateTx = count("SELECT xmin::text::bigint FROM " + prefix + "source");
        long lastSinkTx = count("SELECT MAX(tx) % 4294967296 FROM " + prefix + "events");
        assertEquals(lastSinkTx, stateTx, "the resume point commits in the transaction of the sink's last write");
    }

    private TestSource source(int resources) throws Exception {
        TestSource source = new TestSource();
        for (int i = 0; i < resources; i++) {
            source.put("/res/r" + i + ".txt", "resource " + i);
        }
        return source;
    }

    private String uri(TestSource source, String options) {
        return "resourcesync:" + source.base() + "?stateStore=#store&initialDelay=0&delay=100&greedy=true" + options;
    }

}
