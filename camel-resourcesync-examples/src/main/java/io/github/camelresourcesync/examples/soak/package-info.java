/**
 * The crash soak: a harvesting process killed and restarted again and again, its deliveries checked for loss and
 * duplicates (docs/reliability.md). Uses the component's public API and the testkit.
 */
package io.github.camelresourcesync.examples.soak;
