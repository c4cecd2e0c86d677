package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;

/** A resource's bytes do not match the length or a hash published for it. The bytes are never delivered. */
public class FixityException extends IOException {

    private final URI location;

    public FixityException(URI location, URI document, String what, String expected, String actual) {
        super(what + " mismatch for " + location + " (listed in " + document + "): expected " + expected + ", got "
              + actual);
        this.location = location;
    }

    public URI getLocation() {
        return location;
    }
}
