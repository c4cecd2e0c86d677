/**
 * The Atom-PMH bridge's core: reads an Atom-PMH feed and its archives (RFC 5005), plans the created, updated and
 * deleted records since the stop point, and hands them out as sync events.
 * <p>
 * Layer: core. May import: {@code harvest}, {@code model}, {@code xml}, {@code http}, {@code state}; of Camel,
 * nothing.
 */
package io.github.camelresourcesync.bridge.atompmh;
