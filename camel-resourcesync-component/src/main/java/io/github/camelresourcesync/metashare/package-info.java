/**
 * Deprecated twins of the classes that moved to {@code component.metashare}, so existing imports keep compiling.
 * <p>
 * Layer: Camel. May import: {@code component.metashare}; of Camel, anything.
 */
package io.github.camelresourcesync.metashare;
