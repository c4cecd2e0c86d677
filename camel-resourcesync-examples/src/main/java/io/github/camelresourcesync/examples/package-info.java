/**
 * The examples application (Camel Main): the routes it runs (YAML and Java), the demo Source and META-SHARE node it
 * starts when no Source is given, audit and validate commands. An application of the component: it uses the
 * component's public API (its endpoints, options and constants) and the testkit's servers, never the component's
 * internals or its tests.
 */
package io.github.camelresourcesync.examples;
