/**
 * The Spring Boot starter: auto-configuration and configuration properties of the five components, generated from
 * the component's Camel metadata (docs/spring-boot.md). Depends on the component's public classes and Camel's and
 * Spring Boot's auto-configuration support only.
 */
package io.github.camelresourcesync.springboot;
