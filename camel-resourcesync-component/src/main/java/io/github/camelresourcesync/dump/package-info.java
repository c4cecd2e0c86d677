/**
 * ZIP packages of Resource Dumps and Change Dumps: reading them safely (manifest, path checks, entry count, size and
 * compression-ratio limits, no extraction outside the spool) and writing them for the publisher.
 * <p>
 * Layer: core. May import: {@code model}, {@code xml}; of Camel, nothing.
 */
package io.github.camelresourcesync.dump;
