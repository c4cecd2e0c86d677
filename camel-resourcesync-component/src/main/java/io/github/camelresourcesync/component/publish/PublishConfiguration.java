package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import java.time.Duration;

import io.github.camelresourcesync.publish.PublicationListener;
import io.github.camelresourcesync.publish.PublisherOptions;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How the publisher ({@code resourcesync-publish:}) lays out its Source, when it writes its documents, and where it
 * sends notifications: the options that can be one policy for every publishing endpoint. The component keeps one
 * ({@code camel.component.resourcesync-publish.*}) that each endpoint starts from. What names one Source (its
 * directory, {@code baseUrl}, state directory and topics) is an endpoint option only.
 */
@UriParams
public class PublishConfiguration extends TemplateConfiguration<PublishConfiguration> {

    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_STORE_CONTENT,
              description = """
                  Keep each event's body under resources/ and publish that copy (with a via link to the original \
                  URI), for harvesters that cannot reach the original. When false, bodies are only hashed and the \
                  original URIs are published.""")
    private boolean storeContent = PublisherOptions.DEFAULT_STORE_CONTENT;
    @UriParam(label = "producer", defaultValue = PublisherOptions.DEFAULT_HASH_ALGORITHMS,
              description = """
                  The digests published in each hash attribute (lists, dump manifests, notifications), comma \
                  separated: md5, sha-1, sha-224, sha-256, sha-384, sha-512. md5 alone is what rs-aggregator needs \
                  (see the peers table in docs/publisher.md). Bodies are still checked against every digest an event \
                  carries.""")
    private String hashAlgorithms = PublisherOptions.DEFAULT_HASH_ALGORITHMS;
    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_CHANGE_LIST_SIZE,
              description = """
                  Changes in one Change List; the next change closes it and opens a new one behind an index. The \
                  open list is rewritten with every batch of changes (see flushSize), so this also bounds the cost \
                  of a batch.""")
    private int changeListSize = PublisherOptions.DEFAULT_CHANGE_LIST_SIZE;
    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_CHANGE_LIST_MAX_AGE_MILLIS,
              javaType = "java.time.Duration",
              description = "Close the open Change List once it is this old (0: only by changeListSize).")
    private long changeListMaxAge = PublisherOptions.DEFAULT_CHANGE_LIST_MAX_AGE_MILLIS;
    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_CHANGE_LIST_RETENTION,
              description = """
                  Closed Change Lists kept, with their Change Dump packages; at each rotation the oldest beyond this \
                  leave the Change List Index and are deleted. Harvesters that fell further behind see a gap (see \
                  gapPolicy of resourcesync:). 0: every closed list is kept.""")
    private int changeListRetention = PublisherOptions.DEFAULT_CHANGE_LIST_RETENTION;
    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_STAMP_UNTIL,
              description = """
                  Give the open Change List until = the time of its last change, for harvesters that skip lists \
                  without until.""")
    private boolean stampUntil = PublisherOptions.DEFAULT_STAMP_UNTIL;
    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_RESOURCE_DUMP,
              description = "Also publish a Resource Dump (ZIP packages with manifests); needs storeContent.")
    private boolean resourceDump = PublisherOptions.DEFAULT_RESOURCE_DUMP;
    @UriParam(label = "producer", defaultValue = "" + PublisherOptions.DEFAULT_CHANGE_DUMP,
              description = "Also publish a Change Dump, one ZIP package per closed Change List; needs storeContent.")
    private boolean changeDump = PublisherOptions.DEFAULT_CHANGE_DUMP;
    @UriParam(label = "producer,advanced", defaultValue = "" + PublisherOptions.DEFAULT_RESOURCE_LIST_SIZE,
              description = """
                  Resources per Resource List; more are split behind a Resource List Index (at most 50000).""")
    private int resourceListSize = PublisherOptions.DEFAULT_RESOURCE_LIST_SIZE;
    @UriParam(label = "producer,advanced", defaultValue = "" + PublisherOptions.DEFAULT_RESOURCE_LIST_INTERVAL_MILLIS,
              javaType = "java.time.Duration",
              description = """
                  Least time between two rewrites of the Resource Lists (and Resource Dump), which cost time in \
                  proportion to the Source's size; a timer writes pending ones. 0 rewrites them after every change. \
                  Changes since the Resource List's at time are always in the Change Lists, so harvesters miss \
                  nothing meanwhile.""")
    private long resourceListInterval = PublisherOptions.DEFAULT_RESOURCE_LIST_INTERVAL_MILLIS;
    @UriParam(label = "producer,advanced", defaultValue = "" + PublisherOptions.DEFAULT_FLUSH_SIZE,
              description = """
                  Write the documents (the open Change List) as soon as this many published changes wait for them. \
                  An exchange completes once its change is durable in the publisher's store; harvesters see it after \
                  this many changes, at the end of the consumer's batch (CamelBatchComplete), or within \
                  flushInterval. 1: after every event (slow: the open list is rewritten per event).""")
    private int flushSize = PublisherOptions.DEFAULT_FLUSH_SIZE;
    @UriParam(label = "producer,advanced", defaultValue = "" + PublisherOptions.DEFAULT_FLUSH_INTERVAL_MILLIS,
              javaType = "java.time.Duration",
              description = "Longest time a published change waits before the documents show it.")
    private long flushInterval = PublisherOptions.DEFAULT_FLUSH_INTERVAL_MILLIS;
    @UriParam(label = "producer,advanced", defaultValue = "" + PublisherOptions.DEFAULT_SYNC,
              description = """
                  Force each event's record to the disk before the exchange completes, so acknowledged changes \
                  survive a power loss or an operating system crash, not only a crash of the JVM; costs one disk \
                  sync per event.""")
    private boolean syncToDisk = PublisherOptions.DEFAULT_SYNC;
    @UriParam(label = "producer,advanced", description = """
                                               Told of each published change, Change List rotation and written \
                                               document (for example to notify a search index).""")
    private PublicationListener publicationListener;

    @UriParam(label = "producer,push",
              description = """
                  The WebSub hub the publisher posts change and framework notifications to, advertised in its \
                  Capability List; setting it turns notifications on. Its host is always allowed (see allowedHosts).""")
    private String pushHub;
    @UriParam(label = "producer,push", defaultValue = "fatPing", enums = "fatPing,publish",
              description = """
                  How notifications reach pushHub. fatPing posts the notification payload itself with Link rel=self \
                  and rel=hub headers (the ResourceSync way); publish sends hub.mode=publish and the hub fetches the \
                  topic, which the publisher keeps serving the latest notifications (the topics must then lie under \
                  baseUrl).""")
    private String pushMode = "fatPing";
    @UriParam(label = "producer,push,advanced", defaultValue = "10000",
              description = """
                  Notifications (one per change or created document) waiting for the hub at most. Publishing never \
                  waits for the hub: beyond this, notifications are dropped, counted and logged, and Destinations \
                  see those changes when they poll.""")
    private int pushQueueSize = 10_000;
    @UriParam(label = "producer,push,advanced", defaultValue = "5",
              description = "Retries of a notification the hub did not accept, before it is given up (0: no retry).")
    private int pushRetries = 5;
    @UriParam(label = "producer,push,advanced", defaultValue = "1000", javaType = "java.time.Duration",
              description = """
                  Delay before the first retry of a notification; it doubles with each retry (with jitter), up to 30 \
                  seconds.""")
    private long pushRetryDelay = 1000;

    /** These options applied to a publisher's options. */
    public PublisherOptions applyTo(PublisherOptions options) {
        return options.storeContent(storeContent).changeListSize(changeListSize)
                .changeListMaxAge(Duration.ofMillis(changeListMaxAge)).changeListRetention(changeListRetention)
                .stampUntil(stampUntil).resourceDump(resourceDump).changeDump(changeDump)
                .resourceListSize(resourceListSize).resourceListInterval(Duration.ofMillis(resourceListInterval))
                .flushSize(flushSize).flushInterval(Duration.ofMillis(flushInterval)).sync(syncToDisk)
                .hashAlgorithms(hashAlgorithms).listener(publicationListener);
    }


    public boolean isStoreContent() {
        return storeContent;
    }

    public void setStoreContent(boolean storeContent) {
        this.storeContent = storeContent;
    }

    public String getHashAlgorithms() {
        return hashAlgorithms;
    }

    public void setHashAlgorithms(String hashAlgorithms) {
        this.hashAlgorithms = hashAlgorithms;
    }

    public int getChangeListSize() {
        return changeListSize;
    }

    public void setChangeListSize(int changeListSize) {
        this.changeListSize = changeListSize;
    }

    public long getChangeListMaxAge() {
        return changeListMaxAge;
    }

    public void setChangeListMaxAge(long changeListMaxAge) {
        this.changeListMaxAge = changeListMaxAge;
    }

    public int getChangeListRetention() {
        return changeListRetention;
    }

    public void setChangeListRetention(int changeListRetention) {
        this.changeListRetention = changeListRetention;
    }

    public boolean isStampUntil() {
        return stampUntil;
    }

    public void setStampUntil(boolean stampUntil) {
        this.stampUntil = stampUntil;
    }

    public boolean isResourceDump() {
        return resourceDump;
    }

    public void setResourceDump(boolean resourceDump) {
        this.resourceDump = resourceDump;
    }

    public boolean isChangeDump() {
        return changeDump;
    }

    public void setChangeDump(boolean changeDump) {
        this.changeDump = changeDump;
    }

    public int getResourceListSize() {
        return resourceListSize;
    }

    public void setResourceListSize(int resourceListSize) {
        this.resourceListSize = resourceListSize;
    }

    public long getResourceListInterval() {
        return resourceListInterval;
    }

    public void setResourceListInterval(long resourceListInterval) {
        this.resourceListInterval = resourceListInterval;
    }

    public int getFlushSize() {
        return flushSize;
    }

    public void setFlushSize(int flushSize) {
        this.flushSize = flushSize;
    }

    public long getFlushInterval() {
        return flushInterval;
    }

    public void setFlushInterval(long flushInterval) {
        this.flushInterval = flushInterval;
    }

    public boolean isSyncToDisk() {
        return syncToDisk;
    }

    public void setSyncToDisk(boolean syncToDisk) {
        this.syncToDisk = syncToDisk;
    }

    public String getPushHub() {
        return pushHub;
    }

    public void setPushHub(String pushHub) {
        this.pushHub = pushHub;
    }

    public String getPushMode() {
        return pushMode;
    }

    public void setPushMode(String pushMode) {
        this.pushMode = pushMode;
    }

    public int getPushQueueSize() {
        return pushQueueSize;
    }

    public void setPushQueueSize(int pushQueueSize) {
        this.pushQueueSize = pushQueueSize;
    }

    public int getPushRetries() {
        return pushRetries;
    }

    public void setPushRetries(int pushRetries) {
        this.pushRetries = pushRetries;
    }

    public long getPushRetryDelay() {
        return pushRetryDelay;
    }

    public void setPushRetryDelay(long pushRetryDelay) {
        this.pushRetryDelay = pushRetryDelay;
    }

    public PublicationListener getPublicationListener() {
        return publicationListener;
    }

    public void setPublicationListener(PublicationListener publicationListener) {
        this.publicationListener = publicationListener;
    }
}
