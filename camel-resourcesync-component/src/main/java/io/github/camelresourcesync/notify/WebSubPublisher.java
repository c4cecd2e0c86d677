package io.github.camelresourcesync.notify;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import io.github.camelresourcesync.http.UrlRedaction;

/**
 * The Source side: tells a hub that a topic has news. {@link #publish} is the ResourceSync "fat ping" (the Source
 * posts the notification itself, with {@code Link: <topic>; rel="self", <hub>; rel="hub"}); {@link #ping} is the
 * {@code hub.mode=publish} request of hubs that fetch the topic themselves.
 */
public final class WebSubPublisher {

    /** Media type of notification payloads (sitemap XML). */
    public static final String CONTENT_TYPE = "application/xml";

    private final URI hub;
    private final HubClient client;

    public WebSubPublisher(URI hub, HubClient client) {
        this.hub = hub;
        this.client = client;
    }

    public URI hub() {
        return hub;
    }

    /**
     * Posts a notification payload for {@code topic} to the hub.
     *
     * @throws IOException when the hub cannot be reached or does not answer 2xx (the message names hub, topic and
     *                     the hub's answer)
     */
    public void publish(URI topic, byte[] payload) throws IOException {
        String link = "<" + topic + ">; rel=\"self\", <" + hub + ">; rel=\"hub\"";
        check(client.postBody(hub, CONTENT_TYPE, payload, Map.of("Link", link)), topic, "notification");
    }

    /** Asks a hub that fetches topics to fetch {@code topic} and distribute it ({@code hub.mode=publish}). */
    public void ping(URI topic) throws IOException {
        check(client.postForm(hub, Map.of("hub.mode", "publish", "hub.topic", topic.toString(), "hub.url",
                topic.toString())), topic, "hub.mode=publish");
    }

    private void check(HubClient.Answer a, URI topic, String what) throws IOException {
        if (!a.ok()) {
            throw new IOException("Hub " + UrlRedaction.redact(hub) + " refused the " + what + " for topic "
                                  + UrlRedaction.redact(topic) + ": HTTP " + a.status() + " " + a.body());
        }
    }
}
