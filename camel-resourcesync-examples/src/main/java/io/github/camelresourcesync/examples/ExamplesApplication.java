package io.github.camelresourcesync.examples;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.examples.demo.DemoSource;
import io.github.camelresourcesync.examples.demo.MetashareDemoNode;
import org.apache.camel.main.Main;

/**
 * Mirrors a ResourceSync Source into a directory and keeps it in sync: a Camel Main application whose route is
 * {@code src/main/resources/camel/mirror.yaml} (or {@link MirrorRouteBuilder} with {@code examples.java-route=true}),
 * configured by {@code application.properties}.
 *
 * <pre>
 * ExamplesApplication                              mirror the bundled demo Source (started on 127.0.0.1)
 * ExamplesApplication https://example.org/         mirror that Source (same as --sync.source-url=...)
 * ExamplesApplication --sync.mirror-dir=/data/x    any property as --key=value
 * ExamplesApplication --audit                      audit the mirror once (re-hashing its files), then exit
 * ExamplesApplication --repair                     audit and repair the mirror once, then exit (see AuditMirror)
 * ExamplesApplication --validate [URL] [--json] [--sample N]
 *                                                  validate a Source (the demo Source without URL), print the
 *                                                  findings and the report; exit 1 on errors (see ValidateCommand)
 * ExamplesApplication --metashare.demo=true        also mirror a demo META-SHARE node (see MetashareDemoLauncher)
 * </pre>
 */
public final class ExamplesApplication {

    /** The property naming the Source to mirror; unset means the demo Source. */
    public static final String SOURCE_URL = "sync.source-url";

    private final Main main = new Main();
    private final DemoSourceLauncher demo = new DemoSourceLauncher();
    private final MetashareDemoLauncher metashareDemo = new MetashareDemoLauncher();
    private final String[] arguments;
    private AuditMirror audit;

    /**
     * @param args a first argument that is not an option is the Source URL; {@code --key=value} sets a property
     *             (taking precedence over {@code application.properties}); the rest go to Camel Main ({@code -d 60},
     *             {@code -pl file:my.properties}, {@code -h}, ...)
     */
    public ExamplesApplication(String... args) {
        List<String> forMain = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if ("--audit".equals(arg) || "--repair".equals(arg)) {
                audit = new AuditMirror(main, "--repair".equals(arg));
                // the demo Source (continued from its saved state) holds still while it is compared
                main.addOverrideProperty("demo.change-interval", "0");
            } else if (i == 0 && !arg.startsWith("-")) {
                main.addOverrideProperty(SOURCE_URL, arg);
            } else if (arg.startsWith("--") && arg.indexOf('=') > 2) {
                // Camel Main has no generic property option; this is the one people expect
                int eq = arg.indexOf('=');
                main.addOverrideProperty(arg.substring(2, eq), arg.substring(eq + 1));
            } else {
                forMain.add(arg);
            }
        }
        this.arguments = forMain.toArray(String[]::new);
        main.configure().addRoutesBuilder(new MirrorRouteBuilder());
        main.addMainListener(demo);
        main.addMainListener(metashareDemo);
        main.addMainListener(new ClusterServiceBinder());
    }

    public static void main(String[] args) throws Exception {
        ValidateCommand validate = ValidateCommand.parse(args);
        int exit = validate != null ? validate.run(System.out) : new ExamplesApplication(args).run();
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** Runs until the JVM is asked to stop (Ctrl-C, SIGTERM) or {@link Main#completed()} is called. */
    public int run() throws Exception {
        try {
            int exit = main.run(arguments);
            return audit != null && exit == 0 ? audit.exitCode() : exit;
        } finally {
            // also when Camel failed to start and never reached its stop listeners
            demo.stop();
            metashareDemo.stop();
        }
    }

    /** The Camel Main, to add properties before {@link #run()} or to stop it. */
    public Main main() {
        return main;
    }

    /** The arguments left for Camel Main after the Source URL and the properties were taken out. */
    String[] arguments() {
        return arguments.clone();
    }

    /** With {@code --audit} or {@code --repair}: the audit and its outcome; else {@code null}. */
    public AuditMirror audit() {
        return audit;
    }

    /** The demo META-SHARE node when it runs ({@code metashare.demo=true}), else {@code null}. */
    public MetashareDemoNode metashareDemoNode() {
        return metashareDemo.node();
    }

    /** The demo Source when it was started (no {@value #SOURCE_URL} given), else {@code null}. */
    public DemoSource demoSource() {
        return demo.source();
    }
}
