package io.github.camelresourcesync.component.support;

/** Whether an optional dependency (Micrometer, camel-telemetry) is on the class path, without loading its classes. */
final class OptionalDependency {

    private OptionalDependency() {
    }

    static boolean present(String className) {
        try {
            Class.forName(className, false, OptionalDependency.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
