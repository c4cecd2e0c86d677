package io.github.camelresourcesync.state;

/**
 * A state store could not open, read or write its state. The message names the file or database and says what to do.
 */
public class StateStoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StateStoreException(String message) {
        super(message);
    }

    public StateStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
