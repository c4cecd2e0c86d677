/**
 * A user's Spring Boot application taking the starter: routes and properties only, as a user would write them.
 */
package io.github.camelresourcesync.examples.springboot;
