package io.github.camelresourcesync.component.support;

/**
 * A group of endpoint options ({@code @UriParams}) that the component holds too: the component's values
 * ({@code camel.component.<scheme>.*}) are the defaults every endpoint starts from, as camel-aws2-s3 copies its
 * configuration into each endpoint. A subclass's defaults come from the core options class it maps to.
 *
 * @param <T> the configuration class itself
 */
public abstract class TemplateConfiguration<T extends TemplateConfiguration<T>> implements Cloneable {

    /** A copy: the component's configuration is the template every endpoint starts from. */
    @SuppressWarnings("unchecked")
    public T copy() {
        try {
            return (T) clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }
}
