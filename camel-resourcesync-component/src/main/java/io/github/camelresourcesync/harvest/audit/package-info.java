/**
 * {@code mode=audit}: compares what a destination holds (a directory or the state store) with what the Source lists
 * and reports every difference, without changing any state.
 * <p>
 * Layer: core. May import: {@code harvest}, {@code model}, {@code xml}, {@code http}, {@code state}, {@code dump}; of
 * Camel, nothing.
 */
package io.github.camelresourcesync.harvest.audit;
