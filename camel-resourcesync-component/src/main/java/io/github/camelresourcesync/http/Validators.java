package io.github.camelresourcesync.http;

/** The validators of a fetched document, for a conditional GET next time. Both nullable. */
public record Validators(String etag, String lastModified) {

    public static final Validators NONE = new Validators(null, null);

    public boolean isEmpty() {
        return etag == null && lastModified == null;
    }
}
