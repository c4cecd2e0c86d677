package io.github.camelresourcesync.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * State in a SQL database, so several nodes can share it: the node that takes over from a failed leader resumes
 * where the leader's last completed apply left off. Tested on PostgreSQL (the shared database to use) and H2.
 *
 * <h2>Connecting</h2> Either give a {@link DataSource} (a pool you already have, e.g. a Spring or Quarkus bean), or a
 * {@link #setJdbcUrl JDBC URL} (plus {@link #setUsername username} / {@link #setPassword password}), for which the
 * store opens its own HikariCP pool of {@link #setMaximumPoolSize maximumPoolSize} connections and closes it on
 * {@link #close()}. The JDBC driver must be on the classpath.
 *
 * <h2>Layout</h2> Created on {@link #start()} when missing ({@code CREATE TABLE IF NOT EXISTS}), in the connection's
 * default schema (choose another with the URL: {@code currentSchema=} for PostgreSQL, {@code SCHEMA=} for H2):
 *
 * <pre>
 * {prefix}source   (source_hash, source_key, state)                 one row per source
 * {prefix}resource (source_hash, location_hash, location, state)    one row per resource
 * </pre>
 *
 * {@code *_hash} are SHA-256 digests of the source key and the location (fixed-size keys, whatever the length of the
 * URI); {@code state} is {@link StateCodec}'s encoding; {@code source_key} and {@code location} are kept readable for
 * people querying the tables. The prefix ({@link #setTablePrefix tablePrefix}, default {@value #DEFAULT_TABLE_PREFIX})
 * lets several independent stores share one schema.
 *
 * <h2>Atomicity</h2> Each {@link #apply} is one transaction: the resources of a change and the resume point that
 * covers them commit together or not at all, so a node killed mid-apply leaves the previous apply in place and its
 * successor re-delivers from there (at-least-once). Upserts and removals are sent as JDBC batches.
 * {@link #forEachResource} reads in pages by key (never holding a connection or transaction while the action runs),
 * so the action may itself apply changes.
 *
 * <p>
 * One node should write a source at a time; run the route behind Camel's {@code master:} component (see
 * docs/ha.md). Reads are never cached, so a node that takes over sees the last committed state at once.
 */
public class JdbcStateStore implements SyncStateStore {

    public static final String DEFAULT_TABLE_PREFIX = "resourcesync_";
    public static final int DEFAULT_MAXIMUM_POOL_SIZE = 4;
    /** How long a poll's lease on its Source lasts without renewal (renewed every third of it while the poll runs). */
    public static final long DEFAULT_LEASE_DURATION = 30_000;

    private static final Logger LOG = LoggerFactory.getLogger(JdbcStateStore.class);
    private static final Pattern PREFIX = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,40}");
    /** Statements per JDBC batch round trip, and resources per page of {@link #forEachResource}. */
    private static final int BATCH = 1000;
    private static final byte[] BEFORE_ALL_KEYS = new byte[0];

    private DataSource dataSource;
    private String jdbcUrl;
    private String username;
    private String password;
    private int maximumPoolSize = DEFAULT_MAXIMUM_POOL_SIZE;
    private String tablePrefix = DEFAULT_TABLE_PREFIX;

    private volatile Sql sql;
    private volatile CallerTransaction callerTransaction;
    private long leaseDuration = DEFAULT_LEASE_DURATION;
    private String nodeId;
    private SourceLeases leases;
    private HikariDataSource ownedPool;
    private boolean closed;

    /** A store configured with setters (a bean: {@code jdbcUrl} or {@code dataSource}). */
    public JdbcStateStore() {
    }

    public JdbcStateStore(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    public JdbcStateStore(String jdbcUrl) {
        this.jdbcUrl = Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    }

    public DataSource getDataSource() {
        return dataSource;
    }

    /** The connections to use; the caller keeps ownership (the store never closes it). Set before start. */
    public void setDataSource(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public String getJdbcUrl() {
        return jdbcUrl;
    }

    /** JDBC URL of the database, used when no {@link #setDataSource dataSource} is set; the store pools it. */
    public void setJdbcUrl(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public int getMaximumPoolSize() {
        return maximumPoolSize;
    }

    /** Connections of the pool opened for {@link #setJdbcUrl jdbcUrl} (default 4). */
    public void setMaximumPoolSize(int maximumPoolSize) {
        if (maximumPoolSize < 1) {
            throw new IllegalArgumentException("maximumPoolSize must be at least 1, was " + maximumPoolSize);
        }
        this.maximumPoolSize = maximumPoolSize;
    }

    public String getTablePrefix() {
        return tablePrefix;
    }

    /** Prefix of the two table names (letters, digits, underscore; default {@value #DEFAULT_TABLE_PREFIX}). */
    public void setTablePrefix(String tablePrefix) {
        if (tablePrefix == null || !PREFIX.matcher(tablePrefix).matches()) {
            throw new IllegalArgumentException("tablePrefix must be letters, digits and underscores (at most 41,"
                                               + " not starting with a digit), was '" + tablePrefix + "'");
        }
        this.tablePrefix = tablePrefix;
    }

    /**
     * Writes state on the connection of the transaction the calling thread runs in, when it runs in one on this store's
     * data source (a transacted route, see docs/state-and-delivery.md), instead of in a transaction of the store's own.
     */
    public void setCallerTransaction(CallerTransaction callerTransaction) {
        this.callerTransaction = callerTransaction;
    }

    public CallerTransaction getCallerTransaction() {
        return callerTransaction;
    }

    @Override
    public boolean writesInCallerTransaction() {
        return callerConnection() != null;
    }

    public long getLeaseDuration() {
        return leaseDuration;
    }

    /**
     * Milliseconds a poll's lease on its Source lasts unless renewed (default {@value #DEFAULT_LEASE_DURATION});
     * 0 turns leases off (one node only). See {@link SourceLeases} and docs/ha.md.
     */
    public void setLeaseDuration(long leaseDuration) {
        if (leaseDuration < 0) {
            throw new IllegalArgumentException("leaseDuration must be 0 (off) or more, was " + leaseDuration);
        }
        this.leaseDuration = leaseDuration;
    }

    public String getNodeId() {
        return nodeId;
    }

    /** This node's name in the leases (default: host name, process id and the store's number in the process). */
    public void setNodeId(String nodeId) {
        this.nodeId = nodeId;
    }

    /**
     * The leases on Sources in this store's database (tables {@code {prefix}lease} and {@code {prefix}lease_log},
     * created when missing), or {@code null} when leases are off.
     */
    public synchronized SourceLeases leases() {
        if (leaseDuration == 0) {
            return null;
        }
        if (leases == null) {
            started();
            try (Connection c = dataSource.getConnection()) {
                JdbcDialect d = JdbcDialect.of(c);
                SourceLeases.createTables(c, d, tablePrefix);
                leases = new SourceLeases(dataSource, d, tablePrefix, nodeId != null ? nodeId : defaultNodeId(),
                        leaseDuration);
            } catch (SQLException e) {
                throw failure("create the lease tables", e);
            }
        }
        return leases;
    }

    /** Numbers the stores of this JVM, so two stores (two CamelContexts in one process) are two nodes. */
    private static final java.util.concurrent.atomic.AtomicInteger STORES = new java.util.concurrent.atomic.AtomicInteger();

    private static String defaultNodeId() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "localhost";
        }
        // the same host and process would make two stores one node: each would take the other's leases as its own
        return host + "/" + ProcessHandle.current().pid() + "#" + STORES.incrementAndGet();
    }

    /**
     * {@link #apply} fenced by {@code lease}: in the same transaction, refused with {@link LeaseLostException} (and
     * nothing written) unless the lease is still the Source's current one; {@code null}: not fenced.
     */
    void applyFenced(String sourceKey, StateChange change, SourceLeases.Lease lease) {
        Objects.requireNonNull(sourceKey, "sourceKey");
        StateChanges.validate(change);
        if (StateChanges.isEmpty(change)) {
            return;
        }
        Sql s = started();
        SourceLeases l = lease == null ? null : leases();
        byte[] sourceHash = StateChanges.sha256(sourceKey);
        String what = "apply a change of source " + sourceKey + " (" + change.upserts().size() + " resources, "
                      + change.removed().size() + " removals)";
        inTransaction(what + "; nothing of it was written", c -> {
            if (l != null) {
                l.check(c, lease, what);
            }
            writeResources(c, s, sourceHash, change);
            if (change.source() != null) {
                writeSource(c, s, sourceHash, sourceKey, change.source());
            }
        });
    }

    /** {@link #clear} fenced by {@code lease}, as {@link #applyFenced}. */
    void clearFenced(String sourceKey, SourceLeases.Lease lease) {
        Sql s = started();
        SourceLeases l = lease == null ? null : leases();
        byte[] sourceHash = StateChanges.sha256(Objects.requireNonNull(sourceKey, "sourceKey"));
        inTransaction("clear source " + sourceKey, c -> {
            if (l != null) {
                l.check(c, lease, "clear source " + sourceKey);
            }
            try (PreparedStatement resources = c.prepareStatement(s.deleteAllResources);
                 PreparedStatement source = c.prepareStatement(s.deleteSource)) {
                resources.setBytes(1, sourceHash);
                resources.executeUpdate();
                source.setBytes(1, sourceHash);
                source.executeUpdate();
            }
        });
    }

    /** Connects and creates the tables when missing; idempotent (every consumer using the store calls it). */
    @Override
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
        if (sql != null) {
            return;
        }
        DataSource ds = dataSource;
        if (ds == null) {
            if (jdbcUrl == null || jdbcUrl.isBlank()) {
                throw new StateStoreException("The JDBC state store needs a dataSource or a jdbcUrl");
            }
            ownedPool = pool();
            ds = ownedPool;
        }
        try (Connection c = ds.getConnection()) {
            Sql s = new Sql(JdbcDialect.of(c), tablePrefix);
            MissingTables.create(c, s.createTables);
            sql = s;
            LOG.info("Keeping ResourceSync state in {} (tables {}source, {}resource)", describe(c), tablePrefix,
                    tablePrefix);
        } catch (SQLException e) {
            closePool();
            throw new StateStoreException("Cannot open the JDBC state store at " + describe() + ": " + e.getMessage()
                                          + ". Check that the database runs and the user may create tables", e);
        }
        if (dataSource == null) {
            dataSource = ds;
        }
    }

    @Override
    public SourceState source(String sourceKey) {
        Sql s = started();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(s.selectSource)) {
            ps.setBytes(1, StateChanges.sha256(Objects.requireNonNull(sourceKey, "sourceKey")));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? StateCodec.decodeSource(sourceKey, rs.getBytes(1)) : SourceState.INITIAL;
            }
        } catch (SQLException e) {
            throw failure("read the state of source " + sourceKey, e);
        }
    }

    @Override
    public Optional<ResourceState> resource(String sourceKey, String location) {
        Objects.requireNonNull(location, "location");
        Sql s = started();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(s.selectResource)) {
            ps.setBytes(1, StateChanges.sha256(Objects.requireNonNull(sourceKey, "sourceKey")));
            ps.setBytes(2, StateChanges.sha256(location));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(StateCodec.decodeResource(location, rs.getBytes(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failure("read resource " + location + " of source " + sourceKey, e);
        }
    }

    @Override
    public void apply(String sourceKey, StateChange change) {
        applyFenced(sourceKey, change, null);
    }

    @Override
    public void forEachResource(String sourceKey, Consumer<ResourceState> action) {
        Objects.requireNonNull(action, "action");
        Sql s = started();
        byte[] sourceHash = StateChanges.sha256(Objects.requireNonNull(sourceKey, "sourceKey"));
        byte[] after = BEFORE_ALL_KEYS;
        List<ResourceState> page = new ArrayList<>(BATCH);
        while (true) {
            page.clear();
            try (Connection c = dataSource.getConnection();
                 PreparedStatement ps = c.prepareStatement(s.pageResources)) {
                ps.setBytes(1, sourceHash);
                ps.setBytes(2, after);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        after = rs.getBytes(1);
                        String location = rs.getString(2);
                        page.add(StateCodec.decodeResource(location, rs.getBytes(3)));
                    }
                }
            } catch (SQLException e) {
                throw failure("list the resources of source " + sourceKey, e);
            }
            // outside the connection: the action may apply changes, and a slow action holds no transaction open
            page.forEach(action);
            if (page.size() < BATCH) {
                return;
            }
        }
    }

    @Override
    public long resourceCount(String sourceKey) {
        Sql s = started();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(s.countResources)) {
            ps.setBytes(1, StateChanges.sha256(Objects.requireNonNull(sourceKey, "sourceKey")));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw failure("count the resources of source " + sourceKey, e);
        }
    }

    @Override
    public void clear(String sourceKey) {
        clearFenced(sourceKey, null);
        LOG.info("Cleared the state of source {} in {}", sourceKey, describe());
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (leases != null) {
            leases.close();
        }
        sql = null;
        closePool();
    }

    @Override
    public String toString() {
        return "JdbcStateStore[" + describe() + ", " + tablePrefix + "*]";
    }

    private Sql started() {
        Sql s = sql;
        if (s == null) {
            start();
            s = sql;
        }
        return s;
    }

    /** Runs {@code work} in one transaction on a pooled connection: all of it is committed, or none of it. */
    private void inTransaction(String what, SqlWork work) {
        Connection caller = callerConnection();
        if (caller != null) {
            try {
                work.run(caller); // committed or rolled back by the caller's transaction, with the sink's writes
            } catch (SQLException e) {
                throw failure(what, e);
            }
            return;
        }
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                work.run(c);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                rollback(c, e);
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    private Connection callerConnection() {
        CallerTransaction t = callerTransaction;
        DataSource ds = dataSource;
        return t == null || ds == null ? null : t.connection(ds);
    }

    private interface SqlWork {
        void run(Connection c) throws SQLException;
    }

    private void writeResources(Connection c, Sql s, byte[] sourceHash, StateChange change) throws SQLException {
        Set<String> removed = change.removed().isEmpty() ? Set.of() : new HashSet<>(change.removed());
        List<String> deletes = new ArrayList<>(change.removed());
        if (s.upsertResource == null) {
            change.upserts().forEach(r -> deletes.add(r.location()));
        }
        if (!deletes.isEmpty()) {
            try (PreparedStatement ps = c.prepareStatement(s.deleteResource)) {
                int n = 0;
                for (String location : deletes) {
                    ps.setBytes(1, sourceHash);
                    ps.setBytes(2, StateChanges.sha256(location));
                    ps.addBatch();
                    if (++n % BATCH == 0) {
                        ps.executeBatch();
                    }
                }
                ps.executeBatch();
            }
        }
        if (change.upserts().isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(s.upsertResource != null ? s.upsertResource : s.insertResource)) {
            int n = 0;
            for (ResourceState r : change.upserts()) {
                if (removed.contains(r.location())) {
                    continue; // removal wins over an upsert of the same change
                }
                ps.setBytes(1, sourceHash);
                ps.setBytes(2, StateChanges.sha256(r.location()));
                ps.setString(3, r.location());
                ps.setBytes(4, StateCodec.encodeResource(r));
                ps.addBatch();
                if (++n % BATCH == 0) {
                    ps.executeBatch();
                }
            }
            if (n % BATCH != 0) {
                ps.executeBatch();
            }
        }
    }

    private static void writeSource(Connection c, Sql s, byte[] sourceHash, String sourceKey, SourceState state)
            throws SQLException {
        if (s.upsertSource == null) {
            try (PreparedStatement ps = c.prepareStatement(s.deleteSource)) {
                ps.setBytes(1, sourceHash);
                ps.executeUpdate();
            }
        }
        try (PreparedStatement ps = c.prepareStatement(s.upsertSource != null ? s.upsertSource : s.insertSource)) {
            ps.setBytes(1, sourceHash);
            ps.setString(2, sourceKey);
            ps.setBytes(3, StateCodec.encodeSource(state));
            ps.executeUpdate();
        }
    }

    private HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        // not setJdbcUrl: HikariCP would print the URL at DEBUG with some spellings of a password in it
        config.setDataSource(new UrlDataSource(jdbcUrl, username, password));
        config.setMaximumPoolSize(maximumPoolSize);
        config.setMinimumIdle(1);
        config.setPoolName("resourcesync-state");
        // no connection in the constructor: start() reports an unreachable database with the store's own message
        config.setInitializationFailTimeout(-1);
        return new HikariDataSource(config);
    }

    private void closePool() {
        if (ownedPool != null) {
            ownedPool.close();
            ownedPool = null;
            dataSource = null;
        }
    }

    private static void rollback(Connection c, Exception cause) {
        try {
            c.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    private StateStoreException failure(String what, SQLException e) {
        return new StateStoreException("Cannot " + what + " in the JDBC state store at " + describe() + ": "
                                       + e.getMessage() + " (SQL state " + e.getSQLState() + ")", e);
    }

    /** The database without URL parameters, which may hold a password. */
    private String describe() {
        if (jdbcUrl != null) {
            return withoutParameters(jdbcUrl);
        }
        return dataSource == null ? "(no data source)" : dataSource.getClass().getSimpleName();
    }

    private String describe(Connection c) throws SQLException {
        return jdbcUrl != null ? withoutParameters(jdbcUrl) : withoutParameters(c.getMetaData().getURL());
    }

    static String withoutParameters(String url) {
        if (url == null) {
            return "(unknown database)";
        }
        int end = url.length();
        for (char ch : new char[] { '?', ';', '&' }) {
            int i = url.indexOf(ch);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return url.substring(0, end);
    }

    /** The statements of one dialect and prefix, built once. */
    private static final class Sql {
        final List<String> createTables;
        final String selectSource;
        final String upsertSource;
        final String insertSource;
        final String deleteSource;
        final String selectResource;
        final String upsertResource;
        final String insertResource;
        final String deleteResource;
        final String deleteAllResources;
        final String pageResources;
        final String countResources;

        Sql(JdbcDialect d, String prefix) {
            String source = prefix + "source";
            String resource = prefix + "resource";
            createTables = List.of(
                    "CREATE TABLE IF NOT EXISTS " + source + " (source_hash " + d.keyType + " NOT NULL, source_key "
                                   + d.textType + " NOT NULL, state " + d.valueType
                                   + " NOT NULL, PRIMARY KEY (source_hash))",
                    "CREATE TABLE IF NOT EXISTS " + resource + " (source_hash " + d.keyType
                                                                        + " NOT NULL, location_hash " + d.keyType
                                                                        + " NOT NULL, location " + d.textType
                                                                        + " NOT NULL, state " + d.valueType
                                                                        + " NOT NULL, PRIMARY KEY (source_hash, location_hash))");
            selectSource = "SELECT state FROM " + source + " WHERE source_hash = ?";
            upsertSource = d.upsert(source, 1, "source_hash", "source_key", "state");
            insertSource = "INSERT INTO " + source + " (source_hash, source_key, state) VALUES (?, ?, ?)";
            deleteSource = "DELETE FROM " + source + " WHERE source_hash = ?";
            selectResource = "SELECT state FROM " + resource + " WHERE source_hash = ? AND location_hash = ?";
            upsertResource = d.upsert(resource, 2, "source_hash", "location_hash", "location", "state");
            insertResource = "INSERT INTO " + resource + " (source_hash, location_hash, location, state)"
                             + " VALUES (?, ?, ?, ?)";
            deleteResource = "DELETE FROM " + resource + " WHERE source_hash = ? AND location_hash = ?";
            deleteAllResources = "DELETE FROM " + resource + " WHERE source_hash = ?";
            pageResources = "SELECT location_hash, location, state FROM " + resource
                            + " WHERE source_hash = ? AND location_hash > ? ORDER BY source_hash, location_hash FETCH FIRST "
                            + BATCH + " ROWS ONLY";
            countResources = "SELECT COUNT(*) FROM " + resource + " WHERE source_hash = ?";
        }
    }
}
