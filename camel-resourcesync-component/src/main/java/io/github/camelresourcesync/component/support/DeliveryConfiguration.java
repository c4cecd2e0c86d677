package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.model.FileLayout;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * The delivery options ({@link EventDeliveryConfiguration}) and how each event's file name is made of its location.
 * Held by {@code resourcesync} and {@code resourcesync-atompmh}; not by {@code resourcesync-metashare}, which names each
 * record by its storage id ({@code <id>.xml}), its record URLs being no file paths.
 */
@UriParams
public class DeliveryConfiguration extends EventDeliveryConfiguration {

    @UriParam(label = "consumer", defaultValue = FileLayout.DEFAULT, enums = "collisionFree,urlPath",
              description = "How each event's `CamelFileName` (and an audit's names in a directory) is made of its"
                            + " location. `collisionFree`: every location its own name, safe on any file system."
                            + " `urlPath`: the Source's own URL paths"
                            + " (`/records/123` is `records/123`), for a mirror served back or compared with another"
                            + " client's; a location that cannot be a file (a query, a directory URL, another origin,"
                            + " an unsafe segment) gets no `CamelFileName`. See docs/headers.md.")
    private String fileLayout = FileLayout.DEFAULT;

    @Override
    public DeliveryConfiguration copy() {
        return (DeliveryConfiguration) super.copy();
    }

    /** The layout {@code fileLayout} names. */
    public FileLayout fileLayout() {
        return FileLayout.of(fileLayout);
    }

    public String getFileLayout() {
        return fileLayout;
    }

    public void setFileLayout(String fileLayout) {
        this.fileLayout = fileLayout;
    }
}
