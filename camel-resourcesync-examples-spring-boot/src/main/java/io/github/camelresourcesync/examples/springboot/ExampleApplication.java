package io.github.camelresourcesync.examples.springboot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Mirrors a ResourceSync Source into a directory with the route {@code routes/mirror.yaml}, in Spring Boot with the
 * camel-resourcesync starter: configuration in {@code application.properties}, health and meters in Actuator. With no
 * {@code sync.source-url} it mirrors the examples' demo Source ({@link DemoSourceConfiguration}).
 */
@SpringBootApplication
public class ExampleApplication {

    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args);
    }
}
