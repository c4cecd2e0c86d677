/**
 * Deprecated twins of the classes that moved to {@code component.mirror}, so existing imports keep compiling.
 * <p>
 * Layer: Camel. May import: {@code component.mirror}; of Camel, anything.
 */
package io.github.camelresourcesync.mirror;
