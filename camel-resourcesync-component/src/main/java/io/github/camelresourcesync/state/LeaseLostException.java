package io.github.camelresourcesync.state;

/**
 * A node's commit was refused because its lease on the Source expired or another node took it over (the state store
 * fences Sources, see {@link SourceLeases}): nothing of the change was written; the holder of the newer lease goes on.
 */
public class LeaseLostException extends StateStoreException {

    private static final long serialVersionUID = 1L;

    public LeaseLostException(String message) {
        super(message);
    }
}
