package io.github.camelresourcesync.springboot;

import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.beans.BeansException;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

/**
 * Binds a component option that takes an object (a state store, an audit destination) from a bean reference in the
 * properties, {@code #bean:name} or {@code #name}, as the converters of Camel Spring Boot's starters do. The types
 * come from the generated {@code ComponentOptionConverter}.
 */
public abstract class BeanReferenceConverter implements GenericConverter, ApplicationContextAware {

    private final Set<ConvertiblePair> pairs = new LinkedHashSet<>();
    private ApplicationContext applicationContext;

    protected BeanReferenceConverter(Class<?>... types) {
        for (Class<?> type : types) {
            pairs.add(new ConvertiblePair(String.class, type));
        }
    }

    @Override
    public void setApplicationContext(ApplicationContext applicationContext) throws BeansException {
        this.applicationContext = applicationContext;
    }

    @Override
    public Set<ConvertiblePair> getConvertibleTypes() {
        return pairs;
    }

    @Override
    public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
        if (source == null) {
            return null;
        }
        String ref = source.toString().trim();
        if (!ref.startsWith("#")) {
            throw new IllegalArgumentException("'" + ref + "' is not a bean reference: a "
                                               + targetType.getType().getName() + " is given as #bean:name");
        }
        String name = ref.startsWith("#bean:") ? ref.substring("#bean:".length()) : ref.substring(1);
        return applicationContext.getBean(name, targetType.getType());
    }
}
