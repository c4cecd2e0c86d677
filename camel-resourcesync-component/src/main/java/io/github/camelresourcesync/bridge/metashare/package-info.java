/**
 * The META-SHARE bridge's core: a client of the inventory protocol v1.0 (inventory, full and partial, and record
 * ZIPs), checksum verification, and the conversion of records into sync events.
 * <p>
 * Layer: core. May import: {@code harvest}, {@code model}, {@code xml}, {@code http}, {@code state}; of Camel, only
 * {@code org.apache.camel.util} (camel-util's JSON reader, which has no Camel runtime).
 */
package io.github.camelresourcesync.bridge.metashare;
