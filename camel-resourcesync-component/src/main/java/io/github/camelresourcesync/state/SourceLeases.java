package io.github.camelresourcesync.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases on Sources in the state database, so that several nodes sharing a {@link JdbcStateStore} never harvest one
 * Source at once, whatever schedules them (a Quartz cluster, {@code master:}, a mistake). A poll {@link #acquire
 * acquires} its Source's lease (an owner and a token, one more than the last), {@link Held holds} it (renewed every
 * third of the lease duration) and releases it when it ends. A second node that finds the lease held skips its poll.
 * Every commit of the holder checks, in its own transaction, that its token is still the current one and the lease
 * has not expired ({@link #check}): a node that paused past its lease, or whose lease another node took over, has its
 * commits refused ({@link LeaseLostException}) and writes nothing.
 * <p>
 * Times are the database's clock, so the nodes' clocks do not matter. Tables (created when missing):
 *
 * <pre>
 * {prefix}lease     (lease_hash, lease_key, owner, token, expires_at)              one row per Source, the current lease
 * {prefix}lease_log (lease_hash, token, owner, acquired_at, held_until)             one row per lease taken
 * </pre>
 *
 * The log shows who held which Source when (milliseconds since the epoch, database time): a lease is taken only after
 * the previous one's {@code held_until}, so no two rows of a Source overlap. Delete old rows as you see fit.
 */
public final class SourceLeases implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SourceLeases.class);

    /** A lease held: the Source's key, this node and the token that fences its commits. */
    public record Lease(String key, String owner, long token, String previousOwner) {

        /** Whether another node held the Source's previous lease (a hand-over). */
        public boolean handedOver() {
            return previousOwner != null && !previousOwner.equals(owner);
        }
    }

    /** Who holds a Source's lease and until when (database time, milliseconds since the epoch). */
    public record Holder(String owner, long token, long expiresAt) {
    }

    private final DataSource dataSource;
    private final String owner;
    private final long durationMillis;
    private final String now;
    private final String selectForUpdate;
    private final String select;
    private final String insert;
    private final String takeOver;
    private final String renew;
    private final String renewLog;
    private final String release;
    private final String releaseLog;
    private final String insertLog;
    private final String check;
    private final ScheduledExecutorService renewer;

    SourceLeases(DataSource dataSource, JdbcDialect dialect, String prefix, String owner, long durationMillis) {
        this.dataSource = dataSource;
        this.owner = Objects.requireNonNull(owner, "owner");
        this.durationMillis = durationMillis;
        String lease = prefix + "lease";
        String log = prefix + "lease_log";
        now = dialect == JdbcDialect.POSTGRESQL ? "CAST(EXTRACT(EPOCH FROM CLOCK_TIMESTAMP()) * 1000 AS BIGINT)"
                : "CAST(EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) * 1000 AS BIGINT)";
        String until = now + " + " + durationMillis;
        selectForUpdate = "SELECT owner, token, expires_at, " + now + " FROM " + lease + " WHERE lease_hash = ? FOR UPDATE";
        select = "SELECT owner, token, expires_at FROM " + lease + " WHERE lease_hash = ?";
        insert = "INSERT INTO " + lease + " (lease_hash, lease_key, owner, token, expires_at) VALUES (?, ?, ?, 1, "
                 + until + ")";
        takeOver = "UPDATE " + lease + " SET owner = ?, token = ?, expires_at = " + until + " WHERE lease_hash = ?";
        insertLog = "INSERT INTO " + log + " (lease_hash, token, owner, acquired_at, held_until) VALUES (?, ?, ?, " + now
                    + ", " + until + ")";
        renew = "UPDATE " + lease + " SET expires_at = " + until + " WHERE lease_hash = ? AND token = ? AND expires_at > "
                + now;
        renewLog = "UPDATE " + log + " SET held_until = " + until + " WHERE lease_hash = ? AND token = ?";
        release = "UPDATE " + lease + " SET expires_at = " + now + " WHERE lease_hash = ? AND token = ? AND expires_at > "
                  + now;
        releaseLog = "UPDATE " + log + " SET held_until = " + now + " WHERE lease_hash = ? AND token = ?";
        // a row lock without a change: a take-over waits until the commit it fences is done
        check = "UPDATE " + lease + " SET token = token WHERE lease_hash = ? AND token = ? AND expires_at > " + now;
        renewer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "resourcesync-lease-renewer");
            t.setDaemon(true);
            return t;
        });
    }

    static void createTables(Connection c, JdbcDialect d, String prefix) throws SQLException {
        MissingTables.create(c, tables(d, prefix));
    }

    static List<String> tables(JdbcDialect d, String prefix) {
        String key = d.keyType + " NOT NULL";
        String text = d.textType + " NOT NULL";
        return List.of(
                "CREATE TABLE IF NOT EXISTS " + prefix + "lease (lease_hash " + key + ", lease_key " + text + ", owner "
                       + text + ", token BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (lease_hash))",
                "CREATE TABLE IF NOT EXISTS " + prefix + "lease_log (lease_hash " + key + ", token BIGINT NOT NULL,"
                       + " owner " + text + ", acquired_at BIGINT NOT NULL, held_until BIGINT NOT NULL,"
                       + " PRIMARY KEY (lease_hash, token))");
    }

    /** This node's name in the leases. */
    public String owner() {
        return owner;
    }

    public long durationMillis() {
        return durationMillis;
    }

    /**
     * Takes the Source's lease when nobody holds it (never held, released, or expired).
     *
     * @return the lease, or empty when another poll holds it
     */
    public Optional<Lease> acquire(String key) {
        byte[] hash = StateChanges.sha256(Objects.requireNonNull(key, "key"));
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                Optional<Lease> lease = acquire(c, key, hash);
                c.commit();
                return lease;
            } catch (SQLException e) {
                c.rollback();
                if (isDuplicateKey(e)) {
                    return Optional.empty(); // another node inserted the first lease of this Source at the same time
                }
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new StateStoreException("Cannot take the lease of " + key + ": " + e.getMessage() + " (SQL state "
                                          + e.getSQLState() + ")", e);
        }
    }

    private Optional<Lease> acquire(Connection c, String key, byte[] hash) throws SQLException {
        long token;
        String previous = null;
        try (PreparedStatement ps = c.prepareStatement(selectForUpdate)) {
            ps.setBytes(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    // this node's own unexpired lease is stale: its polls of a Source run one at a time, so one that
                    // could not release it (the database was away) has ended; waiting for the expiry would stall
                    if (rs.getLong(3) > rs.getLong(4) && !owner.equals(rs.getString(1))) {
                        return Optional.empty();
                    }
                    previous = rs.getString(1);
                    token = rs.getLong(2) + 1;
                } else {
                    token = 1;
                }
            }
        }
        if (token == 1) {
            try (PreparedStatement ps = c.prepareStatement(insert)) {
                ps.setBytes(1, hash);
                ps.setString(2, key);
                ps.setString(3, owner);
                ps.executeUpdate();
            }
        } else {
            try (PreparedStatement ps = c.prepareStatement(takeOver)) {
                ps.setString(1, owner);
                ps.setLong(2, token);
                ps.setBytes(3, hash);
                ps.executeUpdate();
            }
        }
        try (PreparedStatement ps = c.prepareStatement(insertLog)) {
            ps.setBytes(1, hash);
            ps.setLong(2, token);
            ps.setString(3, owner);
            ps.executeUpdate();
        }
        return Optional.of(new Lease(key, owner, token, previous));
    }

    /** Who holds the Source's lease now, if anyone ever did. */
    public Optional<Holder> holder(String key) {
        try (Connection c = dataSource.getConnection()) {
            return holder(c, StateChanges.sha256(key));
        } catch (SQLException e) {
            throw new StateStoreException("Cannot read the lease of " + key + ": " + e.getMessage(), e);
        }
    }

    private Optional<Holder> holder(Connection c, byte[] hash) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(select)) {
            ps.setBytes(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Holder(rs.getString(1), rs.getLong(2), rs.getLong(3)))
                        : Optional.empty();
            }
        }
    }

    /** Extends the lease by its duration; {@code false} when it expired or was taken over meanwhile. */
    public boolean renew(Lease lease) {
        byte[] hash = StateChanges.sha256(lease.key());
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                boolean held = update(c, renew, hash, lease.token()) == 1;
                if (held) {
                    update(c, renewLog, hash, lease.token());
                }
                c.commit();
                return held;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            LOG.warn("Cannot renew the lease of {} (token {}): {}", lease.key(), lease.token(), e.getMessage());
            return true; // not known to be lost: the next commit's check decides
        }
    }

    /** Gives the lease up, so the next poll of any node may take it at once. */
    public void release(Lease lease) {
        byte[] hash = StateChanges.sha256(lease.key());
        try (Connection c = dataSource.getConnection()) {
            if (update(c, release, hash, lease.token()) == 1) {
                update(c, releaseLog, hash, lease.token());
            }
        } catch (SQLException e) {
            LOG.warn("Cannot release the lease of {} (token {}); it expires by itself: {}", lease.key(), lease.token(),
                    e.getMessage());
        }
    }

    /**
     * Within a commit's transaction: refuses the commit unless {@code lease} is still the Source's current lease and
     * has not expired. Locks the lease row until the commit ends, so a take-over waits for it.
     */
    void check(Connection c, Lease lease, String what) throws SQLException {
        byte[] hash = StateChanges.sha256(lease.key());
        if (update(c, check, hash, lease.token()) == 1) {
            return;
        }
        Holder now = holder(c, hash).orElse(null);
        String by = now == null || now.token() == lease.token() ? "it expired (the node paused or lost the database"
                                                                  + " longer than the lease of " + durationMillis + " ms)"
                : "node " + now.owner() + " took it over (token " + now.token() + ")";
        throw new LeaseLostException("Refused to " + what + ": this node (" + owner + ") no longer holds the lease of "
                                     + lease.key() + " (token " + lease.token() + "): " + by
                                     + ". Nothing of it was written; the holder of the lease harvests the Source");
    }

    /** Holds {@code lease}: renews it every third of its duration until closed, which releases it. */
    public Held hold(Lease lease) {
        return new Held(lease);
    }

    /** A lease being held; {@link #close()} stops renewing and releases it. */
    public final class Held implements AutoCloseable {
        private final Lease lease;
        private final ScheduledFuture<?> renewal;
        private volatile boolean lost;

        private Held(Lease lease) {
            this.lease = lease;
            long period = Math.max(1, durationMillis / 3);
            renewal = renewer.scheduleWithFixedDelay(() -> {
                if (!lost && !renew(lease)) {
                    lost = true;
                    LOG.warn("Lost the lease of {} (token {}): it expired or another node took it over; this node's"
                             + " commits of it are refused from now on", lease.key(), lease.token());
                }
            }, period, period, TimeUnit.MILLISECONDS);
        }

        public Lease lease() {
            return lease;
        }

        /** Whether a renewal found the lease expired or taken over (the commits are refused in any case). */
        public boolean lost() {
            return lost;
        }

        @Override
        public void close() {
            renewal.cancel(false);
            if (!lost) {
                release(lease);
            }
        }
    }

    private static int update(Connection c, String sql, byte[] hash, long token) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setBytes(1, hash);
            ps.setLong(2, token);
            return ps.executeUpdate();
        }
    }

    private static boolean isDuplicateKey(SQLException e) {
        String state = e.getSQLState();
        return state != null && state.startsWith("23");
    }

    @Override
    public void close() {
        renewer.shutdownNow();
    }
}
