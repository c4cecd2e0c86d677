package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import io.github.camelresourcesync.validate.ValidateOptions;

import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/** What {@code resourcesync:} with {@code mode=validate} checks beyond the documents. */
@UriParams
public class ValidateConfiguration extends TemplateConfiguration<ValidateConfiguration> {

    @UriParam(label = "consumer,validate", defaultValue = "" + ValidateOptions.DEFAULT_SAMPLE,
              description = """
                  With `mode=validate`: how many listed resources (a uniform sample of the resources of the Resource \
                  Lists, Change Lists and dump manifests, each checked against its latest description) are fetched \
                  to check that they answer, have the listed length and hashes, and carry `Last-Modified` or `ETag`; \
                  0 checks no content. A tenth as many dump packages (at least one) are downloaded and checked whole \
                  (see docs/validate.md).""")
    private int sample = ValidateOptions.DEFAULT_SAMPLE;

    ValidateOptions applyTo(ValidateOptions options) {
        return options.sample(sample);
    }

    public int getSample() {
        return sample;
    }

    public void setSample(int sample) {
        this.sample = sample;
    }
}
