/**
 * The embedded demo Source of the examples application: a small ResourceSync Source written to a directory and
 * served by the testkit's {@code SourceServer}, changing on a timer so the mirror has something to follow, offline.
 * Imports the testkit and the JDK only.
 */
package io.github.camelresourcesync.examples.demo;
