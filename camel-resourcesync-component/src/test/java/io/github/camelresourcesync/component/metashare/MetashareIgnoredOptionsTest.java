package io.github.camelresourcesync.component.metashare;

import org.apache.camel.CamelContext;
import org.apache.camel.FailedToCreateRouteException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PropertyBindingSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fetch options the bridge ignores are listed among the component's options (the shared configuration classes),
 * so one set there, as {@code camel.component.resourcesync-metashare.*} would, must be refused, not ignored in silence.
 */
class MetashareIgnoredOptionsTest {

    @ParameterizedTest
    @CsvSource({ "bearerToken,t0ken", "maxRedirects,9", "maxContentSize,1000", "spoolThreshold,1", "spoolDirectory,/tmp" })
    void aComponentDefaultTheBridgeIgnoresIsRefusedAtStartWithTheReason(String option, String value) throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            MetashareComponent component = context.getComponent("resourcesync-metashare", MetashareComponent.class);
            PropertyBindingSupport.build().withMandatory(true).withConfigurer(component.getComponentPropertyConfigurer())
                    .bind(context, component, option, value);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync-metashare:http://127.0.0.1:9/?username=u&password=p").to("log:x");
                }
            });
            Exception e = assertThrows(Exception.class, context::start);
            Throwable cause = e instanceof FailedToCreateRouteException ? e.getCause() : e;
            while (cause != null && !(cause instanceof IllegalArgumentException)) {
                cause = cause.getCause();
            }
            String message = String.valueOf(cause != null ? cause.getMessage() : e.getMessage());
            assertTrue(message.contains("camel.component.resourcesync-metashare." + option) && message.contains("ignores"),
                       message);
            assertTrue(!message.contains("t0ken"), message);
        }
    }
}
