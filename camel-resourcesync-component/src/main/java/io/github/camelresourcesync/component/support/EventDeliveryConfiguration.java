package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.delivery.DeliveryPolicy;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.SyncProgress;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How every harvesting endpoint hands its events to the route: batching, limits per poll, what a failed event does,
 * how much is fetched ahead. {@link DeliveryConfiguration} adds how events are named as files, for the schemes whose
 * locations are URL paths. Declared once; the component's values are the defaults of its endpoints.
 */
@UriParams
public class EventDeliveryConfiguration extends TemplateConfiguration<EventDeliveryConfiguration> {

    @UriParam(label = "consumer", defaultValue = "false",
              description = "One exchange per batch of up to 1,000 events instead of one per event, like camel-kafka's"
                            + " `batching`: the body is a `List` of `SyncEvent`, the per-event headers are not set."
                            + " State is committed after the whole exchange completed; a failed exchange fails"
                            + " every event in it. Events that failed before delivery (fetch, fixity) still arrive"
                            + " alone, with their exception. For bulk sinks and the fastest metadata-only listing.")
    private boolean batching;
    @UriParam(label = "consumer", defaultValue = "0",
              description = "The most events one poll delivers (0: no limit). The next poll continues where this one"
                            + " stopped; set `greedy=true` to run it at once.")
    private int maxMessagesPerPoll;
    @UriParam(label = "consumer", defaultValue = "" + DeliveryPolicy.DEFAULT_BREAK_ON_FIRST_ERROR,
              description = "Stop the poll at the first failed event, to resume at it next poll (at least once, in"
                            + " order); `false` passes over it while later events flow: `resourcesync:` remembers it"
                            + " in the state and tries it again at the end of each poll until it is delivered or"
                            + " given up (`maxEventAttempts`), `resourcesync-metashare:` lists it again next poll,"
                            + " `resourcesync-atompmh:` moves past it as if given up.")
    private boolean breakOnFirstError = DeliveryPolicy.DEFAULT_BREAK_ON_FIRST_ERROR;
    @UriParam(label = "consumer", defaultValue = "" + DeliveryPolicy.DEFAULT_MAX_EVENT_ATTEMPTS,
              description = "How many polls in a row one event may fail (fetch, fixity, refused link, or the route)"
                            + " before it is given up: recorded as failed (statistics, health details, dev console,"
                            + " JMX, meter), handed to the exception handler with `CamelResourceSyncGivenUp=true`"
                            + " (a dead letter channel with `bridgeErrorHandler=true`), and passed over, so one"
                            + " resource that fails forever cannot stop the harvest. A later change of the resource"
                            + " is tried again. Failures count whatever their cause; those of an event passed over"
                            + " (`breakOnFirstError=false`) are kept in the state, across restarts. 0: never give up"
                            + " (with `breakOnFirstError=true` the harvest then waits at that event until it"
                            + " succeeds).")
    private int maxEventAttempts = DeliveryPolicy.DEFAULT_MAX_EVENT_ATTEMPTS;
    @UriParam(label = "consumer", defaultValue = "" + HarvestOptions.DEFAULT_FETCH_PARALLELISM,
              description = "How many resources (records) are fetched concurrently ahead of delivery while the"
                            + " Source answers over HTTP/1.1 (each fetch holds a connection) or is local; exchanges"
                            + " stay in order.")
    private int fetchParallelism = HarvestOptions.DEFAULT_FETCH_PARALLELISM;
    @UriParam(label = "consumer", defaultValue = "" + HarvestOptions.DEFAULT_FETCH_PARALLELISM_HTTP2,
              description = "How many resources (records) are fetched concurrently while the Source answers over"
                            + " HTTP/2, where they share one connection: a Source 50 ms away then answers up to 2,000"
                            + " a second. Bounded also by `maxRequestsPerHost` and the component's `fetchThreadsHttp2`;"
                            + " bodies in memory stay within what `fetchParallelism` fetches hold (larger ones are"
                            + " spooled). Set it to `fetchParallelism` for the same pace on both protocols.")
    private int fetchParallelismHttp2 = HarvestOptions.DEFAULT_FETCH_PARALLELISM_HTTP2;
    @UriParam(label = "consumer,advanced", defaultValue = "" + SyncProgress.DEFAULT_INTERVAL_MILLIS,
              javaType = "java.time.Duration",
              description = "How often long harvests log progress (entries, events, bytes, rate); 0 disables.")
    private long progressInterval = SyncProgress.DEFAULT_INTERVAL_MILLIS;

    public boolean isBatching() {
        return batching;
    }

    public void setBatching(boolean batching) {
        this.batching = batching;
    }

    public int getMaxMessagesPerPoll() {
        return maxMessagesPerPoll;
    }

    public void setMaxMessagesPerPoll(int maxMessagesPerPoll) {
        this.maxMessagesPerPoll = maxMessagesPerPoll;
    }

    public boolean isBreakOnFirstError() {
        return breakOnFirstError;
    }

    public void setBreakOnFirstError(boolean breakOnFirstError) {
        this.breakOnFirstError = breakOnFirstError;
    }

    public int getMaxEventAttempts() {
        return maxEventAttempts;
    }

    public void setMaxEventAttempts(int maxEventAttempts) {
        this.maxEventAttempts = Math.max(0, maxEventAttempts);
    }

    public int getFetchParallelism() {
        return fetchParallelism;
    }

    public void setFetchParallelism(int fetchParallelism) {
        this.fetchParallelism = fetchParallelism;
    }

    public int getFetchParallelismHttp2() {
        return fetchParallelismHttp2;
    }

    public void setFetchParallelismHttp2(int fetchParallelismHttp2) {
        this.fetchParallelismHttp2 = fetchParallelismHttp2;
    }

    public long getProgressInterval() {
        return progressInterval;
    }

    public void setProgressInterval(long progressInterval) {
        this.progressInterval = progressInterval;
    }
}
