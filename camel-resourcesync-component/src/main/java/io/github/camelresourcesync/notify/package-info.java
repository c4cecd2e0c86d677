/**
 * WebSub for ResourceSync notifications: subscribing to a hub (verification, lease renewal), checking signed
 * deliveries, parsing change and framework notification payloads, and publishing notifications to hubs.
 * <p>
 * Layer: core. May import: {@code model}, {@code xml}, {@code http}; of Camel, nothing.
 */
package io.github.camelresourcesync.notify;
