/**
 * The embedded demo Source of the examples application: the bundled sample files published as a live ResourceSync
 * Source on loopback by the testkit's {@code SourceServer}, with a history of changes and a timer that keeps changing
 * it, so the mirror has something to follow, offline; and the META-SHARE demo node.
 */
package io.github.camelresourcesync.examples.demo;
