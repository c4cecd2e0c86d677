/**
 * The Source side: {@link io.github.camelresourcesync.publish.Publisher} turns a stream of sync events into
 * capability documents (Resource Lists, Change Lists, indexes, dumps, Source Description and Capability List) on disk,
 * checking every value where it enters, with a journal so a crash loses nothing.
 * <p>
 * Layer: core. May import: {@code model}, {@code xml}, {@code dump}, {@code state}; of Camel, nothing.
 */
package io.github.camelresourcesync.publish;
