package io.github.camelresourcesync.component.support;

import java.util.HashMap;
import java.util.Map;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.http.FetchEngine;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.builder.ThreadPoolProfileBuilder;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.util.ObjectHelper;

/**
 * What the components that harvest sync events ({@code resourcesync}, {@code resourcesync-atompmh},
 * {@code resourcesync-metashare}) have in common: one state-store policy, the owner of each resume point, the shared
 * fetch engine, workers and poll scheduler. The configurations of a scheme are declared by its component (of the
 * classes its endpoint declares: {@link HttpSyncEventComponent} for the whole HTTP fetch policy) and copied into each
 * endpoint in {@link #newEndpoint}, as camel-aws2-s3 does, so {@code camel.component.<scheme>.*} sets every endpoint
 * option for all endpoints.
 */
public abstract class SyncEventComponent extends HealthCheckComponent {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SyncEventComponent.class);

    @Metadata(label = "state", autowired = true,
              description = "The state store shared by this component's endpoints (resume points, what each resource"
                            + " or record was when delivered). Default: an embedded MVStore file in"
                            + " `stateDirectory`. Autowired when exactly one SyncStateStore bean is in the registry.")
    private SyncStateStore stateStore;
    @Metadata(label = "state", defaultValue = "${user.home}/.camel-resourcesync",
              description = "Directory of the embedded state store file, used when no `stateStore` is set; one"
                            + " process at a time may use it.")
    private String stateDirectory;
    @Metadata(label = "advanced", defaultValue = "16",
              description = "Threads that fetch resource bodies for all endpoints of this component from Sources that"
                            + " answer over HTTP/1.1 or are local (each run keeps at most twice its"
                            + " `fetchParallelism` fetches ahead). Started on demand, stopped when idle.")
    private int fetchThreads = 16;
    @Metadata(label = "advanced", defaultValue = "" + HarvestOptions.DEFAULT_FETCH_PARALLELISM_HTTP2,
              description = "Threads that fetch resource bodies for all endpoints of this component from Sources that"
                            + " answer over HTTP/2: at most this many of their fetches are in flight at once (a fetch"
                            + " holds its thread until its body is read). The default lets one route have its"
                            + " `fetchParallelismHttp2` lanes. A pool apart from `fetchThreads`, so far Sources never"
                            + " take the threads of the routes on HTTP/1.1. Started on demand, stopped when idle.")
    private int fetchThreadsHttp2 = HarvestOptions.DEFAULT_FETCH_PARALLELISM_HTTP2;
    @Metadata(label = "advanced", defaultValue = "10",
              description = "Threads that run the scheduled polls of all endpoints of this component (unless an"
                            + " endpoint sets its own `scheduledExecutorService` or uses `scheduler=quartz`). A"
                            + " poll holds its thread while it delivers: raise it when many long harvests run at"
                            + " once.")
    private int pollThreads = 10;

    /** The descriptions of the configuration options each component declares (of the classes of its scheme). */
    protected static final String HTTP_CONFIGURATION = "The HTTP and security options every endpoint of this component"
                                                       + " starts from.";
    protected static final String FETCH_CONFIGURATION = "The fetch options (pool and limits; retries and bodies where"
                                                        + " the scheme has them) every endpoint of this component"
                                                        + " starts from.";
    protected static final String DELIVERY_CONFIGURATION = "The delivery options every endpoint of this component"
                                                           + " starts from.";

    private final EmbeddedStateStores embedded;
    private final FetchEngine fetchEngine = new FetchEngine();
    private ExecutorService fetchPool;
    private ExecutorService http2FetchPool;
    private ScheduledExecutorService pollScheduler;
    /** Resume point (state store, state id, source) to the route that owns it. */
    private final Map<String, String> owners = new HashMap<>();

    /**
     * @param stateFile the embedded store's file name in a state directory
     * @param what      whose state it is, for the log line naming the file
     */
    protected SyncEventComponent(String stateFile, String what) {
        this.embedded = new EmbeddedStateStores(stateFile, what);
    }

    @Override
    protected final Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters)
            throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException(getDefaultName() + ": needs " + usage());
        }
        Map<String, Object> written = EndpointOptions.written(parameters);
        EndpointOptions.decode(parameters);
        EndpointOptions.dropEmpty(parameters);
        SyncEventEndpoint endpoint = newEndpoint(uri, remaining);
        setProperties(endpoint, parameters);
        String query = urlTakesQuery() ? EndpointOptions.takeLeftovers(parameters, written) : "";
        if (!query.isEmpty()) {
            // as camel-http does: what is not an option of this endpoint is the URL's own query
            endpoint.appendQuery(query);
            LOG.info("{}: the parameters that are not options of this endpoint are the query of its URL: {}",
                     endpoint.describe(), String.join(", ", keys(query)));
        }
        return endpoint;
    }

    /**
     * The path is taken as written, escapes kept, so that a URL's user-info ({@code https://user:p%40ss@host/}) and
     * path reach the server as the user wrote them; the options are decoded as Camel decodes any endpoint URI's
     * ({@link EndpointOptions#decode}).
     */
    @Override
    public boolean useRawUri() {
        return true;
    }

    @Override
    protected boolean resolveRawParameterValues() {
        // EndpointOptions.decode takes RAW(...) values as written and decodes the others
        return false;
    }

    private static java.util.List<String> keys(String query) {
        return java.util.Arrays.stream(query.split("&")).map(p -> p.contains("=") ? p.substring(0, p.indexOf('=')) : p)
                .toList();
    }

    /**
     * Whether the parameters that are not options are the query of the URL in the path (as camel-http does), so that
     * {@code resourcesync:https://host/rs/capabilitylist.xml?set=a} works; otherwise they are refused, as Camel refuses
     * unknown options.
     */
    protected boolean urlTakesQuery() {
        return true;
    }

    /**
     * This component's endpoint for {@code remaining}, the path part of the URI, with copies of this component's
     * configurations (the defaults its options start from).
     */
    protected abstract SyncEventEndpoint newEndpoint(String uri, String remaining);

    /** What the path part must be, e.g. {@code the Source URL, e.g. resourcesync:https://example.org/}. */
    protected abstract String usage();

    /**
     * The one state-store policy of every harvesting endpoint: the endpoint's {@code stateStore}; else, unless the
     * endpoint names its own {@code stateDirectory}, the component's {@code stateStore}; else the embedded store in the
     * endpoint's or the component's {@code stateDirectory} (endpoints naming the same directory share it).
     */
    SyncStateStore stateStore(SyncEventEndpoint endpoint) throws Exception {
        if (endpoint.getStateStore() != null) {
            return endpoint.getStateStore();
        }
        if (endpoint.getStateDirectory() == null && stateStore != null) {
            return stateStore;
        }
        return embedded.open(endpoint.getStateDirectory() != null ? endpoint.getStateDirectory() : stateDirectory);
    }

    /**
     * Makes {@code routeId} the owner of a resume point; fails naming both routes when another route owns it, as two
     * routes sharing one resume point would each deliver only part of the changes.
     */
    synchronized void claim(String resumePoint, String description, String routeId) {
        String owner = owners.putIfAbsent(resumePoint, routeId);
        if (owner != null && !owner.equals(routeId)) {
            throw new IllegalStateException("Routes '" + owner + "' and '" + routeId + "' both harvest " + description
                                            + " into the same state store: they would share one resume point and each"
                                            + " deliver only part of the changes. Give each route its own stateId"
                                            + " (e.g. stateId=" + routeId + "), or its own stateStore or"
                                            + " stateDirectory");
        }
    }

    synchronized void release(String resumePoint, String routeId) {
        owners.remove(resumePoint, routeId);
    }

    /** The connection pools shared by this component's endpoints (one per distinct connection settings). */
    public FetchEngine fetchEngine() {
        return fetchEngine;
    }

    /** The fetch workers shared by this component's endpoints: bounded, started on demand, stopped when idle. */
    public synchronized ExecutorService fetchPool() {
        if (fetchPool == null) {
            fetchPool = newFetchPool("-fetch", "ResourceSyncFetch", fetchThreads);
        }
        return fetchPool;
    }

    /** The fetch workers of this component's endpoints for Sources that answer over HTTP/2. */
    public synchronized ExecutorService http2FetchPool() {
        if (http2FetchPool == null) {
            http2FetchPool = newFetchPool("-fetch-http2", "ResourceSyncFetchHttp2", fetchThreadsHttp2);
        }
        return http2FetchPool;
    }

    private ExecutorService newFetchPool(String profileSuffix, String name, int threads) {
        // a queue, not Camel's direct hand-over (maxQueueSize <= 0) whose caller-runs policy had the consumer
        // thread run fetches itself once the threads were busy
        ThreadPoolProfile profile = new ThreadPoolProfileBuilder(getDefaultName() + profileSuffix).poolSize(threads)
                .maxPoolSize(threads).keepAliveTime(30L, TimeUnit.SECONDS).allowCoreThreadTimeOut(true)
                .maxQueueSize(Integer.MAX_VALUE).build();
        return getCamelContext().getExecutorServiceManager().newThreadPool(this, name, profile);
    }

    /** The scheduler that runs the polls of this component's endpoints. */
    public synchronized ScheduledExecutorService pollScheduler() {
        if (pollScheduler == null) {
            // every endpoint's periodic poll is one task in this pool's queue: Camel's default bound (1,000 queued
            // tasks) refused the 1,001st route at start, so the queue is unbounded here
            ThreadPoolProfile profile = new ThreadPoolProfileBuilder(getDefaultName() + "-poll").poolSize(pollThreads)
                    .maxPoolSize(pollThreads).maxQueueSize(-1).build();
            pollScheduler = getCamelContext().getExecutorServiceManager().newScheduledThreadPool(this,
                    "ResourceSyncPoll", profile);
        }
        return pollScheduler;
    }

    @Override
    protected void doStop() throws Exception {
        synchronized (this) {
            if (fetchPool != null) {
                getCamelContext().getExecutorServiceManager().shutdownNow(fetchPool);
                fetchPool = null;
            }
            if (http2FetchPool != null) {
                getCamelContext().getExecutorServiceManager().shutdownNow(http2FetchPool);
                http2FetchPool = null;
            }
            if (pollScheduler != null) {
                getCamelContext().getExecutorServiceManager().shutdownNow(pollScheduler);
                pollScheduler = null;
            }
        }
        fetchEngine.close();
        embedded.closeAll();
        super.doStop();
    }

    public int getFetchThreads() {
        return fetchThreads;
    }

    public void setFetchThreads(int fetchThreads) {
        this.fetchThreads = Math.max(1, fetchThreads);
    }

    public int getFetchThreadsHttp2() {
        return fetchThreadsHttp2;
    }

    public void setFetchThreadsHttp2(int fetchThreadsHttp2) {
        this.fetchThreadsHttp2 = Math.max(1, fetchThreadsHttp2);
    }

    public int getPollThreads() {
        return pollThreads;
    }

    public void setPollThreads(int pollThreads) {
        this.pollThreads = Math.max(1, pollThreads);
    }

    public SyncStateStore getStateStore() {
        return stateStore;
    }

    public void setStateStore(SyncStateStore stateStore) {
        this.stateStore = stateStore;
    }

    public String getStateDirectory() {
        return stateDirectory;
    }

    public void setStateDirectory(String stateDirectory) {
        this.stateDirectory = ObjectHelper.isEmpty(stateDirectory) ? null : stateDirectory;
    }
}
