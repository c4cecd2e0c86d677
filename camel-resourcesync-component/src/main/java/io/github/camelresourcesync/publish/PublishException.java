package io.github.camelresourcesync.publish;

import java.io.IOException;

/** An event the publisher refuses: its body contradicts its own fixity, or it lacks what publishing needs. */
public class PublishException extends IOException {

    private static final long serialVersionUID = 1L;

    public PublishException(String message) {
        super(message);
    }
}
