package io.github.camelresourcesync.dump;

import java.io.IOException;
import java.net.URI;

/**
 * A dump package is refused: unsafe paths, over a limit, no usable manifest, or a broken ZIP. Nothing from the package
 * is delivered. The message names the package URL and, where there is one, the entry.
 */
public class DumpException extends IOException {

    private final URI packageUri;

    public DumpException(URI packageUri, String message) {
        super("Dump package " + packageUri + ": " + message);
        this.packageUri = packageUri;
    }

    public DumpException(URI packageUri, String message, Throwable cause) {
        super("Dump package " + packageUri + ": " + message, cause);
        this.packageUri = packageUri;
    }

    public URI getPackageUri() {
        return packageUri;
    }
}
