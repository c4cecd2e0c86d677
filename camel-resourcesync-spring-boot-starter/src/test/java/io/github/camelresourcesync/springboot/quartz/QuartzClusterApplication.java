package io.github.camelresourcesync.springboot.quartz;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.quartz.QuartzComponent;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The Spring Boot recipe of docs/ha.md ("Many Sources on a Quartz cluster", Spring Boot): the starter's JDBC state
 * store on the application's DataSource (properties only), and, because camel-quartz-starter 4.18 is not in the
 * registry this project builds from, plain camel-quartz with the one bean that hands it the Quartz properties file.
 * The route stands for the deployment's route per Source.
 */
@SpringBootApplication
public class QuartzClusterApplication {

    /** The bean of the recipe, as docs/ha.md prints it. */
    @Bean("quartz")
    QuartzComponent quartz(@Value("${sync.quartz-properties}") String propertiesFile) {
        QuartzComponent quartz = new QuartzComponent();
        quartz.setPropertiesFile(propertiesFile);
        return quartz;
    }

    @Bean
    RouteBuilder sourceRoute() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:{{test.source-url}}?scheduler=quartz&scheduler.cron={{test.cron}}"
                     + "&scheduler.triggerId=s-test")
                        .routeId("s-test")
                        .to("resourcesync-mirror:{{test.mirror-dir}}");
            }
        };
    }
}
