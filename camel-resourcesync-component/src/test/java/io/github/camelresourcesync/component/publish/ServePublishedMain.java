package io.github.camelresourcesync.component.publish;

import java.nio.file.Path;

import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;

/**
 * Child JVM of {@link PublishedServingForkedTest}: serves a published Source directory with
 * {@link PublishedSourceRoutes} on {@code 127.0.0.1:<port>/rs/}, prints {@code READY}, and stops when its standard
 * input ends.
 */
public final class ServePublishedMain {

    private ServePublishedMain() {
    }

    public static void main(String[] args) throws Exception {
        Path site = Path.of(args[0]);
        CamelContext context = TestContexts.servingPublishedSource(site.resolveSibling("state"),
                Integer.parseInt(args[1]), site, "/rs");
        context.start();
        System.out.println("READY");
        System.out.flush();
        System.in.transferTo(java.io.OutputStream.nullOutputStream());
        context.stop();
        System.out.println("STOPPED max heap used " + (Runtime.getRuntime().totalMemory() >> 20) + " MB");
    }
}
