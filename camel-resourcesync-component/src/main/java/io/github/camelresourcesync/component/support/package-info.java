/**
 * The base every harvesting scheme shares: component (state store, fetch engine, configuration defaults copied into
 * each endpoint), endpoint, polling consumer (resume-point claim, poll loop), the configuration classes per concern,
 * events on exchanges, and operations (statistics, JMX view, health check, meters, dev console); the transaction of a
 * transacted route ({@code TransactedRoutes}, {@code SpringDeliveryTransaction}: Spring's spring-tx and spring-jdbc,
 * optional dependencies, loaded only for a route transacted by camel-spring).
 * <p>
 * Layer: Camel. May import: every core package, {@code component.telemetry}, {@code resourcesync} (the root package, for its header constants);
 * of Camel, anything.
 */
package io.github.camelresourcesync.component.support;
