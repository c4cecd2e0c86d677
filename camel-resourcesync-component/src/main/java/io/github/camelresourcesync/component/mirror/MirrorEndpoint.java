package io.github.camelresourcesync.component.mirror;

import io.github.camelresourcesync.ResourceSyncConstants;
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
 * Keep a directory equal to a Source: writes the body of each sync event to the event's {@code CamelFileName}
 * (under a temporary name first, then renamed, so a reader never sees half a file) and removes the file of a
 * {@code deleted} event.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-mirror", title = "ResourceSync Mirror",
             syntax = "resourcesync-mirror:directory", category = { Category.FILE }, producerOnly = true,
             headersClass = ResourceSyncConstants.class)
public class MirrorEndpoint extends DefaultEndpoint {

    @UriPath(description = "The mirror directory; created when missing.")
    @Metadata(required = true)
    private String directory;

    @UriParam
    private MirrorConfiguration configuration = new MirrorConfiguration();

    public MirrorEndpoint() {
    }

    public MirrorEndpoint(String uri, MirrorComponent component, String directory) {
        super(uri, component);
        this.directory = directory;
    }

    @Override
    public Producer createProducer() {
        return new MirrorProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("resourcesync-mirror is producer only");
    }

    public String getDirectory() {
        return directory;
    }

    /** The mirror directory; created when missing. */
    public void setDirectory(String directory) {
        this.directory = directory;
    }

    public MirrorConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(MirrorConfiguration configuration) {
        this.configuration = configuration;
    }
}
