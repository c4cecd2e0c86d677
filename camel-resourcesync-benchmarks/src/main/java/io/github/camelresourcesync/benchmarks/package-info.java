/**
 * The benchmark programs (plain main classes, never run by {@code mvn verify}; commands and figures in
 * docs/performance.md). They run the component through real Camel routes against real servers (nginx, or the
 * testkit's), using its public API and the testkit only.
 */
package io.github.camelresourcesync.benchmarks;
