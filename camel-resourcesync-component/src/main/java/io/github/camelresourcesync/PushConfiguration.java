package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * Whether and how a {@code resourcesync:} endpoint receives the Source's notifications over WebSub: the callback it
 * serves, the channels it subscribes to, and what it requires of deliveries. Used by {@link ResourceSyncPush}; the
 * defaults are written here only, as no core class has them.
 */
@UriParams
public class PushConfiguration extends TemplateConfiguration<PushConfiguration> {

    @UriParam(label = "consumer,push", defaultValue = "false",
              description = """
                  Receive the Source's change and framework notifications over WebSub, so changes arrive within \
                  milliseconds of being published instead of at the next poll. Channels come from the Capability \
                  List (entries with capability `changelist-notification` or `framework-notification` carrying \
                  `rs:ln` with `rel=hub`) or from `pushTopic`. The callback is served by Camel's HTTP server \
                  (`platform-http`: add camel-platform-http-main or camel-platform-http-vertx). Polling goes on at \
                  its own pace and remains the source of truth.""")
    private boolean push;
    @UriParam(label = "consumer,push",
              description = """
                  The base URL at which hubs reach this application's HTTP server (e.g. \
                  `https://dest.example.org:8080`); the callback is this URL followed by `pushCallbackPath`. \
                  Required with `push=true`.""")
    private String pushCallbackUrl;
    @UriParam(label = "consumer,push",
              description = """
                  The path the callback is served at by the HTTP server; default `/resourcesync/push/` followed by \
                  the route id.""")
    private String pushCallbackPath;
    @UriParam(label = "consumer,push",
              description = """
                  A notification channel (WebSub topic URL) to subscribe to in addition to those the Capability List \
                  advertises. Without `pushHub` its hub is discovered from the topic's `Link` header with `rel=hub`.""")
    private String pushTopic;
    @UriParam(label = "consumer,push",
              description = "The WebSub hub of `pushTopic`; without it the hub is discovered from the topic.")
    private String pushHub;
    @UriParam(label = "consumer,push,security", secret = true,
              description = """
                  The `hub.secret` sent with each subscription: deliveries must then carry a valid `X-Hub-Signature` \
                  (sha1, sha256, sha384 or sha512 HMAC of the body) and unsigned or wrongly signed deliveries are \
                  refused. Required with `push=true` unless `pushAllowUnsigned=true`: without it anyone who knows \
                  the callback URL could announce changes.""")
    private String pushSecret;
    @UriParam(label = "consumer,push", defaultValue = "86400",
              description = """
                  The lease asked for, in seconds; subscriptions are renewed when three quarters of the granted \
                  lease passed.""")
    private int pushLeaseSeconds = 86_400;
    @UriParam(label = "consumer,push,advanced", defaultValue = "60000", javaType = "java.time.Duration",
              description = """
                  How long a subscription request may stay unverified by the hub (which may answer 202 and verify \
                  later) before it is sent again, with backoff.""")
    private long pushVerifyTimeout = 60_000;
    @UriParam(label = "consumer,push,advanced", defaultValue = "platform-http",
              description = """
                  The Camel component that serves the callback: `platform-http` or another with the same URI syntax.""")
    private String pushComponent = "platform-http";
    @UriParam(label = "consumer,push,security", defaultValue = "false",
              description = """
                  Without `pushSecret`, a route with `push=true` is refused at start, since anyone who can reach the \
                  callback could announce changes. `true` accepts unsigned deliveries, but only as hints: each makes \
                  the route read the Source's lists at once (as a poll does); it never delivers an event or records \
                  a change by itself.""")
    private boolean pushAllowUnsigned;

    public boolean isPush() {
        return push;
    }

    public void setPush(boolean push) {
        this.push = push;
    }

    public String getPushCallbackUrl() {
        return pushCallbackUrl;
    }

    public void setPushCallbackUrl(String pushCallbackUrl) {
        this.pushCallbackUrl = pushCallbackUrl;
    }

    public String getPushCallbackPath() {
        return pushCallbackPath;
    }

    public void setPushCallbackPath(String pushCallbackPath) {
        this.pushCallbackPath = pushCallbackPath;
    }

    public String getPushTopic() {
        return pushTopic;
    }

    public void setPushTopic(String pushTopic) {
        this.pushTopic = pushTopic;
    }

    public String getPushHub() {
        return pushHub;
    }

    public void setPushHub(String pushHub) {
        this.pushHub = pushHub;
    }

    public String getPushSecret() {
        return pushSecret;
    }

    public void setPushSecret(String pushSecret) {
        this.pushSecret = pushSecret;
    }

    public int getPushLeaseSeconds() {
        return pushLeaseSeconds;
    }

    public void setPushLeaseSeconds(int pushLeaseSeconds) {
        this.pushLeaseSeconds = pushLeaseSeconds;
    }

    public long getPushVerifyTimeout() {
        return pushVerifyTimeout;
    }

    public void setPushVerifyTimeout(long pushVerifyTimeout) {
        this.pushVerifyTimeout = pushVerifyTimeout;
    }

    public String getPushComponent() {
        return pushComponent;
    }

    public void setPushComponent(String pushComponent) {
        this.pushComponent = pushComponent;
    }

    public boolean isPushAllowUnsigned() {
        return pushAllowUnsigned;
    }

    public void setPushAllowUnsigned(boolean pushAllowUnsigned) {
        this.pushAllowUnsigned = pushAllowUnsigned;
    }
}
