package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.support.HttpConfiguration;
import java.net.URI;
import java.nio.file.Path;

import io.github.camelresourcesync.notify.HubNotifier;
import io.github.camelresourcesync.publish.Publisher;
import io.github.camelresourcesync.publish.PublisherOptions;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/**
 * Publish a ResourceSync Source: maintain the Resource Lists, Change Lists and optional dumps of a directory, served at
 * baseUrl, from the sync events sent to it (from resourcesync:, the bridges or any route that sets the headers), and
 * optionally announce the changes to a WebSub hub.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-publish", title = "ResourceSync Publisher",
             syntax = "resourcesync-publish:directory", category = { Category.FILE, Category.HTTP },
             producerOnly = true, headersClass = ResourceSyncConstants.class)
public class PublishEndpoint extends DefaultEndpoint {

    @UriPath(description = """
                 The directory the Source is written into, the document root of the web server that serves it at \
                 baseUrl; created when missing.""")
    @Metadata(required = true)
    private String directory;
    @UriParam(label = "producer", description = """
                                      The URL the directory is served at; every URI in the published documents \
                                      starts with it.""")
    @Metadata(required = true)
    private String baseUrl;
    @UriParam(label = "producer,advanced", description = """
                                               Where the publisher records what it published; default .publisher in \
                                               the directory (keep it unserved). One publisher at a time may use it.""")
    private String stateDirectory;
    @UriParam(label = "producer,push", description = """
                                           The change notification channel (topic URL); default \
                                           notification/changelist.xml under baseUrl.""")
    private String pushChangeTopic;
    @UriParam(label = "producer,push", description = """
                                           The framework notification channel (topic URL); default \
                                           notification/framework.xml under baseUrl.""")
    private String pushFrameworkTopic;

    @UriParam
    private PublishConfiguration configuration = new PublishConfiguration();
    @UriParam
    private HttpConfiguration httpConfiguration = new HttpConfiguration();

    private Publisher publisher;
    private int publisherUsers;
    private PublisherPush publisherPush;

    public PublishEndpoint() {
    }

    public PublishEndpoint(String uri, PublishComponent component, String directory) {
        super(uri, component);
        this.directory = directory;
    }

    @Override
    public Producer createProducer() {
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new IllegalArgumentException("resourcesync-publish:" + directory + " needs baseUrl, the URL the"
                                               + " directory is served at, e.g. resourcesync-publish:" + directory
                                               + "?baseUrl=https://example.org/rs/");
        }
        return new PublishProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("resourcesync-publish is producer only: harvest a published Source"
                                                + " with resourcesync:<its baseUrl>");
    }

    /** The endpoint's publisher, opened by its first producer; producers of one endpoint share it. */
    synchronized Publisher acquirePublisher() throws Exception {
        if (publisher == null) {
            PublisherOptions options = publisherOptions();
            PublisherPush push = PublisherPush.configure(this, options);
            try {
                publisher = Publisher.open(options);
            } catch (Exception e) {
                if (push != null) {
                    push.close();
                }
                throw e;
            }
            publisherPush = push;
            if (push != null) {
                push.opened();
            }
        }
        publisherUsers++;
        return publisher;
    }

    synchronized void releasePublisher() {
        if (--publisherUsers == 0 && publisher != null) {
            publisher.close();
            publisher = null;
            if (publisherPush != null) {
                publisherPush.close();
                publisherPush = null;
            }
        }
    }

    public PublisherOptions publisherOptions() {
        return configuration.applyTo(new PublisherOptions().directory(Path.of(directory))
                .baseUrl(URI.create(baseUrl.trim()))
                .stateDirectory(stateDirectory == null ? null : Path.of(stateDirectory)));
    }

    /** The publisher's notification counters, or {@code null} without {@code pushHub} or before a producer started. */
    public synchronized HubNotifier.Stats publisherPushStats() {
        return publisherPush == null ? null : publisherPush.stats();
    }

    public String getDirectory() {
        return directory;
    }

    public void setDirectory(String directory) {
        this.directory = directory;
    }

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getStateDirectory() {
        return stateDirectory;
    }

    public void setStateDirectory(String stateDirectory) {
        this.stateDirectory = stateDirectory;
    }

    public String getPushChangeTopic() {
        return pushChangeTopic;
    }

    public void setPushChangeTopic(String pushChangeTopic) {
        this.pushChangeTopic = pushChangeTopic;
    }

    public String getPushFrameworkTopic() {
        return pushFrameworkTopic;
    }

    public void setPushFrameworkTopic(String pushFrameworkTopic) {
        this.pushFrameworkTopic = pushFrameworkTopic;
    }

    public PublishConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(PublishConfiguration configuration) {
        this.configuration = configuration;
    }

    public HttpConfiguration getHttpConfiguration() {
        return httpConfiguration;
    }

    public void setHttpConfiguration(HttpConfiguration httpConfiguration) {
        this.httpConfiguration = httpConfiguration;
    }
}
