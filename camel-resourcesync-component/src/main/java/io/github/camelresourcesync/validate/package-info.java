/**
 * The Source validator: walks a whole ResourceSync Source (discovery routes, Source Description, Capability Lists,
 * lists, indexes, archives, dumps, notification channels) in constant memory and reports every way it departs from
 * the specifications as {@link io.github.camelresourcesync.validate.Finding}s, each with its
 * {@link io.github.camelresourcesync.validate.Rule}, specification section and severity, then a
 * {@link io.github.camelresourcesync.validate.ValidationReport}. Entry point: {@link io.github.camelresourcesync.validate.Validator}.
 * <p>
 * Layer: core. May import: {@code model}, {@code xml}, {@code http}, {@code state}, {@code dump}, {@code harvest}; of
 * Camel, nothing.
 */
package io.github.camelresourcesync.validate;
