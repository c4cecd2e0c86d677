package io.github.camelresourcesync.http;

import java.net.URI;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Shields fetching from a listener that throws: metrics and tracing must never fail a harvest. */
final class SafeListener implements FetchListener {

    private static final Logger LOG = LoggerFactory.getLogger(SafeListener.class);

    private final FetchListener delegate;

    private SafeListener(FetchListener delegate) {
        this.delegate = delegate;
    }

    static FetchListener wrap(FetchListener listener) {
        if (listener == null || listener == FetchListener.NONE) {
            return FetchListener.NONE;
        }
        return listener instanceof SafeListener ? listener : new SafeListener(listener);
    }

    @Override
    public Request requesting(String method, URI uri) {
        Request request;
        try {
            request = delegate.requesting(method, uri);
        } catch (RuntimeException e) {
            failed(e);
            return Request.NONE;
        }
        if (request == null || request == Request.NONE) {
            return Request.NONE;
        }
        return (status, finalUri, failure) -> {
            try {
                request.ended(status, finalUri, failure);
            } catch (RuntimeException e) {
                failed(e);
            }
        };
    }

    @Override
    public void retrying(URI uri, int attempt, long delayMillis, String reason) {
        try {
            delegate.retrying(uri, attempt, delayMillis, reason);
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    @Override
    public void responded(URI uri, int status) {
        try {
            delegate.responded(uri, status);
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    @Override
    public void received(URI uri, long bytes) {
        try {
            delegate.received(uri, bytes);
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    private void failed(RuntimeException e) {
        LOG.warn("FetchListener {} threw; ignored", delegate.getClass().getName(), e);
    }
}
