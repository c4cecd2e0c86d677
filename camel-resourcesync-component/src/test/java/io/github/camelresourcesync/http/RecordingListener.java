package io.github.camelresourcesync.http;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** Remembers what the fetcher reported. */
final class RecordingListener implements FetchListener {

    record Retry(URI uri, int attempt, long delayMillis, String reason) {
    }

    record Response(URI uri, int status) {
    }

    /** A request and how it ended ({@link FetchListener#requesting}). */
    record Request(String method, URI uri, int status, URI finalUri, String failure) {
    }

    final List<Request> requests = new CopyOnWriteArrayList<>();
    final List<Retry> retries = new CopyOnWriteArrayList<>();
    final List<Response> responses = new CopyOnWriteArrayList<>();
    final AtomicLong received = new AtomicLong();

    @Override
    public FetchListener.Request requesting(String method, URI uri) {
        return (status, finalUri, failure) -> requests.add(new Request(method, uri, status, finalUri, failure));
    }

    @Override
    public void retrying(URI uri, int attempt, long delayMillis, String reason) {
        retries.add(new Retry(uri, attempt, delayMillis, reason));
    }

    @Override
    public void responded(URI uri, int status) {
        responses.add(new Response(uri, status));
    }

    @Override
    public void received(URI uri, long bytes) {
        received.addAndGet(bytes);
    }
}
