/**
 * Deprecated twins of the classes that moved to {@code component.atompmh}, so existing imports keep compiling.
 * <p>
 * Layer: Camel. May import: {@code component.atompmh}; of Camel, anything.
 */
package io.github.camelresourcesync.atompmh;
