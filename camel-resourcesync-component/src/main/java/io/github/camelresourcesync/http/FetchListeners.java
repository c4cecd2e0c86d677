package io.github.camelresourcesync.http;

import java.net.URI;

/** Two listeners told the same things ({@link FetchListener#both}): statistics and tracing, say. */
final class FetchListeners implements FetchListener {

    private final FetchListener first;
    private final FetchListener second;

    FetchListeners(FetchListener first, FetchListener second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public Request requesting(String method, URI uri) {
        Request a = first.requesting(method, uri);
        Request b = second.requesting(method, uri);
        if (a == Request.NONE) {
            return b;
        }
        if (b == Request.NONE) {
            return a;
        }
        return (status, finalUri, failure) -> {
            a.ended(status, finalUri, failure);
            b.ended(status, finalUri, failure);
        };
    }

    @Override
    public void retrying(URI uri, int attempt, long delayMillis, String reason) {
        first.retrying(uri, attempt, delayMillis, reason);
        second.retrying(uri, attempt, delayMillis, reason);
    }

    @Override
    public void responded(URI uri, int status) {
        first.responded(uri, status);
        second.responded(uri, status);
    }

    @Override
    public void received(URI uri, long bytes) {
        first.received(uri, bytes);
        second.received(uri, bytes);
    }
}
